// Refunds: the creator takes the prize back from the distributor (AirdropDistributor.refund). Made on chain
// only; the API learns of them from a reported transaction or the indexer (chain-sync.ts).
import { unixSeconds } from "@dropfair/core/airdrop";
import type { Tx } from "@dropfair/db";
import type { DistributorEvent } from "./chain.ts";
import { type AirdropRow, updateAirdrop } from "./repository.ts";

type Refunded = Extract<DistributorEvent, { eventName: "Refunded" }>;

/** A refund's effect depends on when it was mined, so applying one needs its block's timestamp. */
export function needsBlockTimestamp(events: readonly DistributorEvent[]): boolean {
  return events.some((event) => event.eventName === "Refunded");
}

/**
 * Applies a Refunded event. Mined before the start, it closes the campaign for good and the airdrop is a draft
 * again, free to change and to be funded by a new campaign. Mined later, it is recorded: what was left of the
 * prize went back, and the airdrop's claimable amount is 0 from then on.
 */
export async function applyRefund(
  tx: Tx,
  row: AirdropRow,
  event: Refunded,
  blockTimestamp: bigint | undefined,
  now: Date,
): Promise<AirdropRow> {
  const beforeStart = blockTimestamp !== undefined && blockTimestamp < unixSeconds(row.startAt);
  if (beforeStart)
    return updateAirdrop(tx, row.id, {
      campaignId: null,
      campaignTxHash: null,
      deposited: "0",
      releasedAt: null,
      updatedAt: now,
    });
  return updateAirdrop(tx, row.id, {
    refundedAmount: event.args.amount.toString(),
    refundedAt: now,
    updatedAt: now,
  });
}
