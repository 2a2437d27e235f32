import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSession } from "../../auth";
import { pointsQueryKey, pointsRequest, wire } from "./request";

export const grantsPageSize = 20;

/** `GET /api/bounty/points/admin/grants` (administrators): grants and revocations, newest first. */
export function getPointsGrants(page: number, signal?: AbortSignal) {
  return pointsRequest("/admin/grants", () => wire().then((schemas) => schemas.pointsGrantsPageSchema), {
    query: { page, pageSize: grantsPageSize },
    ...(signal ? { signal } : {}),
  });
}

/** One page of the administrators' grants; asks nothing unless `enabled` (the wallet is an administrator). */
export function usePointsGrants(page: number, enabled: boolean) {
  const token = useSession((state) => state.userToken);
  return useQuery({
    queryKey: [...pointsQueryKey, "grants", token ?? "anonymous", page] as const,
    queryFn: ({ signal }) => getPointsGrants(page, signal),
    enabled: enabled && Boolean(token),
    placeholderData: keepPreviousData,
  });
}
