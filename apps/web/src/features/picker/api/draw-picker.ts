import type { PickerDraw } from "@dropfair/schemas/picker";
import { useMutation } from "@tanstack/react-query";
import { useInvalidatePicker } from "./invalidate-picker";
import { pickerRequest, pickerSchemas } from "./request";

/** Commits the eligible list and draws with the next block (the first, second or nth draw). */
export function drawPicker(id: number): Promise<PickerDraw> {
  return pickerRequest(`/${id}/draw`, () => pickerSchemas().then((module) => module.pickerDrawSchema), {
    method: "POST",
  });
}

export function useDrawPicker(id: number) {
  const invalidate = useInvalidatePicker(id);
  return useMutation({ mutationFn: () => drawPicker(id), onSettled: invalidate });
}
