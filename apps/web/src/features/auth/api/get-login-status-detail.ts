import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client";
import { authQueryKey } from "./refresh-login-status";

const wire = () => import("./wire-schemas");

/** GET /api/reg/socialmedia/LoginStatusDetail: Twitter and Discord details, each null when not bound. */
export function getLoginStatusDetail({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(
    "/socialmedia/LoginStatusDetail",
    () => wire().then((schemas) => schemas.loginStatusDetailSchema),
    { base: "reg", ...(signal ? { signal } : {}) },
  );
}

export function loginStatusDetailQueryOptions(token: string | undefined) {
  return queryOptions({
    queryKey: [...authQueryKey, "login-status-detail", token ?? "anonymous"],
    queryFn: ({ signal }) => getLoginStatusDetail({ signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export function useLoginStatusDetail(token: string | undefined) {
  return useQuery(loginStatusDetailQueryOptions(token));
}
