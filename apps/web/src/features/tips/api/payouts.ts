import type { MissionCreateBody } from "@dropfair/schemas/missions";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { tipsCampaignKey } from "./campaigns";
import { tipsRequest, tipsSchemas } from "./request";

const detailSchema = () => tipsSchemas().then((module) => module.tipsCampaignDetailSchema);
const claimSchema = () => tipsSchemas().then((module) => module.tipsClaimSchema);

/** POST /campaigns/:id/confirm: the creator confirms the final leaderboard (7 → 5); payouts open. */
export function confirmTipsCampaign(id: number) {
  return tipsRequest(`/campaigns/${id}/confirm`, detailSchema, { method: "POST" });
}

/** The signed-in participant's payout (state, amount, claim window, transaction), keyed by who asks. */
export function tipsClaimQueryOptions(id: number, viewer: string | undefined) {
  return queryOptions({
    queryKey: [...tipsCampaignKey(id), "claim", viewer ?? "anonymous"] as const,
    queryFn: ({ signal }) => tipsRequest(`/campaigns/${id}/claim`, claimSchema, { signal }),
    retry: false,
  });
}

export function useTipsClaim(id: number, viewer: string | undefined, enabled: boolean) {
  return useQuery({ ...tipsClaimQueryOptions(id, viewer), enabled: enabled && viewer !== undefined });
}

/** POST /campaigns/:id/claim: the distributor voucher for the participant's earnings (a retry gets the same). */
export function requestTipsClaimVoucher(id: number, idempotencyKey: string) {
  return tipsRequest(
    `/campaigns/${id}/claim`,
    () => tipsSchemas().then((module) => module.tipsClaimVoucherSchema),
    { method: "POST", headers: { "Idempotency-Key": idempotencyKey } },
  );
}

/** Reports the claim transaction; its Claimed event settles the claim. */
export function reportTipsClaim(id: number, claimId: number, txHash: string) {
  return tipsRequest(`/campaigns/${id}/claims/${claimId}/transaction`, claimSchema, {
    method: "POST",
    body: { txHash },
  });
}

/**
 * POST /campaigns/:id/refund: reports the creator's refund of what is left after the claim window; its Refunded
 * event is recorded once and the campaign answers with `refund` (amount and transaction).
 */
export function reportTipsRefund(id: number, txHash: string) {
  return tipsRequest(`/campaigns/${id}/refund`, detailSchema, { method: "POST", body: { txHash } });
}

/** The creator adds a join mission (participants finish it before joining). */
export function addTipsMission(id: number, body: MissionCreateBody) {
  return tipsRequest(
    `/campaigns/${id}/missions`,
    () => import("@dropfair/schemas/missions").then((module) => module.missionSchema),
    { method: "POST", body },
  );
}

export function removeTipsMission(id: number, missionId: number) {
  return tipsRequest(
    `/campaigns/${id}/missions/${missionId}`,
    () => import("zod").then(({ z }) => z.null()),
    { method: "DELETE" },
  );
}
