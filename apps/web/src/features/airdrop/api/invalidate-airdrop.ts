import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { airdropKeys } from "./airdrop-keys";

/** After a change to one airdrop: its detail, participants and claim, and the lists it appears in. */
export function invalidateAirdrop(queryClient: QueryClient, id: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: airdropKeys.airdrop(id) }),
    queryClient.invalidateQueries({ queryKey: airdropKeys.lists() }),
  ]);
}

export function useInvalidateAirdrop(id: number | undefined) {
  const queryClient = useQueryClient();
  return useCallback(
    () => (id === undefined ? Promise.resolve() : invalidateAirdrop(queryClient, id).then(() => {})),
    [queryClient, id],
  );
}
