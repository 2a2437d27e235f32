import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSession } from "../../auth";
import { pointsQueryKey, pointsRequest, wire } from "./request";

export const historyPageSize = 10;

/** `GET /api/bounty/points/me/history`: the signed-in wallet's ledger rows, newest first. */
export function getPointsHistory(page: number, signal?: AbortSignal) {
  return pointsRequest("/me/history", () => wire().then((schemas) => schemas.pointsHistoryPageSchema), {
    query: { page, pageSize: historyPageSize },
    ...(signal ? { signal } : {}),
  });
}

export function usePointsHistory(page: number) {
  const token = useSession((state) => state.userToken);
  return useQuery({
    queryKey: [...pointsQueryKey, "history", token ?? "anonymous", page] as const,
    queryFn: ({ signal }) => getPointsHistory(page, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
