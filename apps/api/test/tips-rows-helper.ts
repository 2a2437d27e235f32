// Shared set-up of the tips tests that build a leaderboard from rows: a running campaign with the default formula
// (the weights, a per-tweet cap of 1,000 and 3 tweets a day), written straight to the database.
import { defaultTipsWeights } from "@dropfair/core/tips";
import { type DbWriter, eq, tipsCampaigns, tipsParticipants, tipsTweets, users } from "@dropfair/db";
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

/** The id of the user a signed-in wallet became. */
export async function userIdOfWallet(db: DbWriter, address: `0x${string}`): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, address.toLowerCase() as `0x${string}`));
  return row!.id;
}

/**
 * Joins wallet users to a campaign as X accounts `${prefix}${n}` (n: their index), participant n with n + 1
 * tweets carrying the hashtag, one a day from the day after `start`, each with `metrics`.
 */
export async function insertParticipantsWithTweets(
  db: DbWriter,
  campaignId: number,
  options: {
    prefix: string;
    name: string;
    wallets: `0x${string}`[];
    start: Date;
    metrics: { views: number; likes: number };
  },
): Promise<void> {
  for (const [index, wallet] of options.wallets.entries()) {
    const xUserId = `${options.prefix}${index}`;
    await db.insert(tipsParticipants).values({
      campaignId,
      xUserId,
      userId: await userIdOfWallet(db, wallet),
      username: `${options.name.toLowerCase()}${index}`,
      name: `${options.name} ${index}`,
    });
    await db.insert(tipsTweets).values(
      Array.from({ length: index + 1 }, (_, tweet) => ({
        campaignId,
        tweetId: `${xUserId}${tweet}`,
        xUserId,
        createdAt: new Date(options.start.getTime() + (tweet + 1) * 86_400_000),
        text: "gm #dropfair",
        ...options.metrics,
        replies: 0,
        retweets: 0,
        quotes: 0,
        refreshedAt: options.start,
      })),
    );
  }
}
