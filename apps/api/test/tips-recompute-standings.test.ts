// The tips recomputation's stored results (docs/tips.md): every standing row (rank, sums, earnings and each
// column's ascending and descending position) equals an independent computation from the published snapshot file
// (the core formula, then positions by sorting the values as bigints, ties by rank), and the published file is
// byte for byte the snapshot built from the tables' rows. The data has ties in every column, sums past 2^53 in one
// column, an account without counted tweets, a banned one, and X ids that need quoting in SQL arrays.
import { gunzipSync } from "node:zlib";
import {
  buildTipsSnapshot,
  recomputeTipsSnapshot,
  type TipsParticipant,
  type TipsStanding,
} from "@dropfair/core/tips";
import { eq, sql, tipsCampaigns, tipsParticipants, tipsSnapshots, tipsTweets, users } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTipsService, type TipsDependencies, type TipsService } from "../src/modules/tips/index.ts";
import { insertRunningTipsCampaign } from "./tips-rows-helper.ts";

const start = new Date("2026-03-01T00:00:00.000Z");
const xIds = [
  ...Array.from({ length: 30 }, (_, n) => String(700 + n)),
  'quote"d',
  "back\\slash",
  "comma,{brace}",
  "NULL",
  " spaced ",
  "ünï😀",
];
const positioned = ["tweets", "views", "likes", "replies", "retweets", "quotes", "interactions"] as const;

let database: TestDatabase;
let tips: TipsService;
let campaignId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: xIds.length + 1 }, (_, n) => ({
        address: `0x${(n + 1).toString(16).padStart(40, "0")}` as const,
      })),
    )
    .returning({ id: users.id });
  campaignId = await insertRunningTipsCampaign(db, {
    creatorUserId: created[0]!.id,
    title: "Recompute",
    startsAt: start,
    participantCount: xIds.length,
    totalPrize: "1000000000000000000000",
  });
  await db.insert(tipsParticipants).values(
    xIds.map((xUserId, index) => ({
      campaignId,
      xUserId,
      userId: created[index + 1]!.id,
      username: `tipper${index}`,
      name: `Tipper ${index}`,
      bannedAt: index === 4 ? start : null,
    })),
  );
  // Small value sets give ties in every column; participants 10 and 11 have views summing past 2^53 (equal
  // sums: a tie there too), 12 only tweets without the hashtag, and 13 has no tweets at all.
  await db.insert(tipsTweets).values(
    xIds.flatMap((xUserId, index) =>
      index === 13
        ? []
        : Array.from({ length: 1 + (index % 4) }, (__, tweet) => ({
            campaignId,
            tweetId: String(90_000 + index * 10 + tweet),
            xUserId,
            createdAt: new Date(start.getTime() + (tweet + 1) * 86_400_000 + index * 1_037 + 1),
            text: index === 12 ? "gm without the tag" : "gm #dropfair",
            views:
              index === 10 || index === 11
                ? Number.MAX_SAFE_INTEGER - tweet
                : ((index * 13) % 5) * 100 + tweet,
            likes: index % 3,
            replies: (index + tweet) % 2,
            retweets: (index * 7) % 5,
            quotes: index % 2,
            refreshedAt: start,
          })),
    ),
  );
  tips = createTipsService({ db, now: () => new Date() } as TipsDependencies);
});

afterAll(async () => {
  await database.destroy();
});

type StoredRow = Record<string, string | number>;

async function storedRows(): Promise<StoredRow[]> {
  const result = await database.db.execute(
    sql`select * from tips_standings where campaign_id = ${campaignId} order by rank`,
  );
  // Numbers and numerics as decimal strings on both drivers.
  return (result as unknown as { rows: StoredRow[] }).rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
  );
}

/** Where each standing stands in a column, by sorting its values as bigints with ties by rank ascending. */
function positionsBySorting(standings: readonly TipsStanding[], column: (typeof positioned)[number]) {
  const ascending = new Map<string, number>();
  const descending = new Map<string, number>();
  for (const [positions, sign] of [
    [ascending, 1n],
    [descending, -1n],
  ] as const) {
    const sorted = [...standings].sort((left, right) => {
      const difference = (BigInt(left[column]) - BigInt(right[column])) * sign;
      return difference === 0n ? left.rank - right.rank : difference < 0n ? -1 : 1;
    });
    for (const [index, standing] of sorted.entries()) positions.set(standing.userId, index + 1);
  }
  return { ascending, descending };
}

