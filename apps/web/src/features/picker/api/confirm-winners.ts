import { useMutation } from "@tanstack/react-query";
import { doneSchema } from "./done-schema";
import { useInvalidatePicker } from "./invalidate-picker";
import { pickerRequest } from "./request";

/** Confirms the chosen winners (the rest become substitutes) and opens info collection. */
export function confirmWinners(id: number, xUserIds: readonly string[]): Promise<{ done: true }> {
  return pickerRequest(`/${id}/confirm`, doneSchema, { method: "POST", body: { xUserIds } });
}

export function useConfirmWinners(id: number) {
  const invalidate = useInvalidatePicker(id);
  return useMutation({
    mutationFn: (xUserIds: readonly string[]) => confirmWinners(id, xUserIds),
    onSettled: invalidate,
  });
}
