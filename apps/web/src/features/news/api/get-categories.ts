import { queryOptions, useQuery } from "@tanstack/react-query";
import { newsKeys } from "./news-keys";
import { newsRequest, newsSchemas } from "./request";

/** GET /categories: the categories this deployment files entries under. */
export function getCategories(signal?: AbortSignal) {
  return newsRequest("/categories", () => newsSchemas().then((module) => module.dropCategoriesSchema), {
    ...(signal ? { signal } : {}),
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: newsKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions()).data?.categories;
}
