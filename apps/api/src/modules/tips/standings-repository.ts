// The SQL of the leaderboard: the collected tweets, the materialised standings and the snapshot they came from.
import {
  and,
  asc,
  type DbWriter,
  eq,
  gt,
  gte,
  isNull,
  lte,
  preparedStatement,
  sql,
  tipsCampaigns,
  tipsParticipants,
  tipsSnapshots,
  tipsStandings,
  tipsTweets,
} from "@dropfair/db";
import type { TipsSortColumn, TipsStanding } from "@dropfair/schemas/tips";

export type TweetRow = typeof tipsTweets.$inferSelect;
export type StandingRow = typeof tipsStandings.$inferSelect;

/** The campaign's tweets that X still returns, by author. */
export async function liveTweetsOf(db: DbWriter, campaignId: number): Promise<TweetRow[]> {
  return db
    .select()
    .from(tipsTweets)
    .where(and(eq(tipsTweets.campaignId, campaignId), isNull(tipsTweets.deletedAt)));
}

/** A page of the campaign's live tweets after `afterTweetId` in id order (the metrics refresh walks them). */
export async function tweetPage(
  db: DbWriter,
  campaignId: number,
  afterTweetId: string | null,
  limit: number,
  xUserId?: string,
): Promise<TweetRow[]> {
  return db
    .select()
    .from(tipsTweets)
    .where(
      and(
        eq(tipsTweets.campaignId, campaignId),
        isNull(tipsTweets.deletedAt),
        afterTweetId === null ? undefined : gt(tipsTweets.tweetId, afterTweetId),
        xUserId === undefined ? undefined : eq(tipsTweets.xUserId, xUserId),
      ),
    )
    .orderBy(asc(tipsTweets.tweetId))
    .limit(limit);
}

