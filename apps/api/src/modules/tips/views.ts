// The shapes the tips routes answer with, from the rows.
import { type TipsRules, tipsAlgorithm } from "@dropfair/core/tips";
import type {
  TipsCampaignDetail,
  TipsCampaignSummary,
  TipsFormula,
  TipsStatus,
} from "@dropfair/schemas/tips";
import { tipsClaimDays } from "@dropfair/schemas/tips";
import type { Address } from "viem";
import type { CampaignRow, ParticipantRow } from "./repository.ts";

const dayMs = 86_400_000;

/** Rewards are claimable until 30 days after the end. */
export function claimableUntilOf(campaign: Pick<CampaignRow, "endsAt">): Date {
  return new Date(campaign.endsAt.getTime() + tipsClaimDays * dayMs);
}

export function formulaOf(
  campaign: Pick<
    CampaignRow,
    | "weightViews"
    | "weightLikes"
    | "weightReplies"
    | "weightRetweets"
    | "weightQuotes"
    | "tweetCap"
    | "dailyTweets"
  >,
): TipsFormula {
  return {
    algorithm: tipsAlgorithm,
    weights: {
      views: campaign.weightViews,
      likes: campaign.weightLikes,
      replies: campaign.weightReplies,
      retweets: campaign.weightRetweets,
      quotes: campaign.weightQuotes,
    },
    tweetCap: campaign.tweetCap,
    dailyTweets: campaign.dailyTweets,
  };
}

/** The rules `@dropfair/core/tips` computes the campaign's leaderboard with. */
export function rulesOf(campaign: CampaignRow): TipsRules {
  const formula = formulaOf(campaign);
  return {
    weights: formula.weights,
    tweetCap: formula.tweetCap,
    dailyTweets: formula.dailyTweets,
    totalPrize: BigInt(campaign.totalPrize),
    start: campaign.startsAt.toISOString(),
    end: campaign.endsAt.toISOString(),
    hashtag: campaign.hashtag,
    mention: campaign.mention,
    slogan: campaign.slogan,
  };
}

export function summaryView(
  campaign: CampaignRow,
  extra: { creator: Address; myEarned: string | null },
): TipsCampaignSummary {
  return {
    id: campaign.id,
    title: campaign.title,
    status: campaign.status as TipsStatus,
    chainId: campaign.chainId,
    token: campaign.tokenAddress,
    tokenSymbol: campaign.tokenSymbol,
    tokenDecimals: campaign.tokenDecimals,
    totalPrize: campaign.totalPrize,
    startAt: campaign.startsAt.toISOString(),
    endAt: campaign.endsAt.toISOString(),
    creator: extra.creator,
    participants: campaign.participantCount,
    funded: campaign.fundedAt !== null,
    myEarned: extra.myEarned,
  };
}

export function detailView(
  campaign: CampaignRow,
  extra: {
    creator: Address;
    myEarned: string | null;
    distributor: Address | null;
    missionCampaignId: number | null;
    canManage: boolean;
    canModerate: boolean;
    participant: ParticipantRow | undefined;
    reloadIntervalMs: number;
    now: Date;
  },
): TipsCampaignDetail {
  const participant = extra.participant;
  const nextReload =
    participant?.lastReloadAt != null
      ? new Date(participant.lastReloadAt.getTime() + extra.reloadIntervalMs)
      : null;
  return {
    ...summaryView(campaign, extra),
    description: campaign.description,
    hashtag: campaign.hashtag,
    mention: campaign.mention,
    slogan: campaign.slogan,
    formula: formulaOf(campaign),
    distributor: extra.distributor,
    distributorCampaignId: campaign.distributorCampaignId,
    claimableUntil: claimableUntilOf(campaign).toISOString(),
    missionCampaignId: extra.missionCampaignId,
    computedAt: campaign.computedAt?.toISOString() ?? null,
    refund:
      campaign.refundedAt !== null
        ? {
            amount: campaign.refundedAmount ?? "0",
            txHash: campaign.refundTxHash ?? "",
            refundedAt: campaign.refundedAt.toISOString(),
          }
        : null,
    canManage: extra.canManage,
    canModerate: extra.canModerate,
    me: {
      joined: participant !== undefined,
      banned: participant?.bannedAt != null,
      xUserId: participant?.xUserId ?? null,
      reloadAvailableAt: nextReload !== null && nextReload > extra.now ? nextReload.toISOString() : null,
    },
    errorReason: campaign.errorReason,
  };
}
