import type { AirdropClaim } from "@dropfair/schemas/airdrop";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { airdropKeys } from "./airdrop-keys";
import { airdropRequest, airdropSchemas } from "./request";

/**
 * What `account` (wallet lists; the signed-in wallet by default) may claim, with its proof; for social lists
 * the API answers for the signed-in X account with a voucher paying the signed-in wallet.
 */
export function getClaim(
  id: number,
  account: string | undefined,
  signal?: AbortSignal,
): Promise<AirdropClaim> {
  return airdropRequest(`/${id}/claim`, () => airdropSchemas().then((module) => module.airdropClaimSchema), {
    query: { account },
    ...(signal ? { signal } : {}),
  });
}

/** `identity` keys the cache by who asks (wallet and X account), so a sign-in refetches. */
export function claimQueryOptions(id: number, account: string | undefined, identity: string) {
  return queryOptions({
    queryKey: [...airdropKeys.claim(id), account ?? "", identity] as const,
    queryFn: ({ signal }) => getClaim(id, account, signal),
    staleTime: 5_000,
    retry: false,
  });
}

export function useClaim(id: number, account: string | undefined, identity: string, enabled: boolean) {
  return useQuery({ ...claimQueryOptions(id, account, identity), enabled });
}