/** Inserts tweets or refreshes their text and metrics (a tweet seen again is live again). */
export async function upsertTweets(db: DbWriter, rows: (typeof tipsTweets.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(tipsTweets)
    .values(rows)
    .onConflictDoUpdate({
      target: [tipsTweets.campaignId, tipsTweets.tweetId],
      set: {
        text: sql`excluded.text`,
        views: sql`excluded.views`,
        likes: sql`excluded.likes`,
        replies: sql`excluded.replies`,
        retweets: sql`excluded.retweets`,
        quotes: sql`excluded.quotes`,
        refreshedAt: sql`excluded.refreshed_at`,
        deletedAt: null,
      },
    });
}

export async function markTweetsDeleted(
  db: DbWriter,
  campaignId: number,
  tweetIds: readonly string[],
  at: Date,
): Promise<void> {
  for (const tweetId of tweetIds) {
    await db
      .update(tipsTweets)
      .set({ deletedAt: at })
      .where(and(eq(tipsTweets.campaignId, campaignId), eq(tipsTweets.tweetId, tweetId)));
  }
}

/** Replaces the campaign's standings and snapshot with a new computation, in the caller's transaction. */
export async function replaceStandings(
  db: DbWriter,
  campaignId: number,
  rows: (typeof tipsStandings.$inferInsert)[],
  snapshot: { body: string; computedAt: Date; final: boolean; totalPoints: string },
): Promise<void> {
  await db.delete(tipsStandings).where(eq(tipsStandings.campaignId, campaignId));
  // 26 columns × 2,000 rows: under PostgreSQL's 65,535 parameters a statement.
  for (let offset = 0; offset < rows.length; offset += 2000) {
    await db.insert(tipsStandings).values(rows.slice(offset, offset + 2000));
  }
  await db
    .insert(tipsSnapshots)
    .values({
      campaignId,
      body: snapshot.body,
      computedAt: snapshot.computedAt,
      final: snapshot.final ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: tipsSnapshots.campaignId,
      set: { body: snapshot.body, computedAt: snapshot.computedAt, final: snapshot.final ? 1 : 0 },
    });
  await db
    .update(tipsCampaigns)
    .set({ computedAt: snapshot.computedAt, totalPoints: snapshot.totalPoints })
    .where(eq(tipsCampaigns.id, campaignId));
}

export async function snapshotOf(db: DbWriter, campaignId: number) {
  const [row] = await db.select().from(tipsSnapshots).where(eq(tipsSnapshots.campaignId, campaignId));
  return row;
}

/**
 * The columns a leaderboard may be sorted by, other than the rank, with where each row stands in their ascending
 * and descending orders (written by the recomputation; points and earnings follow the rank).
 */
export const positionColumns = {
  tweets: { asc: tipsStandings.tweetsAsc, desc: tipsStandings.tweetsDesc },
  views: { asc: tipsStandings.viewsAsc, desc: tipsStandings.viewsDesc },
  likes: { asc: tipsStandings.likesAsc, desc: tipsStandings.likesDesc },
  replies: { asc: tipsStandings.repliesAsc, desc: tipsStandings.repliesDesc },
  retweets: { asc: tipsStandings.retweetsAsc, desc: tipsStandings.retweetsDesc },
  quotes: { asc: tipsStandings.quotesAsc, desc: tipsStandings.quotesDesc },
  interactions: { asc: tipsStandings.interactionsAsc, desc: tipsStandings.interactionsDesc },
} as const;
export type PositionedColumn = keyof typeof positionColumns;

/** A row of a page as the API answers it (`TipsStanding`). */
const standingFields = {
  rank: tipsStandings.rank,
  xUserId: tipsStandings.xUserId,
  username: tipsParticipants.username,
  name: tipsParticipants.name,
  avatarUrl: tipsParticipants.avatarUrl,
  points: tipsStandings.points,
  tweets: tipsStandings.tweets,
  views: tipsStandings.views,
  retweets: tipsStandings.retweets,
  replies: tipsStandings.replies,
  likes: tipsStandings.likes,
  quotes: tipsStandings.quotes,
  interactions: tipsStandings.interactions,
  estimatedEarned: tipsStandings.estimatedEarned,
};

/** How many are ranked: the last rank (ranks run 1…n without gaps), one entry at the end of the rank index. */
const rankedCount = sql<number>`(select coalesce(max(${tipsStandings.rank}), 0) from ${tipsStandings} where ${tipsStandings.campaignId} = ${sql.placeholder("campaignId")})`;

/**
 * Where a page's rows are in its order: the positions `from`…`to` (placeholders, 1-based) and the key the page is
 * sorted by. Points and earnings descending are rank ascending (rank 1 has the most); a descending rank order
 * counts back from the last rank; any other column reads its stored position.
 */
function pageRange(sort: TipsSortColumn, order: "asc" | "desc") {
  const from = sql.placeholder("from");
  const to = sql.placeholder("to");
  const byRank =
    sort === "rank"
      ? order
      : sort === "points" || sort === "estimatedEarned"
        ? order === "desc"
          ? "asc"
          : "desc"
        : null;
  if (byRank === "asc") {
    return {
      name: "rank_asc",
      key: sql<number | null>`${tipsStandings.rank}`,
      within: and(gte(tipsStandings.rank, from), lte(tipsStandings.rank, to)),
    };
  }
  if (byRank === "desc") {
    return {
      name: "rank_desc",
      key: sql<number | null>`-${tipsStandings.rank}`,
      within: sql`${tipsStandings.rank} between ${rankedCount} + 1 - ${to} and ${rankedCount} + 1 - ${from}`,
    };
  }
  const position = positionColumns[sort as PositionedColumn][order];
  return {
    name: `${sort}_${order}`,
    key: sql<number | null>`${position}`,
    within: and(gte(position, from), lte(position, to)),
  };
}

const participantOfStanding = and(
  eq(tipsParticipants.campaignId, tipsStandings.campaignId),
  eq(tipsParticipants.xUserId, tipsStandings.xUserId),
);

/**
 * A page of the standings: a prepared statement per sort column and order (docs/architecture.md), each page a
 * range of stored positions, however deep.
 */
function pageStatement(db: DbWriter, sort: TipsSortColumn, order: "asc" | "desc") {
  const range = pageRange(sort, order);
  return preparedStatement(db, `tips_leaderboard_rows_${range.name}`, (name) =>
    db
      .select(standingFields)
      .from(tipsStandings)
      .innerJoin(tipsParticipants, participantOfStanding)
      .where(and(eq(tipsStandings.campaignId, sql.placeholder("campaignId")), range.within))
      .orderBy(range.key)
      .prepare(name),
  );
}

/** A page of the standings (`offset`, `limit`) in the order asked. */
export async function standingsPage(
  db: DbWriter,
  campaignId: number,
  query: { sort: TipsSortColumn; order: "asc" | "desc"; offset: number; limit: number },
): Promise<TipsStanding[]> {
  return pageStatement(db, query.sort, query.order).execute({
    campaignId,
    from: query.offset + 1,
    to: query.offset + query.limit,
  });
}

/** The standing of a wallet user's X account in the campaign (none when not joined or not ranked); one prepared read. */
export async function ownStandingOf(
  db: DbWriter,
  campaignId: number,
  userId: number,
): Promise<TipsStanding | undefined> {
  const statement = preparedStatement(db, "tips_leaderboard_own_row", (name) =>
    db
      .select(standingFields)
      .from(tipsParticipants)
      .innerJoin(tipsStandings, participantOfStanding)
      .where(
        and(
          eq(tipsParticipants.campaignId, sql.placeholder("campaignId")),
          eq(tipsParticipants.userId, sql.placeholder("userId")),
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute({ campaignId, userId });
  return row;
}

/** The campaign's formula and totals the leaderboard shows, with how many are ranked; one prepared read. */
export async function leaderboardHeadOf(db: DbWriter, campaignId: number) {
  const statement = preparedStatement(db, "tips_leaderboard_head", (name) =>
    db
      .select({
        weightViews: tipsCampaigns.weightViews,
        weightLikes: tipsCampaigns.weightLikes,
        weightReplies: tipsCampaigns.weightReplies,
        weightRetweets: tipsCampaigns.weightRetweets,
        weightQuotes: tipsCampaigns.weightQuotes,
        tweetCap: tipsCampaigns.tweetCap,
        dailyTweets: tipsCampaigns.dailyTweets,
        totalPrize: tipsCampaigns.totalPrize,
        totalPoints: tipsCampaigns.totalPoints,
        computedAt: tipsCampaigns.computedAt,
        ranked: rankedCount,
      })
      .from(tipsCampaigns)
      .where(eq(tipsCampaigns.id, sql.placeholder("campaignId")))
      .prepare(name),
  );
  const [head] = await statement.execute({ campaignId });
  return head;
}

/** The standing of one X account (none when not ranked). */
export async function standingOf(
  db: DbWriter,
  campaignId: number,
  xUserId: string,
): Promise<StandingRow | undefined> {
  const [row] = await db
    .select()
    .from(tipsStandings)
    .where(and(eq(tipsStandings.campaignId, campaignId), eq(tipsStandings.xUserId, xUserId)));
  return row;
}
