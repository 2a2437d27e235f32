import { queryOptions, useQuery } from "@tanstack/react-query";
import { badgeSchemas, badgesQueryKey, badgesRequest } from "./request";

/** GET /drops: badges open for minting now, the soonest to close first. */
export function getDrops(signal?: AbortSignal) {
  return badgesRequest("/drops", () => badgeSchemas().then((module) => module.dropSchema.array()), {
    ...(signal ? { signal } : {}),
  });
}

export function dropsQueryOptions() {
  return queryOptions({
    queryKey: [...badgesQueryKey, "drops"] as const,
    queryFn: ({ signal }) => getDrops(signal),
    staleTime: 30_000,
    retry: false,
  });
}

export function useDrops() {
  return useQuery(dropsQueryOptions());
}
