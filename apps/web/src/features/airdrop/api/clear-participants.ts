import { useMutation, useQueryClient } from "@tanstack/react-query";
import { anySchema } from "./any-schema";
import { invalidateAirdrop } from "./invalidate-airdrop";
import { airdropRequest } from "./request";

/** DELETE /:id/participants: empties the list (an account-type change). */
export function clearParticipants(id: number): Promise<unknown> {
  return airdropRequest(`/${id}/participants`, anySchema, { method: "DELETE" });
}

export function useClearParticipants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearParticipants,
    onSuccess: (_result, airdropId) => invalidateAirdrop(queryClient, airdropId),
  });
}
