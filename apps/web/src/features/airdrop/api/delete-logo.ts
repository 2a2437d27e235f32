import { useMutation, useQueryClient } from "@tanstack/react-query";
import { anySchema } from "./any-schema";
import { invalidateAirdrop } from "./invalidate-airdrop";
import { airdropRequest } from "./request";

/** DELETE /:id/logo. */
export function deleteLogo(id: number): Promise<unknown> {
  return airdropRequest(`/${id}/logo`, anySchema, { method: "DELETE" });
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: (_result, airdropId) => invalidateAirdrop(queryClient, airdropId),
  });
}
