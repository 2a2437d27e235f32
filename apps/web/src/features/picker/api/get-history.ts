import type { PickerDraw } from "@dropfair/schemas/picker";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { pickerKeys } from "./picker-keys";
import { pickerRequest, pickerSchemas } from "./request";

export function getHistory(id: number, signal?: AbortSignal): Promise<PickerDraw[]> {
  return pickerRequest(
    `/${id}/history`,
    () => pickerSchemas().then((module) => module.pickerDrawSchema.array()),
    { ...(signal ? { signal } : {}) },
  );
}

export function historyQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...pickerKeys.picker(id), "history"] as const,
    queryFn: ({ signal }) => getHistory(id, signal),
  });
}

export function useHistory(id: number) {
  return useQuery(historyQueryOptions(id));
}
