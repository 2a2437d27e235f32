// The creator's confirmation of a final leaderboard right after a ban (docs/tips.md, "The end"): a ban queues a
// recomputation a few seconds later, and a confirmation in between must not pay out the standings from before
// the ban. The confirmation computes the final leaderboard again when the stored one predates a ban or a lifted
// ban, and leaves it as it is otherwise.
import { gunzipSync } from "node:zlib";
import { eq, tipsCampaigns, tipsSnapshots, tipsStandings } from "@dropfair/db";
import { tipsStatuses } from "@dropfair/schemas/tips";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, signIn, type TestContext } from "./helper.ts";
import {
  insertParticipantsWithTweets,
  insertRunningTipsCampaign,
  userIdOfWallet,
} from "./tips-rows-helper.ts";

const start = new Date("2026-03-01T00:00:00.000Z");
const totalPrize = "1000000";

let context: TestContext;
let campaignId: number;
let creatorToken: string;

/** Participant n has X id `90n` and n + 1 tweets; the campaign waits for confirmation with its final board. */
beforeEach(async () => {
  context = await buildTestApp();
  const { db } = context.database;
  const creator = await signIn(context.app);
  creatorToken = creator.token;
  campaignId = await insertRunningTipsCampaign(db, {
    creatorUserId: await userIdOfWallet(db, creator.wallet.address),
    title: "Confirm after a ban",
    startsAt: start,
    participantCount: 2,
    totalPrize,
  });
  await insertParticipantsWithTweets(db, campaignId, {
    prefix: "90",
    name: "Poster",
    wallets: [(await signIn(context.app)).wallet.address, (await signIn(context.app)).wallet.address],
    start,
    metrics: { views: 1000, likes: 5 },
  });
  await context.app.tips.recompute(campaignId, { final: true });
  await db
    .update(tipsCampaigns)
    .set({ status: tipsStatuses.awaitingConfirmation })
    .where(eq(tipsCampaigns.id, campaignId));
});

afterEach(async () => {
  await context.close();
});

async function send(method: "POST" | "DELETE", path: string, body?: object) {
  const response = await context.app.inject({
    method,
    url: `/api/bounty/tips/campaigns/${campaignId}${path}`,
    headers: { authorization: `Bearer ${creatorToken}` },
    ...(body ? { payload: body } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function storedStandings() {
  return context.database.db
    .select({ xUserId: tipsStandings.xUserId, earned: tipsStandings.estimatedEarned })
    .from(tipsStandings)
    .where(eq(tipsStandings.campaignId, campaignId))
    .orderBy(tipsStandings.rank);
}

async function storedSnapshot() {
  const [row] = await context.database.db
    .select()
    .from(tipsSnapshots)
    .where(eq(tipsSnapshots.campaignId, campaignId));
  const file = JSON.parse(gunzipSync(row!.bodyGzip!).toString("utf8")) as {
    participants: { userId: string; banned: boolean }[];
  };
  return { final: row!.final, computedAt: row!.computedAt, participants: file.participants };
}

describe("confirming the final leaderboard right after a ban", () => {
  it("computes it again without the banned participant before confirming: they are not ranked and not paid", async () => {
    expect((await storedStandings()).map((row) => row.xUserId)).toEqual(["901", "900"]);
    // The ban's own recomputation is only queued (no queue runs here), as in the seconds after a real ban.
    await send("POST", "/bans", { xUserId: "901", reason: "bought views" });
    expect((await storedStandings()).map((row) => row.xUserId)).toEqual(["901", "900"]);

    await send("POST", "/confirm");

    expect(await storedStandings()).toEqual([{ xUserId: "900", earned: totalPrize }]);
    const snapshot = await storedSnapshot();
    expect(snapshot.final).toBe(1);
    expect(snapshot.participants.find((participant) => participant.userId === "901")?.banned).toBe(true);
    const [campaign] = await context.database.db
      .select({ status: tipsCampaigns.status })
      .from(tipsCampaigns)
      .where(eq(tipsCampaigns.id, campaignId));
    expect(campaign!.status).toBe(tipsStatuses.ended);
  });

  it("computes it again after a lifted ban: the participant is ranked and paid again", async () => {
    await send("POST", "/bans", { xUserId: "901", reason: "bought views" });
    await context.app.tips.recompute(campaignId, { final: true });
    expect((await storedStandings()).map((row) => row.xUserId)).toEqual(["900"]);
    await send("DELETE", "/bans/901");

    await send("POST", "/confirm");

    expect((await storedStandings()).map((row) => row.xUserId)).toEqual(["901", "900"]);
  });

  it("leaves an up-to-date final leaderboard as it is", async () => {
    const before = await storedSnapshot();

    await send("POST", "/confirm");

    expect((await storedSnapshot()).computedAt).toEqual(before.computedAt);
    expect((await storedStandings()).map((row) => row.xUserId)).toEqual(["901", "900"]);
  });
});
