import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { wheelQueryKey, wheelRequest, wheelSchemas } from "./request";

export type WheelListQuery = {
  filter: "all" | "mine";
  /** A partner activity's slug: only that partner's games. */
  partner?: string | undefined;
  page: number;
  pageSize: number;
  /** Whose `mine` list it is: the signed-in wallet keys the cache so a switch refetches. */
  viewer?: string | undefined;
};

export function getWheelGames(query: WheelListQuery, signal?: AbortSignal) {
  return wheelRequest("/games", () => wheelSchemas().then((module) => module.wheelGameListSchema), {
    query: { filter: query.filter, partner: query.partner, page: query.page, pageSize: query.pageSize },
    ...(signal ? { signal } : {}),
  });
}

export function getWheelGame(id: number, signal?: AbortSignal) {
  return wheelRequest(`/games/${id}`, () => wheelSchemas().then((module) => module.wheelGameDetailSchema), {
    ...(signal ? { signal } : {}),
  });
}

export function wheelGamesQueryOptions(query: WheelListQuery) {
  return queryOptions({
    queryKey: [
      ...wheelQueryKey,
      "games",
      query.filter,
      query.filter === "all" ? "public" : (query.viewer ?? "anonymous"),
      query.partner ?? "any",
      query.page,
      query.pageSize,
    ] as const,
    queryFn: ({ signal }) => getWheelGames(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useWheelGames(query: WheelListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...wheelGamesQueryOptions(query), enabled: options.enabled ?? true });
}

/** One game: status, prizes (with how many were won), the salt hash, and the salt once it is over. */
export function wheelGameQueryOptions(id: number, viewer: string | undefined) {
  return queryOptions({
    queryKey: [...wheelQueryKey, "game", id, viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getWheelGame(id, signal),
    staleTime: 5_000,
    retry: false,
  });
}

export function useWheelGame(id: number, viewer: string | undefined) {
  return useQuery(wheelGameQueryOptions(id, viewer));
}
