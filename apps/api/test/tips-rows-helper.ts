// Shared set-up of the tips tests that build a leaderboard from rows: a running campaign with the default formula
// (the weights, a per-tweet cap of 1,000 and 3 tweets a day), written straight to the database.
import { defaultTipsWeights } from "@dropfair/core/tips";
import { type DbWriter, tipsCampaigns } from "@dropfair/db";
import { tipsStatuses } from "@dropfair/schemas/tips";

/** Inserts a running two-week campaign from `startsAt` and returns its id. */
export async function insertRunningTipsCampaign(
  db: DbWriter,
  campaign: {
    creatorUserId: number;
    title: string;
    startsAt: Date;
    participantCount: number;
    totalPrize?: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(tipsCampaigns)
    .values({
      creatorUserId: campaign.creatorUserId,
      title: campaign.title,
      hashtag: "#dropfair",
      startsAt: campaign.startsAt,
      endsAt: new Date(campaign.startsAt.getTime() + 14 * 86_400_000),
      chainId: 31337,
      tokenAddress: "0x00000000000000000000000000000000000000aa",
      tokenSymbol: "TIP",
      tokenDecimals: 18,
      totalPrize: campaign.totalPrize ?? "1000000",
      weightViews: defaultTipsWeights.views,
      weightLikes: defaultTipsWeights.likes,
      weightReplies: defaultTipsWeights.replies,
      weightRetweets: defaultTipsWeights.retweets,
      weightQuotes: defaultTipsWeights.quotes,
      tweetCap: 1000,
      dailyTweets: 3,
      status: tipsStatuses.running,
      participantCount: campaign.participantCount,
    })
    .returning({ id: tipsCampaigns.id });
  return row!.id;
}
