// The tips collection under X's faults (T25) and a killed worker (T26), against the X sandbox: 429s with
// x-rate-limit-reset, 5xx answers and a repeated next_token make bounded retries and waits for the reset; runs cut
// short by a small budget, or by the worker dying mid-round, go on from the stored state; every time the stored
// tweets equal the sandbox's truth, without duplicates, and the leaderboard equals an uninterrupted collection's.
import { and, count, eq, isNull, tipsTweets } from "@dropfair/db";
import type { TipsCampaignDetail, TipsLeaderboard } from "@dropfair/schemas/tips";
import { beforeAll, describe, expect, it } from "vitest";
import { advanceCampaigns, collectCampaign, type TipsJobDependencies } from "../src/modules/tips/index.ts";
import {
  alice,
  appNow,
  bob,
  call,
  context,
  createCampaign,
  deployment,
  fund,
  join,
  moveTime,
  publicClient,
  useTipsApi,
  xWaits,
} from "./tips-helper.ts";

useTipsApi();

const queue = { collect: async () => {} };

function jobs(x = context.app.x): TipsJobDependencies {
  return {
    db: context.database.db,
    x,
    chainClient: () => publicClient,
    distributors: { [publicClient.chain!.id]: deployment.airdropDistributor },
    refreshMinutes: 15,
    requestsPerRun: 500,
    now: appNow,
  };
}

/** Three running campaigns with the same rules and participants: one per way of collecting. */
let campaigns: TipsCampaignDetail[];
/** The qualifying tweets the sandbox holds (its truth). */
const truth = new Set<string>();

beforeAll(async () => {
  campaigns = [];
  for (let index = 0; index < 3; index++) {
    const campaign = await fund(await createCampaign({ totalPrize: "100" }));
    await join(campaign.id, alice);
    await join(campaign.id, bob);
    campaigns.push(campaign);
  }
  await moveTime(3 * 60);
  await advanceCampaigns(jobs(), queue);
  const start = new Date(campaigns[2]!.startAt).getTime();
  // 230 qualifying tweets (three pages of search, three lookups of metrics), and one that does not qualify.
  for (let index = 0; index < 230; index++) {
    const author = index % 2 === 0 ? alice : bob;
    const tweet = context.sandbox.world.publishPost({
      authorId: author.xUserId,
      text: `#Dropfair @dropfair_host number ${index}`,
      createdAt: new Date(start + 1000 + index * 1000).toISOString(),
      publicMetrics: { impression_count: 100 * index, like_count: index % 17, retweet_count: index % 5 },
    });
    truth.add(tweet.id);
  }
  context.sandbox.world.publishPost({
    authorId: alice.xUserId,
    text: "just #Dropfair",
    createdAt: new Date(start + 500).toISOString(),
  });
  await moveTime(5 * 60);
}, 180_000);

async function storedTweets(campaignId: number) {
  const rows = await context.database.db
    .select({ tweetId: tipsTweets.tweetId })
    .from(tipsTweets)
    .where(and(eq(tipsTweets.campaignId, campaignId), isNull(tipsTweets.deletedAt)));
  return new Set(rows.map((row) => row.tweetId));
}

async function boardOf(campaignId: number) {
  await context.app.tips.recompute(campaignId);
  const board = await call<TipsLeaderboard>("GET", `/campaigns/${campaignId}/leaderboard`);
  return board.body.content.rows.map((row) => [
    row.xUserId,
    row.rank,
    row.points,
    row.views,
    row.estimatedEarned,
  ]);
}

describe("collecting a campaign's tweets when X and the worker fail", () => {
  let reference: unknown;

  it("an uninterrupted round stores exactly the sandbox's qualifying tweets", async () => {
    const outcome = await collectCampaign(jobs(), campaigns[0]!.id, 500);
    expect(outcome).toMatchObject({ done: true, stoppedBy: null });
    expect(await storedTweets(campaigns[0]!.id)).toEqual(truth);
    reference = await boardOf(campaigns[0]!.id);
    expect((reference as unknown[]).length).toBe(2);
  });

  it("waits for the reset after a 429, retries 5xx answers and a repeated cursor a bounded number of times (T25)", async () => {
    const { faults } = context.sandbox;
    xWaits.length = 0;
    faults.inject({ path: /search\/recent/, kind: "429", skip: 1, resetAfterSeconds: 120 });
    faults.inject({ path: /search\/recent/, kind: "repeat-cursor" });
    faults.inject({ path: /\/2\/users\/[0-9]+\/tweets/, kind: "5xx", status: 503, times: 2 });
    faults.inject({ path: /^\/2\/tweets$/, kind: "5xx", status: 502, skip: 1, times: 1 });
    const outcome = await collectCampaign(jobs(), campaigns[1]!.id, 500);
    expect(outcome).toMatchObject({ done: true, stoppedBy: null });
    expect(faults.log.map((event) => event.kind).sort()).toEqual([
      "429",
      "5xx",
      "5xx",
      "5xx",
      "repeat-cursor",
    ]);
    // The 429's wait reached its reset (120 s and the margin); the 5xx retries backed off.
    expect(xWaits.some((ms) => ms >= 120_000)).toBe(true);
    expect(await storedTweets(campaigns[1]!.id)).toEqual(truth);
    expect(await boardOf(campaigns[1]!.id)).toEqual(reference);
  });

  it("a round cut into runs by a small budget, and a worker killed mid-round, end with the same result (T26)", async () => {
    const campaignId = campaigns[2]!.id;
    // The worker dies (the process is killed) before its third transaction (two pages of search stored): what it stored before stays.
    let transactions = 0;
    const db = context.database.db;
    const dying = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "transaction") return Reflect.get(target, property, receiver);
        return (work: Parameters<typeof db.transaction>[0]) => {
          transactions += 1;
          if (transactions > 2) throw new Error("worker killed");
          return target.transaction(work);
        };
      },
    });
    await expect(collectCampaign({ ...jobs(), db: dying }, campaignId, 500)).rejects.toThrow("worker killed");
    const partial = await storedTweets(campaignId);
    expect(partial.size).toBeLessThan(truth.size);
    // The next runs have a budget of two requests each (five: a whole timeline): every run stops early and the next goes on.
    let runs = 0;
    for (;;) {
      runs += 1;
      const outcome = await collectCampaign(jobs(), campaignId, 2);
      if (outcome.done) break;
      expect(outcome.stoppedBy).toBe("XSpendingCapError");
      if (runs > 30) throw new Error("the round never finished");
    }
    expect(runs).toBeGreaterThan(1);
    expect(await storedTweets(campaignId)).toEqual(truth);
    const [stored] = await context.database.db
      .select({ total: count() })
      .from(tipsTweets)
      .where(eq(tipsTweets.campaignId, campaignId));
    expect(stored!.total).toBe(truth.size);
    expect(await boardOf(campaignId)).toEqual(reference);
  });
});
