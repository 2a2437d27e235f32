import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client";
import { authQueryKey } from "./refresh-login-status";

const wire = () => import("./wire-schemas");

/** GET /api/reg/socialmedia/LoginStatus: which social accounts the signed-in wallet has bound. */
export function getLoginStatus({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest("/socialmedia/LoginStatus", () => wire().then((schemas) => schemas.loginStatusSchema), {
    base: "reg",
    ...(signal ? { signal } : {}),
  });
}

export function loginStatusQueryOptions(token: string | undefined) {
  return queryOptions({
    queryKey: [...authQueryKey, "login-status", token ?? "anonymous"],
    queryFn: ({ signal }) => getLoginStatus({ signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export function useLoginStatus(token: string | undefined) {
  return useQuery(loginStatusQueryOptions(token));
}
