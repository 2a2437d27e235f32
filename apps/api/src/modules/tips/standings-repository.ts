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

/** A live tweet as the snapshot takes it: the time in epoch milliseconds, the metrics as numbers. */
export interface LiveTweet {
  tweetId: string;
  xUserId: string;
  createdAtMs: number;
  text: string;
  views: number;
  likes: number;
  replies: number;
  retweets: number;
  quotes: number;
}

/**
 * The campaign's tweets that X still returns: only the columns the snapshot needs, read as plain rows (a
 * million tweets mapped through the ORM's row mapping cost seconds). float8 carries the bigint metrics exactly
 * below 2^53, which the snapshot requires anyway, and reads as a number on both drivers.
 */
export async function liveTweetsOf(db: DbWriter, campaignId: number): Promise<LiveTweet[]> {
  const result = await db.execute(sql`
    select tweet_id as "tweetId", x_user_id as "xUserId",
      (extract(epoch from created_at) * 1000)::float8 as "createdAtMs", text,
      views::float8 as views, likes::float8 as likes, replies::float8 as replies,
      retweets::float8 as retweets, quotes::float8 as quotes
    from ${tipsTweets}
    where campaign_id = ${campaignId} and deleted_at is null`);
  return (result as unknown as { rows: LiveTweet[] }).rows;
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

/** A PostgreSQL array literal of numbers or digit strings (nothing to quote). */
function plainArray(values: readonly (number | string)[]): string {
  return `{${values.join(",")}}`;
}

/** A PostgreSQL array literal of arbitrary text: every element quoted, `"` and `\\` escaped. */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

type StandingColumn = Exclude<keyof typeof tipsStandings.$inferInsert, "campaignId">;
type SumColumn =
  | "points"
  | "views"
  | "likes"
  | "replies"
  | "retweets"
  | "quotes"
  | "interactions"
  | "estimatedEarned";

/** The standings of one computation, column by column (index i of every array is one row). */
export type StandingColumns = { xUserId: string[] } & Record<SumColumn, string[]> &
  Record<Exclude<StandingColumn, "xUserId" | SumColumn>, number[]>;

const standingColumnNames = Object.keys({
  xUserId: 0,
  rank: 0,
  points: 0,
  tweets: 0,
  views: 0,
  likes: 0,
  replies: 0,
  retweets: 0,
  quotes: 0,
  interactions: 0,
  estimatedEarned: 0,
  tweetsAsc: 0,
  tweetsDesc: 0,
  viewsAsc: 0,
  viewsDesc: 0,
  likesAsc: 0,
  likesDesc: 0,
  repliesAsc: 0,
  repliesDesc: 0,
  retweetsAsc: 0,
  retweetsDesc: 0,
  quotesAsc: 0,
  quotesDesc: 0,
  interactionsAsc: 0,
  interactionsDesc: 0,
} satisfies Record<StandingColumn, 0>) as StandingColumn[];

/**
 * Replaces the campaign's standings and snapshot with a new computation, in the caller's transaction. The rows go
 * in one statement, each column one array parameter unnested on the server: 100,000 rows in chunks of ORM inserts
 * spent most of the recomputation building and binding parameters.
 */
export async function replaceStandings(
  db: DbWriter,
  campaignId: number,
  rows: StandingColumns,
  snapshot: { bodyGzip: Buffer; computedAt: Date; final: boolean; totalPoints: string },
): Promise<void> {
  await db.delete(tipsStandings).where(eq(tipsStandings.campaignId, campaignId));
  if (rows.rank.length > 0) {
    const columns = sql.join(
      standingColumnNames.map((name) => sql.identifier(tipsStandings[name].name)),
      sql`, `,
    );
    const arrays = sql.join(
      standingColumnNames.map((name) => {
        const column = tipsStandings[name];
        if (name === "xUserId") return sql`${textArray(rows.xUserId)}::text[]`;
        const type = column.columnType === "PgNumeric" ? sql`numeric[]` : sql`integer[]`;
        return sql`${plainArray(rows[name])}::${type}`;
      }),
      sql`, `,
    );
    await db.execute(
      sql`insert into ${tipsStandings} (campaign_id, ${columns}) select ${campaignId}, * from unnest(${arrays})`,
    );
  }
  await db
    .insert(tipsSnapshots)
    .values({
      campaignId,
      body: null,
      bodyGzip: snapshot.bodyGzip,
      computedAt: snapshot.computedAt,
      final: snapshot.final ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: tipsSnapshots.campaignId,
      set: {
        body: null,
        bodyGzip: snapshot.bodyGzip,
        computedAt: snapshot.computedAt,
        final: snapshot.final ? 1 : 0,
      },
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

/**
 * Whether the stored standings predate a ban or a lifted ban: a banned participant still ranked, or one not
 * banned who is missing (every participant not banned has a standing from the first computation on).
 */
export async function standingsMissBans(db: DbWriter, campaignId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tipsParticipants.xUserId })
    .from(tipsParticipants)
    .leftJoin(tipsStandings, participantOfStanding)
    .where(
      and(
        eq(tipsParticipants.campaignId, campaignId),
        sql`(${tipsParticipants.bannedAt} is null) = (${tipsStandings.xUserId} is null)`,
      ),
    )
    .limit(1);
  return row !== undefined;
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
