import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client";
import { useSession } from "../../auth";

const wire = () => import("./wire-schemas");

export const auditPageSize = 50;

/** GET /api/bounty/admin/actions: the administrators' audit trail, newest first, one page per cursor. */
export function getAuditTrail(options: {
  cursor?: string | undefined;
  action?: string | undefined;
  signal?: AbortSignal;
}) {
  return apiRequest("/admin/actions", () => wire().then((schemas) => schemas.adminActionsPageSchema), {
    base: "bounty",
    query: {
      pageSize: auditPageSize,
      ...(options.cursor ? { cursor: options.cursor } : {}),
      ...(options.action ? { action: options.action } : {}),
    },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** The audit trail, page after page; `action` narrows it to one action or a `<module>.` prefix. */
export function useAuditTrail(action: string | undefined, enabled: boolean) {
  const token = useSession((state) => state.userToken);
  return useInfiniteQuery({
    queryKey: ["admin", "actions", token ?? "anonymous", action ?? ""],
    queryFn: ({ pageParam, signal }) => getAuditTrail({ cursor: pageParam, action, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled: enabled && Boolean(token),
  });
}
