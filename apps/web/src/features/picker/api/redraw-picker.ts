import type { PickerDraw } from "@dropfair/schemas/picker";
import { useMutation } from "@tanstack/react-query";
import { useInvalidatePicker } from "./invalidate-picker";
import { pickerRequest, pickerSchemas } from "./request";

/** Draws again with a new commitment and block; the reason is published in the history. */
export function redrawPicker(id: number, reason: string): Promise<PickerDraw> {
  return pickerRequest(`/${id}/redraw`, () => pickerSchemas().then((module) => module.pickerDrawSchema), {
    method: "POST",
    body: { reason },
  });
}

export function useRedrawPicker(id: number) {
  const invalidate = useInvalidatePicker(id);
  return useMutation({ mutationFn: (reason: string) => redrawPicker(id, reason), onSettled: invalidate });
}
