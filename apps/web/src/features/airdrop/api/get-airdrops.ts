import type { AirdropSummary } from "@dropfair/schemas/airdrop";
import type { AirdropListFilter } from "@dropfair/schemas/codes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { airdropKeys } from "./airdrop-keys";
import { airdropRequest, airdropSchemas } from "./request";

export type { AirdropListFilter };
export type AirdropListQuery = {
  filter: AirdropListFilter;
  status?: number | undefined;
  page: number;
  pageSize: number;
  /** Whose list `mine` and `wins` are: the signed-in wallet keys the cache so a switch refetches. */
  viewer?: string | undefined;
};
export type AirdropList = { items: AirdropSummary[]; total: number };

export function getAirdrops(query: AirdropListQuery, signal?: AbortSignal): Promise<AirdropList> {
  return airdropRequest("", () => airdropSchemas().then((module) => module.airdropListSchema), {
    query: { filter: query.filter, status: query.status, page: query.page, pageSize: query.pageSize },
    ...(signal ? { signal } : {}),
  });
}

export function airdropsQueryOptions(query: AirdropListQuery) {
  return queryOptions({
    queryKey: [
      ...airdropKeys.lists(),
      query.filter,
      query.filter === "all" ? "public" : (query.viewer ?? "anonymous"),
      query.status ?? "any",
      query.page,
      query.pageSize,
    ] as const,
    queryFn: ({ signal }) => getAirdrops(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useAirdrops(query: AirdropListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...airdropsQueryOptions(query), enabled: options.enabled ?? true });
}
