import type { Participant, PickerDetail } from "@dropfair/schemas/picker";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { isPickerBusy } from "../model/status";
import { pickerKeys } from "./picker-keys";
import { pickerRequest, pickerSchemas } from "./request";

/** How often a picker whose pipeline runs or whose draw waits for its block is refreshed. */
export const livePollMs = 1_500;

/** The detail with the viewer's own entry parsed (the wire leaves it open): winners see their win form. */
export type PickerView = Omit<PickerDetail, "viewer"> & {
  viewer: Omit<PickerDetail["viewer"], "entry"> & { entry: Participant | null };
};

const pickerViewSchema = () =>
  pickerSchemas().then(({ pickerDetailSchema, participantSchema }) =>
    pickerDetailSchema.extend({
      viewer: pickerDetailSchema.shape.viewer.extend({ entry: participantSchema.nullable().catch(null) }),
    }),
  );

export function getPicker(id: number, signal?: AbortSignal): Promise<PickerView> {
  return pickerRequest(`/${id}`, pickerViewSchema, { ...(signal ? { signal } : {}) });
}

/** `viewer` keys the cache: the detail carries the viewer's role and entry. */
export function pickerQueryOptions(id: number, viewer?: string) {
  return queryOptions({
    queryKey: [...pickerKeys.picker(id), "detail", viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getPicker(id, signal),
    staleTime: 5_000,
    // Poll while the pipeline works or a draw waits for its block; stop once settled.
    refetchInterval: (query) => (query.state.data && isPickerBusy(query.state.data) ? livePollMs : false),
  });
}

export function usePicker(id: number, viewer?: string) {
  return useQuery(pickerQueryOptions(id, viewer));
}
