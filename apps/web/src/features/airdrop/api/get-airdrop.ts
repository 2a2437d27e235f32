import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { chainClockPollMs, waitsForChainClock } from "../model/chain-clock-wait";
import { airdropKeys } from "./airdrop-keys";
import { airdropRequest, airdropSchemas } from "./request";

export function getAirdrop(id: number, signal?: AbortSignal): Promise<AirdropDetail> {
  return airdropRequest(`/${id}`, () => airdropSchemas().then((module) => module.airdropDetailSchema), {
    ...(signal ? { signal } : {}),
  });
}

/** `viewer` (the signed-in wallet) keys the cache: `isCreator` and `editable` depend on who asks. */
export function airdropQueryOptions(id: number, viewer?: string) {
  return queryOptions({
    queryKey: [...airdropKeys.airdrop(id), viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => getAirdrop(id, signal),
    staleTime: 5_000,
    // A claim or refund the chain's clock has not opened yet opens without the page: ask until it does.
    refetchInterval: (query) =>
      query.state.data && waitsForChainClock(query.state.data) ? chainClockPollMs : false,
  });
}

export function useAirdrop(id: number | undefined, viewer?: string) {
  return useQuery({ ...airdropQueryOptions(id ?? 0, viewer), enabled: id !== undefined });
}
