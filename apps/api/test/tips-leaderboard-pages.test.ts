import { eq, sql, tipsParticipants, tipsTweets, users } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { type TipsSortColumn, type TipsStanding, tipsSortColumns } from "@dropfair/schemas/tips";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTipsService, type TipsDependencies, type TipsService } from "../src/modules/tips/index.ts";
import type { Session } from "../src/platform/auth.ts";
import { insertRunningTipsCampaign } from "./tips-rows-helper.ts";

const participantCount = 23;
const pageSize = 5;
const start = new Date("2026-03-01T00:00:00.000Z");

let database: TestDatabase;
let tips: TipsService;
let campaignId: number;
/** The wallet user of participant n (1-based) is userIds[n - 1]. */
const userIds: number[] = [];

function viewer(userId: number): Session {
  return {
    sessionId: 0,
    userId,
    address: `0x${userId.toString(16).padStart(40, "0")}`,
    project: "DROPFAIR",
    expiresAt: new Date(Date.now() + 3_600_000),
    signedInAt: new Date(),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: participantCount + 1 }, (_, n) => ({
        address: `0x${(n + 1).toString(16).padStart(40, "0")}` as const,
      })),
    )
    .returning({ id: users.id });
  const [creator, ...participants] = created.map((row) => row.id);
  userIds.push(...participants);
  campaignId = await insertRunningTipsCampaign(db, {
    creatorUserId: creator!,
    title: "Pages",
    startsAt: start,
    participantCount: participantCount,
  });
  await db.insert(tipsParticipants).values(
    participants.map((userId, index) => ({
      campaignId,
      xUserId: String(500 + index),
      userId,
      username: `tipper${index}`,
      name: `Tipper ${index}`,
      // Participant 7 is banned: dropped from the ranking.
      bannedAt: index === 6 ? start : null,
    })),
  );
  // Small value sets, so every column has ties (and some participants tie on points too).
  await db.insert(tipsTweets).values(
    participants.flatMap((_, index) =>
      Array.from({ length: 1 + (index % 3) }, (__, tweet) => ({
        campaignId,
        tweetId: String(9000 + index * 10 + tweet),
        xUserId: String(500 + index),
        createdAt: new Date(start.getTime() + (tweet + 1) * 86_400_000),
        text: "gm #dropfair",
        views: (index % 4) * 100,
        likes: index % 3,
        replies: index % 2,
        retweets: (index * 7) % 5,
        quotes: index % 2,
        refreshedAt: start,
      })),
    ),
  );
  tips = createTipsService({ db, now: () => new Date() } as TipsDependencies);
  await tips.recompute(campaignId);
});

afterAll(async () => {
  await database.destroy();
});

type Row = { x_user_id: string; rank: number } & Record<string, string | number>;

/** The whole leaderboard as stored, sorted in memory the way a page must be. */
async function sortedInMemory(sort: TipsSortColumn, order: "asc" | "desc"): Promise<string[]> {
  const result = await database.db.execute(
    sql`select x_user_id, rank, tweets, views, likes, replies, retweets, quotes, interactions from tips_standings where campaign_id = ${campaignId}`,
  );
  const rows = [...(result as unknown as { rows: Row[] }).rows];
  const column = { rank: "rank", points: "rank", estimatedEarned: "rank" }[sort as string] ?? sort;
  // Points and earnings descending are rank ascending; ties in any other column go by rank ascending.
  const direction =
    column === "rank" && sort !== "rank" ? (order === "desc" ? 1 : -1) : order === "asc" ? 1 : -1;
  rows.sort((left, right) => {
    const a = BigInt(left[column]!);
    const b = BigInt(right[column]!);
    if (a !== b) return (a < b ? -1 : 1) * direction;
    return left.rank - right.rank;
  });
  return rows.map((row) => row.x_user_id);
}

describe("tips leaderboard pages", () => {
  it("ranks every participant but the banned one, ranks 1…n, with ties in the columns", async () => {
    const board = await tips.leaderboard(null, campaignId, { page: 1, pageSize: 100, sort: "rank" });
    expect(board.total).toBe(participantCount - 1);
    expect(board.rows.map((row) => row.rank)).toEqual(
      Array.from({ length: participantCount - 1 }, (_, n) => n + 1),
    );
    expect(board.rows.some((row) => row.xUserId === "506")).toBe(false);
    const views = board.rows.map((row) => row.views);
    expect(new Set(views).size).toBeLessThan(views.length);
  });

  for (const sort of tipsSortColumns) {
    for (const order of ["asc", "desc"] as const) {
      it(`pages by ${sort} ${order} equal the whole leaderboard sorted in memory`, async () => {
        const expected = await sortedInMemory(sort, order);
        const pages = Math.ceil(expected.length / pageSize);
        const seen: string[] = [];
        // One page past the end answers no rows.
        for (let page = 1; page <= pages + 1; page++) {
          const board = await tips.leaderboard(viewer(userIds[2]!), campaignId, {
            page,
            pageSize,
            sort,
            order,
          });
          expect(board.total).toBe(participantCount - 1);
          expect(board.me?.xUserId).toBe("502");
          expect(board.rows.length).toBe(
            Math.max(0, Math.min(pageSize, expected.length - (page - 1) * pageSize)),
          );
          seen.push(...board.rows.map((row: TipsStanding) => row.xUserId));
        }
        expect(seen).toEqual(expected);
      });
    }
  }

  it("answers the banned participant's own row as none, and a stranger's as none", async () => {
    const banned = await tips.leaderboard(viewer(userIds[6]!), campaignId, {
      page: 1,
      pageSize,
      sort: "views",
    });
    expect(banned.me).toBeNull();
    const stranger = await tips.leaderboard(viewer(999_999), campaignId, {
      page: 1,
      pageSize,
      sort: "views",
    });
    expect(stranger.me).toBeNull();
    expect(stranger.rows.length).toBe(pageSize);
  });

  // Last: it changes the metrics. A recomputation rewrites every column's positions with the standings.
  it("pages follow a recomputation with new metrics, in both orders", async () => {
    await database.db
      .update(tipsTweets)
      .set({
        views: sql`(${tipsTweets.views} * 7 + ${tipsTweets.likes} * 100) % 500`,
        quotes: sql`${tipsTweets.quotes} + 1`,
      })
      .where(eq(tipsTweets.campaignId, campaignId));
    await tips.recompute(campaignId);
    for (const sort of ["views", "quotes", "interactions"] as const) {
      for (const order of ["asc", "desc"] as const) {
        const board = await tips.leaderboard(null, campaignId, { page: 1, pageSize: 100, sort, order });
        expect(board.rows.map((row) => row.xUserId)).toEqual(await sortedInMemory(sort, order));
        expect(board.me).toBeNull();
      }
    }
  });
});
