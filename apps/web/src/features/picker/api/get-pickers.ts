import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { pickerKeys } from "./picker-keys";
import { pickerRequest, pickerSchemas } from "./request";

export type PickerList = z.infer<Awaited<ReturnType<typeof pickerSchemas>>["pickerListSchema"]>;
export type PickerListQuery = {
  page: number;
  size: number;
  /** The signed-in X account's own and helped pickers; its id keys the cache so a switch refetches. */
  mineFor?: string | undefined;
};

export function getPickers(query: PickerListQuery, signal?: AbortSignal): Promise<PickerList> {
  return pickerRequest("", () => pickerSchemas().then((module) => module.pickerListSchema), {
    query: { page: query.page, size: query.size, mine: query.mineFor ? 1 : undefined },
    ...(signal ? { signal } : {}),
  });
}

export function pickersQueryOptions(query: PickerListQuery) {
  return queryOptions({
    queryKey: [...pickerKeys.lists(), query.mineFor ?? "public", query.page, query.size] as const,
    queryFn: ({ signal }) => getPickers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function usePickers(query: PickerListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...pickersQueryOptions(query), enabled: options.enabled ?? true });
}
