import { useMutation } from "@tanstack/react-query";
import { useInvalidatePicker } from "./invalidate-picker";
import { pickerRequest } from "./request";

export type BanInput = { username: string; reason: string };

/** Bans an X account from the owner's pickers with a black reason (a helper's ban lands on the owner's list). */
export function banParticipant(id: number, input: BanInput): Promise<{ xUserId: string; username: string }> {
  return pickerRequest(
    `/${id}/bans`,
    () => import("zod").then(({ z }) => z.object({ xUserId: z.string(), username: z.string() })),
    { method: "POST", body: input },
  );
}

export function useBanParticipant(id: number) {
  const invalidate = useInvalidatePicker(id);
  return useMutation({ mutationFn: (input: BanInput) => banParticipant(id, input), onSuccess: invalidate });
}
