import { useMutation } from "@tanstack/react-query";
import { doneSchema } from "./done-schema";
import { useInvalidatePicker } from "./invalidate-picker";
import { pickerRequest } from "./request";

/** The owner's step endpoints: close info collection, finish without an on-chain payment, cancel. */
export type PickerStep = "complete-collect" | "finish" | "cancel";

export function advancePicker(id: number, step: PickerStep): Promise<{ done: true }> {
  return pickerRequest(`/${id}/${step}`, doneSchema, { method: "POST" });
}

export function useAdvancePicker(id: number) {
  const invalidate = useInvalidatePicker(id);
  return useMutation({ mutationFn: (step: PickerStep) => advancePicker(id, step), onSettled: invalidate });
}
