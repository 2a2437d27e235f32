import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropStatuses } from "@dropfair/schemas/codes";

/** How often an airdrop page asks again while the chain's clock has not yet caught up with the server's. */
export const chainClockPollMs = 3_000;

/**
 * Whether the page shows an action the chain's clock has not yet opened: a released airdrop in progress whose
 * claims do not land yet, or an ended one whose refund does not. The chain moves without the page (a block is
 * mined, the clock passes the margin), so the page asks again until the action opens.
 */
export function waitsForChainClock(
  detail: Pick<
    AirdropDetail,
    "campaignId" | "status" | "releasedAt" | "refundedAt" | "claimOpen" | "refundOpen"
  >,
): boolean {
  if (detail.campaignId === null) return false;
  if (detail.status === airdropStatuses.inProgress) return detail.releasedAt !== null && !detail.claimOpen;
  if (detail.status === airdropStatuses.ended) return detail.refundedAt === null && !detail.refundOpen;
  return false;
}
