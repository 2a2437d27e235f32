import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client";
import { useSession } from "../../auth";

const wire = () => import("./wire-schemas");

/** GET /api/bounty/admin/me: whether the signed-in wallet is a platform administrator. */
export function getAdminStatus({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest("/admin/me", () => wire().then((schemas) => schemas.adminStatusSchema), {
    base: "bounty",
    ...(signal ? { signal } : {}),
  });
}

export function adminStatusQueryOptions(token: string | undefined) {
  return queryOptions({
    queryKey: ["admin", "status", token ?? "anonymous"],
    queryFn: ({ signal }) => getAdminStatus({ signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether to show administrator screens. Only a hint for the interface: every administrator route checks the
 * wallet on the server.
 */
export function useIsAdmin(): boolean {
  const token = useSession((state) => state.userToken);
  return useQuery(adminStatusQueryOptions(token)).data?.isAdmin === true;
}
