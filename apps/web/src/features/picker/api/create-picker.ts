import type { CreatePickerBody, PickerDetail } from "@dropfair/schemas/picker";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { pickerKeys } from "./picker-keys";
import { pickerRequest, pickerSchemas } from "./request";

export function createPicker(body: CreatePickerBody): Promise<PickerDetail> {
  return pickerRequest("", () => pickerSchemas().then((module) => module.pickerDetailSchema), {
    method: "POST",
    body,
  });
}

export function useCreatePicker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPicker,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pickerKeys.lists() }),
  });
}
