import { queryOptions, useQuery } from "@tanstack/react-query";
import { badgeSchemas, badgesQueryKey, badgesRequest } from "./request";

/** GET /badges/:id: one badge with the caller's progress and mint state. */
export function getBadge(id: number, signal?: AbortSignal) {
  return badgesRequest(`/badges/${id}`, () => badgeSchemas().then((module) => module.badgeDetailSchema), {
    ...(signal ? { signal } : {}),
  });
}

export function badgeQueryOptions(id: number, viewer: string | undefined) {
  return queryOptions({
    queryKey: [...badgesQueryKey, "badge", id, viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getBadge(id, signal),
    staleTime: 10_000,
    retry: false,
  });
}

export function useBadge(id: number, viewer: string | undefined) {
  return useQuery(badgeQueryOptions(id, viewer));
}
