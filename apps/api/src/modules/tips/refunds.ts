// The creator's refund of what is left after the 30-day claim window (docs/tips.md): the creator sends the
// distributor's `refund` from their wallet and reports the transaction; its Refunded event for the campaign's
// distributor campaign is read from the receipt and recorded once.
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import type { Address, Hex } from "viem";
import { campaignDetail, isCreator } from "./campaigns.ts";
import { readReceipt, refundedLogsOf } from "./chain.ts";
import type { Actor, TipsDependencies } from "./dependencies.ts";
import { tipsErrors } from "./errors.ts";
import * as repository from "./repository.ts";
import { claimableUntilOf } from "./views.ts";

type Session = NonNullable<Actor>;

/** Records the creator's refund from its transaction; refused before the claim window ends and once recorded. */
export async function reportRefundTransaction(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
  txHash: Hex,
): Promise<TipsCampaignDetail> {
  const { db, now } = dependencies;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  if (!isCreator(actor, campaign)) throw tipsErrors.notCreator();
  if (campaign.distributorCampaignId === null) throw tipsErrors.notFunded();
  if (campaign.refundedAt !== null) throw tipsErrors.alreadyRefunded();
  if (now() < claimableUntilOf(campaign)) throw tipsErrors.refundTooEarly();
  const distributor = dependencies.distributors[campaign.chainId];
  const client = dependencies.chainClient(campaign.chainId);
  if (!distributor || !client) throw tipsErrors.chainUnsupported(campaign.chainId);
  const receipt = await readReceipt(client, txHash);
  const [refunded] = refundedLogsOf(receipt, distributor as Address, BigInt(campaign.distributorCampaignId));
  if (!refunded) throw tipsErrors.transaction("refundUnrelated");
  await db.transaction(async (tx) => {
    const locked = await repository.lockCampaign(tx, campaignId);
    if (!locked) throw tipsErrors.notFound();
    if (locked.refundedAt !== null) throw tipsErrors.alreadyRefunded();
    await repository.updateCampaign(tx, campaignId, {
      refundedAt: now(),
      refundedAmount: refunded.amount.toString(),
      refundTxHash: txHash,
      updatedAt: now(),
    });
  });
  return campaignDetail(dependencies, actor, campaignId);
}
