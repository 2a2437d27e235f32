import type { CreateAirdropBody } from "@dropfair/schemas/airdrop";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createAirdrop } from "./create-airdrop";
import { invalidateAirdrop } from "./invalidate-airdrop";
import { updateAirdrop } from "./update-airdrop";

/** The wizard's save: creates the draft (no id yet) or patches it; the airdrop and the lists refresh. */
export function useSaveAirdrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | undefined; body: CreateAirdropBody }) =>
      id === undefined ? createAirdrop(body) : updateAirdrop(id, body),
    onSuccess: (detail) => invalidateAirdrop(queryClient, detail.id),
  });
}