/** The snapshot file as built from the tables' full rows (the way the recomputation once read them). */
async function snapshotFromRows(): Promise<string> {
  const { db } = database;
  const [campaign] = await db.select().from(tipsCampaigns).where(eq(tipsCampaigns.id, campaignId));
  const participants = await db
    .select()
    .from(tipsParticipants)
    .where(eq(tipsParticipants.campaignId, campaignId));
  const tweets = await db.select().from(tipsTweets).where(eq(tipsTweets.campaignId, campaignId));
  const snapshotParticipants: TipsParticipant[] = participants.map((participant) => ({
    userId: participant.xUserId,
    banned: participant.bannedAt !== null,
    tweets: tweets
      .filter((tweet) => tweet.xUserId === participant.xUserId && tweet.deletedAt === null)
      .map((tweet) => ({
        id: tweet.tweetId,
        createdAt: tweet.createdAt.toISOString(),
        text: tweet.text,
        views: tweet.views,
        likes: tweet.likes,
        replies: tweet.replies,
        retweets: tweet.retweets,
        quotes: tweet.quotes,
      })),
  }));
  const rules = {
    weights: {
      views: campaign!.weightViews,
      likes: campaign!.weightLikes,
      replies: campaign!.weightReplies,
      retweets: campaign!.weightRetweets,
      quotes: campaign!.weightQuotes,
    },
    tweetCap: campaign!.tweetCap,
    dailyTweets: campaign!.dailyTweets,
    totalPrize: BigInt(campaign!.totalPrize),
    start: campaign!.startsAt.toISOString(),
    end: campaign!.endsAt.toISOString(),
    hashtag: campaign!.hashtag,
    mention: campaign!.mention,
    slogan: campaign!.slogan,
  };
  return JSON.stringify(buildTipsSnapshot(String(campaignId), rules, snapshotParticipants));
}

async function expectStoredEqualsIndependent(): Promise<void> {
  const [snapshot] = await database.db
    .select()
    .from(tipsSnapshots)
    .where(eq(tipsSnapshots.campaignId, campaignId));
  // Stored gzip-compressed only (the plain text column is for files written before that).
  expect(snapshot!.body).toBeNull();
  const body = gunzipSync(snapshot!.bodyGzip!).toString("utf8");
  expect(body).toBe(await snapshotFromRows());
  const standings = recomputeTipsSnapshot(body).standings;
  expect(standings.length).toBe(xIds.length - 1);
  const positions = Object.fromEntries(
    positioned.map((column) => [column, positionsBySorting(standings, column)]),
  );
  const expected = standings.map((standing) => ({
    campaign_id: String(campaignId),
    x_user_id: standing.userId,
    rank: String(standing.rank),
    points: standing.points,
    tweets: String(standing.tweets),
    views: standing.views,
    likes: standing.likes,
    replies: standing.replies,
    retweets: standing.retweets,
    quotes: standing.quotes,
    interactions: standing.interactions,
    estimated_earned: standing.estimatedEarned,
    ...Object.fromEntries(
      positioned.flatMap((column) => [
        [`${column}_asc`, String(positions[column]!.ascending.get(standing.userId))],
        [`${column}_desc`, String(positions[column]!.descending.get(standing.userId))],
      ]),
    ),
  }));
  expect(await storedRows()).toEqual(expected);
}

describe("tips recomputation", () => {
  it("stores the standings and positions an independent computation gives, and the snapshot file built from the rows", async () => {
    await expect(tips.recompute(campaignId)).resolves.toEqual({
      participants: xIds.length - 1,
      totalPoints: expect.stringMatching(/^[1-9][0-9]*$/),
    });
    const rows = await storedRows();
    // The data is what this test claims: sums past 2^53, and ties in every positioned column.
    expect(rows.some((row) => BigInt(row.views!) > BigInt(Number.MAX_SAFE_INTEGER))).toBe(true);
    for (const column of positioned) {
      expect(new Set(rows.map((row) => row[column])).size).toBeLessThan(rows.length);
    }
    await expectStoredEqualsIndependent();
  });

  it("replaces every row on a recomputation with new metrics and a deleted tweet", async () => {
    await database.db
      .update(tipsTweets)
      .set({ likes: sql`(${tipsTweets.likes} * 5 + 3) % 4`, quotes: sql`${tipsTweets.quotes} + 2` })
      .where(eq(tipsTweets.campaignId, campaignId));
    await database.db
      .update(tipsTweets)
      .set({ deletedAt: start })
      .where(eq(tipsTweets.tweetId, String(90_000 + 3 * 10)));
    await tips.recompute(campaignId, { final: true });
    await expectStoredEqualsIndependent();
  });
});
