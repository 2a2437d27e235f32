import { queryOptions, useQuery } from "@tanstack/react-query";
import { missionSchemas, missionsQueryKey, missionsRequest } from "./request";

/** GET /achievement: the platform's achievement missions, each with the caller's state. */
export function getAchievementMissions(signal?: AbortSignal) {
  return missionsRequest(
    "/achievement",
    () => missionSchemas().then((module) => module.campaignMissionsSchema),
    {
      ...(signal ? { signal } : {}),
    },
  );
}

/** Keyed by who is asking: the states differ per wallet. */
export function achievementMissionsQueryOptions(viewer: string | undefined) {
  return queryOptions({
    queryKey: [...missionsQueryKey, "achievement", viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getAchievementMissions(signal),
    staleTime: 15_000,
    retry: false,
  });
}

export function useAchievementMissions(viewer: string | undefined) {
  return useQuery(achievementMissionsQueryOptions(viewer));
}
