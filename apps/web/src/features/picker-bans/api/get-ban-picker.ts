import { type PickerDetail, pickerDetailSchema } from "@dropfair/schemas/picker";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { banRequest } from "./request";

/**
 * `GET /api/bounty/picker/:id`: the picker whose owner's list this is, and the viewer's role on it (owner and
 * admins may change the list). typeCode 10 renders the 404 page.
 */
export function getBanPicker(pickerId: number, signal?: AbortSignal): Promise<PickerDetail> {
  return banRequest(`/${pickerId}`, pickerDetailSchema, signal ? { signal } : {});
}

export function banPickerQueryOptions(pickerId: number) {
  return queryOptions({
    queryKey: ["picker-bans", pickerId, "picker"] as const,
    queryFn: ({ signal }) => getBanPicker(pickerId, signal),
    staleTime: 30_000,
  });
}

export function useBanPicker(pickerId: number) {
  return useQuery(banPickerQueryOptions(pickerId));
}
