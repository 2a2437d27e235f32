// When the creator may take back what is left of the prize (docs/tips.md, "The end and the payouts").
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";

/**
 * A browser clock a little ahead of the server's must not offer a refund the server would not record yet: the
 * refund opens this long after the claim window ends by the browser's clock.
 */
export const refundMarginMs = 60_000;

type RefundFields = Pick<
  TipsCampaignDetail,
  "canManage" | "distributorCampaignId" | "refund" | "claimableUntil"
>;

/**
 * The creator may send the distributor's `refund` now: the prize is funded, nothing is refunded yet, and the
 * 30-day claim window has ended. That one rule covers both clocks: the server records a refund only after the
 * window, and the distributor campaign the funding opens ends with the window and starts no later than its
 * funding, so it refuses a refund until then (the contract's refund before the start never applies here).
 */
export function refundOpen(campaign: RefundFields, now: number = Date.now()): boolean {
  return (
    campaign.canManage &&
    campaign.distributorCampaignId !== null &&
    campaign.refund === null &&
    now >= Date.parse(campaign.claimableUntil) + refundMarginMs
  );
}

/** The creator's refund panel: while the refund is open, and once it is recorded (amount and transaction). */
export function refundPanelShown(campaign: RefundFields, now: number = Date.now()): boolean {
  return campaign.canManage && (campaign.refund !== null || refundOpen(campaign, now));
}
