import { type PickerDetail, pickerDetailSchema } from "@dropfair/schemas/picker";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { paymentRequest } from "./request";

/** `GET /api/bounty/picker/:id`: the picker being paid (its seed makes the payment reference). */
export function getPaymentPicker(pickerId: number, signal?: AbortSignal): Promise<PickerDetail> {
  return paymentRequest(`/${pickerId}`, pickerDetailSchema, signal ? { signal } : {});
}

export function paymentPickerQueryOptions(pickerId: number) {
  return queryOptions({
    queryKey: ["picker-payments", pickerId, "picker"] as const,
    queryFn: ({ signal }) => getPaymentPicker(pickerId, signal),
  });
}

export function usePaymentPicker(pickerId: number, enabled: boolean) {
  return useQuery({ ...paymentPickerQueryOptions(pickerId), enabled });
}
