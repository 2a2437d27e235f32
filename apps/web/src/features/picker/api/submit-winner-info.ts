import { useMutation } from "@tanstack/react-query";
import { useInvalidatePicker } from "./invalidate-picker";
import { pickerRequest } from "./request";

/** A winner or substitute, signed in with X, submits the collected info (address or custom text). */
export function submitWinnerInfo(id: number, info: string): Promise<{ info: string }> {
  return pickerRequest(`/${id}/info`, () => import("zod").then(({ z }) => z.object({ info: z.string() })), {
    method: "PUT",
    body: { info },
  });
}

export function useSubmitWinnerInfo(id: number) {
  const invalidate = useInvalidatePicker(id);
  return useMutation({ mutationFn: (info: string) => submitWinnerInfo(id, info), onSuccess: invalidate });
}
