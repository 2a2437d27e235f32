import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateAirdrop } from "./invalidate-airdrop";

/** A call answering the airdrop's new detail: the airdrop, its list and claims, and the lists refresh. */
export function useDetailMutation<Variables>(run: (variables: Variables) => Promise<AirdropDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (detail) => invalidateAirdrop(queryClient, detail.id),
  });
}
