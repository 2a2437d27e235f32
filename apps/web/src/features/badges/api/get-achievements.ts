import { queryOptions, useQuery } from "@tanstack/react-query";
import { badgeSchemas, badgesQueryKey, badgesRequest } from "./request";

/** GET /achievements: EP, level, counts and every badge (of one programme) with the caller's state. */
export function getAchievements(programme: string | undefined, signal?: AbortSignal) {
  return badgesRequest("/achievements", () => badgeSchemas().then((module) => module.achievementsSchema), {
    query: { programme },
    ...(signal ? { signal } : {}),
  });
}

/** Keyed by who is asking: states differ per wallet. */
export function achievementsQueryOptions(viewer: string | undefined, programme?: string) {
  return queryOptions({
    queryKey: [...badgesQueryKey, "achievements", programme ?? "all", viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getAchievements(programme, signal),
    staleTime: 10_000,
    retry: false,
  });
}

export function useAchievements(viewer: string | undefined, programme?: string) {
  return useQuery(achievementsQueryOptions(viewer, programme));
}
