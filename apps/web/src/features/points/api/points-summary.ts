import { queryOptions, useQuery } from "@tanstack/react-query";
import { useSession } from "../../auth";
import { pointsQueryKey, pointsRequest, wire } from "./request";

/** `GET /api/bounty/points/me`: the signed-in wallet's balance, level and progress. */
export function getPointsSummary(signal?: AbortSignal) {
  return pointsRequest("/me", () => wire().then((schemas) => schemas.pointsSummarySchema), {
    ...(signal ? { signal } : {}),
  });
}

export function pointsSummaryQueryOptions(token: string | undefined) {
  return queryOptions({
    queryKey: [...pointsQueryKey, "me", token ?? "anonymous"] as const,
    queryFn: ({ signal }) => getPointsSummary(signal),
    enabled: Boolean(token),
    staleTime: 30_000,
  });
}

/** The signed-in wallet's points; idle while signed out. */
export function usePointsSummary() {
  const token = useSession((state) => state.userToken);
  return useQuery(pointsSummaryQueryOptions(token));
}
