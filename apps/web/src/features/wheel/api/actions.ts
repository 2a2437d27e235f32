import { wheelRequest, wheelSchemas } from "./request";

/** POST /games/:id/spins: a spin voucher (spends a ticket; asking again gets the same nonce). */
export function requestSpinVoucher(gameId: number) {
  return wheelRequest(
    `/games/${gameId}/spins`,
    () => wheelSchemas().then((module) => module.wheelSpinVoucherSchema),
    { method: "POST" },
  );
}

/** Reports the mined spin transaction so the recorder picks it up at once. */
export function reportSpin(gameId: number, spinId: number, txHash: string) {
  return wheelRequest(
    `/games/${gameId}/spins/${spinId}/transaction`,
    () => wheelSchemas().then((module) => module.wheelSpinSchema),
    { method: "POST", body: { txHash } },
  );
}

/** One of the wallet's spins: its lottery stage and, once recorded, where it landed. */
export function getSpin(gameId: number, spinId: number) {
  return wheelRequest(`/games/${gameId}/spins/${spinId}`, () =>
    wheelSchemas().then((module) => module.wheelSpinSchema),
  );
}

/** POST /games/:id/prizes/:prizeId/claim: an AirdropDistributor voucher for the wallet's unclaimed wins. */
export function requestClaimVoucher(gameId: number, prizeId: string) {
  return wheelRequest(
    `/games/${gameId}/prizes/${prizeId}/claim`,
    () => wheelSchemas().then((module) => module.wheelClaimVoucherSchema),
    { method: "POST" },
  );
}

/** Reports the claim transaction; its Claimed event settles the claim. */
export function reportClaim(gameId: number, claimId: number, txHash: string) {
  return wheelRequest(
    `/games/${gameId}/claims/${claimId}/transaction`,
    () => wheelSchemas().then((module) => module.wheelClaimsSchema),
    { method: "POST", body: { txHash } },
  );
}

/** Names the distributor campaign that funds a token or NFT prize; the API checks it on chain. */
export function fundPrize(gameId: number, prizeId: string, campaignId: bigint) {
  return wheelRequest(
    `/games/${gameId}/prizes/${prizeId}/funding`,
    () => wheelSchemas().then((module) => module.wheelGameDetailSchema),
    { method: "POST", body: { campaignId: campaignId.toString() } },
  );
}
