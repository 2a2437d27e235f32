// X lists longer than one check reads (the app reads at most 10 pages): an account not seen in the part read is
// undecided, so the check answers the retryable 424 'not confirmed yet' (en and cn, Retry-After), records and
// credits nothing, and never the mission's failure. The sandbox's benchmark post has 100,000 reposters, about
// 55,000 likers and about 5,000 quote posts: far more than 10 pages of each.
import { typeCodes } from "@dropfair/schemas/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildMissionsApp,
  check,
  completionRows,
  createMission,
  expectFailure,
  ledgerRows,
  type MissionsContext,
  player,
} from "./missions-helper.ts";

let context: MissionsContext;

beforeAll(async () => {
  context = await buildMissionsApp();
});
afterAll(async () => {
  await context?.close();
});

const world = () => context.sandbox.world;
const benchPost = () => world().fixtures.posts.bench;

const notConfirmedYet = {
  status: 424,
  typeCode: typeCodes.missionUpstreamUnavailable,
  en: "X lists more accounts than one check can read, so we could not confirm this mission yet. Nothing was decided; please try again later.",
  cn: "X 的名单过长，单次校验读不完，暂时无法确认该任务。结果未作判定，请稍后重试。",
};

describe("a list longer than the check reads", () => {
  it("retweet: 424 'not confirmed yet' with Retry-After, nothing recorded; done once the repost is seen", async () => {
    const mission = await createMission(context, {
      kind: "x_retweet",
      parameters: { postId: benchPost() },
      rewardEp: 25,
    });
    const alice = await player(context, { x: true });
    await expectFailure(context, mission, alice, notConfirmedYet);
    const response = await check(context, mission, alice);
    expect(response.statusCode).toBe(424);
    expect(response.headers["retry-after"]).toBe("60");
    expect(await completionRows(context, mission.id)).toEqual([]);
    expect(await ledgerRows(context, mission.id)).toEqual([]);

    // A new repost is at the head of X's list: the next check sees it and credits once.
    expect(world().recordRetweet(benchPost(), alice.x!.id)).toBe(true);
    const done = await check(context, mission, alice);
    expect(done.statusCode).toBe(200);
    expect(done.json().content).toMatchObject({ newlyCompleted: true, mission: { state: "done" } });
    expect((await ledgerRows(context, mission.id)).map((row) => row.amount)).toEqual([25]);
  });

  it("like: 424 'not confirmed yet', nothing recorded", async () => {
    const mission = await createMission(context, {
      kind: "x_like",
      parameters: { postId: benchPost() },
      rewardEp: 10,
    });
    const bob = await player(context, { x: true });
    await expectFailure(context, mission, bob, notConfirmedYet);
    expect(await completionRows(context, mission.id)).toEqual([]);
    expect(await ledgerRows(context, mission.id)).toEqual([]);
  });

  it("quote: 424 'not confirmed yet', nothing recorded", async () => {
    const mission = await createMission(context, {
      kind: "x_quote",
      parameters: { postId: benchPost() },
      rewardEp: 10,
    });
    const carol = await player(context, { x: true });
    await expectFailure(context, mission, carol, notConfirmedYet);
    expect(await completionRows(context, mission.id)).toEqual([]);
    expect(await ledgerRows(context, mission.id)).toEqual([]);
  });
});
