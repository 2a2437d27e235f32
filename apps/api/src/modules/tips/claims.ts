// The end of a campaign and its payouts: the creator confirms the final leaderboard (7 → 5); then each participant
// with earnings claims `estimatedEarned` of the final standings from the creator's AirdropDistributor campaign with a
// platform voucher for the wallet that joined (one claim per X account, its id the voucher nonce), within 30 days
// after the end. Asking again before the voucher is used gets the same nonce and amount; a used nonce means the
// claim went through.
import type { TipsCampaignDetail, TipsClaim, TipsClaimVoucher } from "@dropfair/schemas/tips";
import { tipsStatuses } from "@dropfair/schemas/tips";
import { type Address, type Hex, isAddressEqual } from "viem";
import { signClaimVoucher } from "../airdrop/index.ts";
import { campaignDetail, isCreator } from "./campaigns.ts";
import { claimedLogsOf, isClaimNonceUsed, readReceipt } from "./chain.ts";
import type { Actor, TipsDependencies } from "./dependencies.ts";
import { tipsErrors } from "./errors.ts";
import { recomputeLeaderboard } from "./leaderboard.ts";
import * as repository from "./repository.ts";
import * as standings from "./standings-repository.ts";
import { claimableUntilOf } from "./views.ts";

type Session = NonNullable<Actor>;

/** The creator confirms the final leaderboard: payouts open. */
export async function confirmCampaign(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
): Promise<TipsCampaignDetail> {
  const { db, now } = dependencies;
  await db.transaction(async (tx) => {
    const campaign = await repository.lockCampaign(tx, campaignId);
    if (!campaign) throw tipsErrors.notFound();
    if (!isCreator(actor, campaign)) throw tipsErrors.notCreator();
    if (campaign.status !== tipsStatuses.awaitingConfirmation) throw tipsErrors.notAwaitingConfirmation();
    // A ban (or a lifted one) moments ago whose recomputation has not run yet: the final leaderboard is computed
    // again here, under the same lock, so what is confirmed and paid never counts a banned participant.
    if (await standings.standingsMissBans(tx, campaignId))
      await recomputeLeaderboard({ db: tx, now }, campaignId, { final: true });
    await repository.updateCampaign(tx, campaignId, {
      status: tipsStatuses.ended,
      confirmedAt: now(),
      updatedAt: now(),
    });
  });
  return campaignDetail(dependencies, actor, campaignId);
}

function distributorOf(dependencies: TipsDependencies, chainId: number) {
  const distributor = dependencies.distributors[chainId];
  const client = dependencies.chainClient(chainId);
  if (!distributor || !client) throw tipsErrors.chainUnsupported(chainId);
  return { distributor, client };
}

/** The signed-in participant's payout: its state, amount and claim. */
export async function claimOf(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
): Promise<TipsClaim> {
  const { db, now } = dependencies;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const participant = await repository.participantOfUser(db, campaignId, actor.userId);
  if (!participant) throw tipsErrors.notParticipant();
  const [standing, claim] = await Promise.all([
    standings.standingOf(db, campaignId, participant.xUserId),
    repository.claimOf(db, campaignId, participant.xUserId),
  ]);
  const amount = participant.bannedAt === null ? (standing?.estimatedEarned ?? "0") : "0";
  const until = claimableUntilOf(campaign);
  const state =
    claim?.claimedAt != null
      ? "claimed"
      : amount === "0"
        ? "none"
        : campaign.status !== tipsStatuses.ended
          ? "pending"
          : now() >= until
            ? "expired"
            : claim
              ? "claiming"
              : "claimable";
  return {
    state,
    amount: claim?.amount ?? amount,
    chainId: campaign.chainId,
    claimableUntil: until.toISOString(),
    claimId: claim?.id ?? null,
    claimedAt: claim?.claimedAt?.toISOString() ?? null,
    txHash: claim?.txHash ?? null,
  };
}

/** A distributor voucher for the participant's earnings from the final leaderboard. */
export async function requestClaim(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
): Promise<TipsClaimVoucher> {
  const { db, now, claimSigner } = dependencies;
  if (!claimSigner) throw tipsErrors.signerMissing();
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const participant = await repository.participantOfUser(db, campaignId, actor.userId);
  if (!participant) throw tipsErrors.notParticipant();
  if (campaign.status !== tipsStatuses.ended || campaign.distributorCampaignId === null)
    throw tipsErrors.nothingToClaim();
  const until = claimableUntilOf(campaign);
  if (now() >= until) throw tipsErrors.claimWindowClosed();
  if (participant.bannedAt !== null) throw tipsErrors.banned();
  const standing = await standings.standingOf(db, campaignId, participant.xUserId);
  const amount = standing?.estimatedEarned ?? "0";
  if (amount === "0") throw tipsErrors.nothingToClaim();
  const { distributor, client } = distributorOf(dependencies, campaign.chainId);
  const distributorCampaignId = BigInt(campaign.distributorCampaignId);
  const claim = await repository.insertClaim(db, {
    campaignId,
    xUserId: participant.xUserId,
    userId: actor.userId,
    account: actor.address,
    amount,
    createdAt: now(),
  });
  if (claim.claimedAt !== null) throw tipsErrors.nothingToClaim();
  if (await isClaimNonceUsed(client, distributor, distributorCampaignId, BigInt(claim.id))) {
    await repository.completeClaim(db, claim.id, null, now());
    throw tipsErrors.nothingToClaim();
  }
  return signClaimVoucher(
    claimSigner,
    { chainId: campaign.chainId, distributor, campaignId: distributorCampaignId },
    claim,
    { now: now(), ttlSeconds: dependencies.voucherTtlSeconds, claimableUntil: until },
  );
}

/** The participant reports the claim transaction: its Claimed event settles the claim. */
export async function reportClaimTransaction(
  dependencies: TipsDependencies,
  actor: Session,
  campaignId: number,
  claimId: number,
  txHash: Hex,
): Promise<TipsClaim> {
  const { db, now } = dependencies;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const claim = await repository.lockClaim(db, claimId);
  if (!claim || claim.campaignId !== campaignId) throw tipsErrors.notFound();
  if (claim.userId !== actor.userId) throw tipsErrors.notYourClaim();
  if (claim.claimedAt === null) {
    const { distributor, client } = distributorOf(dependencies, campaign.chainId);
    const receipt = await readReceipt(client, txHash);
    const claimed = claimedLogsOf(
      receipt,
      distributor as Address,
      BigInt(campaign.distributorCampaignId ?? "0"),
    ).some((args) => args.claimId === BigInt(claim.id) && isAddressEqual(args.account, claim.account));
    if (!claimed) throw tipsErrors.transaction("transactionUnrelated");
    await repository.completeClaim(db, claimId, txHash, now());
  }
  return claimOf(dependencies, actor, campaignId);
}
