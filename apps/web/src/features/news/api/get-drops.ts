import type { DropList } from "@dropfair/schemas/news";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { DropsFilters } from "../model/filters";
import { newsKeys } from "./news-keys";
import { newsRequest, newsSchemas } from "./request";

export type DropsQuery = DropsFilters & { pageSize: number };

/** GET /drops: published entries and Dropfair's own campaigns, filtered and paged. */
export function getDrops(query: DropsQuery, signal?: AbortSignal): Promise<DropList> {
  return newsRequest("/drops", () => newsSchemas().then((module) => module.dropListSchema), {
    query: {
      category: query.category,
      status: query.status,
      days: query.days,
      keyword: query.keyword || undefined,
      page: query.page,
      pageSize: query.pageSize,
    },
    ...(signal ? { signal } : {}),
  });
}

export function dropsQueryOptions(query: DropsQuery) {
  return queryOptions({
    queryKey: [
      ...newsKeys.drops(),
      query.category ?? "any",
      query.status ?? "any",
      query.days ?? "any",
      query.keyword,
      query.page,
      query.pageSize,
    ] as const,
    queryFn: ({ signal }) => getDrops(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useDrops(query: DropsQuery) {
  return useQuery(dropsQueryOptions(query));
}
