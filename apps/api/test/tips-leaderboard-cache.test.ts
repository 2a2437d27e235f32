import { and, eq, tipsParticipants, tipsStandings, tipsTweets } from "@dropfair/db";
import type { TipsLeaderboard } from "@dropfair/schemas/tips";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestContext } from "./helper.ts";
import {
  insertParticipantsWithTweets,
  insertRunningTipsCampaign,
  userIdOfWallet,
} from "./tips-rows-helper.ts";

const start = new Date("2026-03-01T00:00:00.000Z");

type Board = {
  context: TestContext;
  campaignId: number;
  creatorToken: string;
  /** Wallet tokens of the participants; participant n has X id `70n` and n + 1 tweets (so rank 3 - n). */
  tokens: string[];
};

/** A running campaign of three participants, signed in with their wallets, and its leaderboard computed. */
async function board(publicCacheMs: string): Promise<Board> {
  const context = await buildTestApp({ environment: { PUBLIC_CACHE_MS: publicCacheMs } });
  const { db } = context.database;
  const creator = await signIn(context.app);
  const signedIn = [await signIn(context.app), await signIn(context.app), await signIn(context.app)];
  const campaignId = await insertRunningTipsCampaign(db, {
    creatorUserId: await userIdOfWallet(db, creator.wallet.address),
    title: "Cached pages",
    startsAt: start,
    participantCount: signedIn.length,
  });
  await insertParticipantsWithTweets(db, campaignId, {
    prefix: "70",
    name: "Cached",
    wallets: signedIn.map((participant) => participant.wallet.address),
    start,
    metrics: { views: 100, likes: 1 },
  });
  await context.app.tips.recompute(campaignId);
  return {
    context,
    campaignId,
    creatorToken: creator.token,
    tokens: signedIn.map((participant) => participant.token),
  };
}

async function page(given: Board, token?: string, query = "pageSize=2") {
  const response = await given.context.app.inject({
    url: `/api/bounty/tips/campaigns/${given.campaignId}/leaderboard?${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { content: TipsLeaderboard }).content;
}

/** Renames a participant behind the app's back, as another replica or the worker would. */
async function renameInDatabase(given: Board, xUserId: string, name: string) {
  const changed = await given.context.database.db
    .update(tipsParticipants)
    .set({ name })
    .where(and(eq(tipsParticipants.campaignId, given.campaignId), eq(tipsParticipants.xUserId, xUserId)))
    .returning({ xUserId: tipsParticipants.xUserId });
  expect(changed).toHaveLength(1);
}

const namesOf = (content: TipsLeaderboard) => content.rows.map((row) => row.name);

describe("the leaderboard page kept in memory (PUBLIC_CACHE_MS)", () => {
  let given: Board;
  beforeAll(async () => {
    given = await board("60000");
  }, 60_000);
  afterAll(async () => {
    await given?.context.close();
  });

  it("answers every caller the kept page, and each caller their own row, read for them", async () => {
    const [first, second, third] = given.tokens as [string, string, string];
    const anonymous = await page(given);
    expect(namesOf(anonymous)).toEqual(["Cached 2", "Cached 1"]);
    expect(anonymous.me).toBeNull();
    // The page is kept: a change behind the app's back does not show in it…
    await renameInDatabase(given, "700", "Renamed 0");
    await renameInDatabase(given, "702", "Renamed 2");
    for (const [token, own] of [
      [first, { rank: 3, xUserId: "700", name: "Renamed 0" }],
      [second, { rank: 2, xUserId: "701", name: "Cached 1" }],
      [third, { rank: 1, xUserId: "702", name: "Renamed 2" }],
    ] as const) {
      const seen = await page(given, token);
      expect(namesOf(seen)).toEqual(["Cached 2", "Cached 1"]);
      expect(seen.total).toBe(3);
      // …but the caller's own row is theirs, and read afresh.
      expect(seen.me).toMatchObject(own);
    }
    // Asked in the other order, by the last caller first: still no one's row but the caller's.
    expect((await page(given, second)).me?.xUserId).toBe("701");
    expect((await page(given, first)).me?.xUserId).toBe("700");
    expect((await page(given)).me).toBeNull();
  });

  it("shows a recomputation through the process at once", async () => {
    await given.context.database.db.insert(tipsTweets).values(
      [0, 1, 2, 3].map((tweet) => ({
        campaignId: given.campaignId,
        tweetId: `900${tweet}`,
        xUserId: "700",
        createdAt: new Date(start.getTime() + (tweet % 3) * 86_400_000 + 3_600_000),
        text: "more #dropfair",
        views: 100,
        likes: 1,
        replies: 0,
        retweets: 0,
        quotes: 0,
        refreshedAt: start,
      })),
    );
    const before = await page(given);
    await given.context.app.tips.recompute(given.campaignId);
    const after = await page(given);
    expect(after.rows.map((row) => [row.xUserId, row.rank, row.tweets])).toEqual([
      ["700", 1, 5],
      ["702", 2, 3],
    ]);
    expect(after.computedAt).not.toBe(before.computedAt);
  });

  it("shows a ban's write through the process at once", async () => {
    await renameInDatabase(given, "702", "Renamed again");
    expect(namesOf(await page(given))).toEqual(["Renamed 0", "Renamed 2"]);
    const banned = await given.context.app.inject({
      method: "POST",
      url: `/api/bounty/tips/campaigns/${given.campaignId}/bans`,
      headers: { authorization: `Bearer ${given.creatorToken}` },
      payload: { xUserId: "701", reason: "bought likes" },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(namesOf(await page(given))).toEqual(["Renamed 0", "Renamed again"]);
    // The banned participant leaves the ranking at the recomputation the ban asks for.
    await given.context.app.tips.recompute(given.campaignId);
    const after = await page(given, given.tokens[1]);
    expect(after.rows.map((row) => row.xUserId)).toEqual(["700", "702"]);
    expect(after.total).toBe(2);
    expect(after.me).toBeNull();
  });
});

describe("the leaderboard with PUBLIC_CACHE_MS=0", () => {
  let given: Board;
  beforeAll(async () => {
    given = await board("0");
  }, 60_000);
  afterAll(async () => {
    await given?.context.close();
  });

  it("reads every page afresh", async () => {
    expect(namesOf(await page(given))).toEqual(["Cached 2", "Cached 1"]);
    await renameInDatabase(given, "702", "Renamed 2");
    expect(namesOf(await page(given))).toEqual(["Renamed 2", "Cached 1"]);
    // Standings replaced behind the app's back (the worker's recomputation) show at once too.
    await given.context.database.db
      .update(tipsStandings)
      .set({ points: "999" })
      .where(and(eq(tipsStandings.campaignId, given.campaignId), eq(tipsStandings.xUserId, "702")));
    expect((await page(given, given.tokens[2])).rows[0]?.points).toBe("999");
  });
});
