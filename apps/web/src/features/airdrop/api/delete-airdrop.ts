import { useMutation, useQueryClient } from "@tanstack/react-query";
import { airdropKeys } from "./airdrop-keys";
import { anySchema } from "./any-schema";
import { airdropRequest } from "./request";

export function deleteAirdrop(id: number): Promise<unknown> {
  return airdropRequest(`/${id}`, anySchema, { method: "DELETE" });
}

export function useDeleteAirdrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAirdrop,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: airdropKeys.airdrop(id) });
      return queryClient.invalidateQueries({ queryKey: airdropKeys.lists() });
    },
  });
}
