// The SQL of the leaderboard: the collected tweets, the materialised standings and the snapshot they came from.
import {
  and,
  asc,
  type DbWriter,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  type SQL,
  sql,
  tipsCampaigns,
  tipsParticipants,
  tipsSnapshots,
  tipsStandings,
  tipsTweets,
} from "@dropfair/db";
import type { TipsSortColumn } from "@dropfair/schemas/tips";

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

const sortable = {
  tweets: tipsStandings.tweets,
  views: tipsStandings.views,
  likes: tipsStandings.likes,
  replies: tipsStandings.replies,
  retweets: tipsStandings.retweets,
  quotes: tipsStandings.quotes,
  interactions: tipsStandings.interactions,
} as const;

/** Whether a sort follows the rank: points and earnings descending are rank ascending (rank 1 has the most). */
function rankOrder(sort: TipsSortColumn, order: "asc" | "desc"): "asc" | "desc" | undefined {
  if (sort === "rank") return order;
  if (sort === "points" || sort === "estimatedEarned") return order === "desc" ? "asc" : "desc";
  return undefined;
}

/** The order of a sorted page: points and earnings follow the rank exactly, other columns break ties by rank. */
function orderOf(sort: TipsSortColumn, order: "asc" | "desc") {
  if (sort === "rank" || sort === "points" || sort === "estimatedEarned") {
    return [rankOrder(sort, order) === "asc" ? asc(tipsStandings.rank) : desc(tipsStandings.rank)];
  }
  const column = sortable[sort];
  return order === "asc" ? [asc(column), asc(tipsStandings.rank)] : [desc(column), asc(tipsStandings.rank)];
}

/**
 * The ranks on a page. The standings of a campaign are always a whole computation (`replaceStandings`), ranked
 * 1…total without gaps, so a page in rank order is a range of ranks, however deep; in another column's order the
 * page's ranks are read from that column's index alone (campaign, column, rank), without visiting the rows the
 * offset skips.
 */
function pageRanks(
  db: DbWriter,
  campaignId: number,
  query: { sort: TipsSortColumn; order: "asc" | "desc"; offset: number; limit: number },
  total: number,
): SQL | undefined {
  const byRank = rankOrder(query.sort, query.order);
  if (byRank === "asc") {
    return and(
      gte(tipsStandings.rank, query.offset + 1),
      lte(tipsStandings.rank, query.offset + query.limit),
    );
  }
  if (byRank === "desc") {
    const highest = total - query.offset;
    return and(gte(tipsStandings.rank, highest - query.limit + 1), lte(tipsStandings.rank, highest));
  }
  return inArray(
    tipsStandings.rank,
    db
      .select({ rank: tipsStandings.rank })
      .from(tipsStandings)
      .where(eq(tipsStandings.campaignId, campaignId))
      .orderBy(...orderOf(query.sort, query.order))
      .offset(query.offset)
      .limit(query.limit),
  );
}

const standingColumns = {
  standing: tipsStandings,
  username: tipsParticipants.username,
  name: tipsParticipants.name,
  avatarUrl: tipsParticipants.avatarUrl,
};

export type StandingWithAccount = {
  standing: StandingRow;
  username: string | null;
  name: string;
  avatarUrl: string | null;
};

/** How many are ranked: the last rank (ranks run 1…total without gaps), read from the end of the rank index. */
async function rankedCount(db: DbWriter, campaignId: number): Promise<number> {
  const [row] = await db
    .select({ rank: tipsStandings.rank })
    .from(tipsStandings)
    .where(eq(tipsStandings.campaignId, campaignId))
    .orderBy(desc(tipsStandings.rank))
    .limit(1);
  return row?.rank ?? 0;
}

export async function standingsPage(
  db: DbWriter,
  campaignId: number,
  query: { sort: TipsSortColumn; order: "asc" | "desc"; offset: number; limit: number },
): Promise<{ rows: StandingWithAccount[]; total: number }> {
  const total = await rankedCount(db, campaignId);
  if (query.offset >= total) return { rows: [], total };
  const rows = await db
    .select(standingColumns)
    .from(tipsStandings)
    .innerJoin(
      tipsParticipants,
      and(
        eq(tipsParticipants.campaignId, tipsStandings.campaignId),
        eq(tipsParticipants.xUserId, tipsStandings.xUserId),
      ),
    )
    .where(and(eq(tipsStandings.campaignId, campaignId), pageRanks(db, campaignId, query, total)))
    .orderBy(...orderOf(query.sort, query.order));
  return { rows, total };
}

/** The standing of a wallet user's participant, with its account (none when not ranked, or not a participant). */
export async function standingOfUser(
  db: DbWriter,
  campaignId: number,
  userId: number,
): Promise<StandingWithAccount | undefined> {
  const [row] = await db
    .select(standingColumns)
    .from(tipsParticipants)
    .innerJoin(
      tipsStandings,
      and(
        eq(tipsStandings.campaignId, tipsParticipants.campaignId),
        eq(tipsStandings.xUserId, tipsParticipants.xUserId),
      ),
    )
    .where(and(eq(tipsParticipants.campaignId, campaignId), eq(tipsParticipants.userId, userId)));
  return row;
}

/** The standing of one X account, with its account. */
export async function standingOf(
  db: DbWriter,
  campaignId: number,
  xUserId: string,
): Promise<StandingWithAccount | undefined> {
  const [row] = await db
    .select(standingColumns)
    .from(tipsStandings)
    .innerJoin(
      tipsParticipants,
      and(
        eq(tipsParticipants.campaignId, tipsStandings.campaignId),
        eq(tipsParticipants.xUserId, tipsStandings.xUserId),
      ),
    )
    .where(and(eq(tipsStandings.campaignId, campaignId), eq(tipsStandings.xUserId, xUserId)));
  return row;
}
