import { useMutation } from "@tanstack/react-query";
import { useInvalidatePicker } from "./invalidate-picker";
import { pickerRequest } from "./request";

export type ReplaceWinnerInput = { xUserId: string; reason: string };
export type ReplaceWinnerResult = { replaced: string; replacement: string };

/** Rejects one winner with a public reason; the best-ranked substitute takes the place. */
export function replaceWinner(id: number, input: ReplaceWinnerInput): Promise<ReplaceWinnerResult> {
  return pickerRequest(
    `/${id}/replace`,
    () => import("zod").then(({ z }) => z.object({ replaced: z.string(), replacement: z.string() })),
    { method: "POST", body: input },
  );
}

export function useReplaceWinner(id: number) {
  const invalidate = useInvalidatePicker(id);
  return useMutation({
    mutationFn: (input: ReplaceWinnerInput) => replaceWinner(id, input),
    onSettled: invalidate,
  });
}
