import type { NewsEntry } from "@dropfair/schemas/news";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { newsKeys } from "./news-keys";
import { newsRequest, newsSchemas } from "./request";

export type AdminEntryList = { items: NewsEntry[]; total: number };

/** GET /admin/entries: every entry, published or not (administrators). */
export function getAdminEntries(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AdminEntryList> {
  return newsRequest("/admin/entries", () => newsSchemas().then((module) => module.newsEntryListSchema), {
    query: { page, pageSize },
    ...(signal ? { signal } : {}),
  });
}

export function adminEntriesQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...newsKeys.adminEntries(), page, pageSize] as const,
    queryFn: ({ signal }) => getAdminEntries(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminEntries(page: number, pageSize: number, enabled: boolean) {
  return useQuery({ ...adminEntriesQueryOptions(page, pageSize), enabled });
}
