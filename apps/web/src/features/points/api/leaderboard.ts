import { useQuery } from "@tanstack/react-query";
import { useSession } from "../../auth";
import { pointsQueryKey, pointsRequest, wire } from "./request";

export const leaderboardSize = 100;

/** `GET /api/bounty/points/leaderboard`: the top balances, and the caller's own rank when signed in. */
export function getLeaderboard(limit: number, signal?: AbortSignal) {
  return pointsRequest("/leaderboard", () => wire().then((schemas) => schemas.leaderboardSchema), {
    query: { limit },
    ...(signal ? { signal } : {}),
  });
}

export function useLeaderboard(limit = leaderboardSize) {
  const token = useSession((state) => state.userToken);
  return useQuery({
    queryKey: [...pointsQueryKey, "leaderboard", token ?? "anonymous", limit] as const,
    queryFn: ({ signal }) => getLeaderboard(limit, signal),
    staleTime: 30_000,
  });
}
