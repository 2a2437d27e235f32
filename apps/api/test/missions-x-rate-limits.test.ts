// X's real rate limits on mission checks: the client waits for the window's reset and resumes, so a limit is
// never a false "not done" and never a 5xx; a reset further away than the client waits answers the retryable
// 424 with Retry-After, and nothing is recorded. The sandbox counts X's 15-minute windows and answers 429 with
// x-rate-limit-reset; one manual clock drives the sandbox, the app's X client and the app, so a wait for a
// reset takes no real time.
import { typeCodes } from "@dropfair/schemas/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildMissionsApp,
  check,
  completionRows,
  createMission,
  ledgerRows,
  type MissionsContext,
  player,
} from "./missions-helper.ts";

// Whole seconds, so waits for resets (given in seconds) are exact.
let now = Math.ceil(Date.now() / 1000) * 1000;
const sleeps: number[] = [];
const clock = {
  now: () => now,
  sleep: async (ms: number) => {
    sleeps.push(ms);
    now += ms;
  },
};

let context: MissionsContext;

beforeAll(async () => {
  context = await buildMissionsApp(
    {},
    {
      // X's own limit on one endpoint, made tiny: one request per app per 15-minute window.
      sandbox: { clock: clock.now, rateLimits: { limits: { "tweets.retweetedBy": { app: 1 } } } },
      client: { clock },
      now: () => new Date(now),
    },
  );
});
afterAll(async () => {
  await context?.close();
});

const world = () => context.sandbox.world;
const freshPost = () => world().publishPost({ authorId: world().fixtures.users.host.id, text: "gm" }).id;

/** Sleeps of the client since `mark` (an index into `sleeps`). */
const sleptSince = (mark: number) => sleeps.slice(mark);

describe("mission checks under X's rate limits", () => {
  it("a spent window: the next check waits for its reset and resumes, and both complete", async () => {
    const postId = freshPost();
    const mission = await createMission(context, { kind: "x_retweet", parameters: { postId }, rewardEp: 10 });
    const first = await player(context, { x: true });
    const second = await player(context, { x: true });
    world().recordRetweet(postId, first.x!.id);
    world().recordRetweet(postId, second.x!.id);

    const mark = sleeps.length;
    const answers = [await check(context, mission, first), await check(context, mission, second)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().content.mission.state)).toEqual(["done", "done"]);
    // The first answer left 0 requests in the window: the client slept until its reset (15 minutes, plus its
    // one-second margin at most) before asking X again.
    const waits = sleptSince(mark);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(14 * 60_000);
    expect(waits[0]).toBeLessThanOrEqual(15 * 60_000 + 1000);
    expect(await completionRows(context, mission.id)).toHaveLength(2);
    expect(await ledgerRows(context, mission.id)).toHaveLength(2);
  });

  it("a 429 with x-rate-limit-reset: the check waits exactly until the reset and completes", async () => {
    const postId = freshPost();
    const mission = await createMission(context, { kind: "x_like", parameters: { postId }, rewardEp: 10 });
    const who = await player(context, { x: true });
    world().recordLike(postId, who.x!.id);
    context.sandbox.faults.inject({ path: /liking_users/, kind: "429", resetAfterSeconds: 120, times: 1 });

    const mark = sleeps.length;
    const firedBefore = context.sandbox.faults.log.length;
    const response = await check(context, mission, who);
    expect(response.statusCode).toBe(200);
    expect(response.json().content.mission.state).toBe("done");
    expect(context.sandbox.faults.log.slice(firedBefore).map((fired) => fired.kind)).toEqual(["429"]);
    // 120 s to the reset, plus the client's one-second margin.
    expect(sleptSince(mark)).toEqual([121_000]);
    expect(await completionRows(context, mission.id)).toHaveLength(1);
    expect(await ledgerRows(context, mission.id)).toHaveLength(1);
  });

  it("a reset further away than the client waits: retryable 424 with Retry-After, nothing recorded", async () => {
    const postId = freshPost();
    const mission = await createMission(context, { kind: "x_quote", parameters: { postId }, rewardEp: 10 });
    const who = await player(context, { x: true });
    world().publishPost({ authorId: who.x!.id, text: "quoting", quoteOf: postId });
    context.sandbox.faults.inject({ path: /quote_tweets/, kind: "429", resetAfterSeconds: 3600, times: 1 });

    const mark = sleeps.length;
    const response = await check(context, mission, who);
    expect(response.statusCode).toBe(424);
    expect(response.headers["retry-after"]).toBe("3600");
    expect(response.json()).toEqual({
      content: null,
      typeCode: typeCodes.missionUpstreamUnavailable,
      message:
        "We could not reach X to check this mission. Nothing was decided; please try again in a moment.",
    });
    expect(sleptSince(mark)).toEqual([]);
    expect(await completionRows(context, mission.id)).toEqual([]);
    expect(await ledgerRows(context, mission.id)).toEqual([]);

    // Asked again before the reset, the client does not spend a request X would refuse: the same 424.
    const early = await check(context, mission, who);
    expect(early.statusCode).toBe(424);
    expect(early.headers["retry-after"]).toBe("3600");
    // After the Retry-After, the same check completes.
    now += 3600_000;
    const again = await check(context, mission, who);
    expect(again.statusCode).toBe(200);
    expect(again.json().content.mission.state).toBe("done");
    expect(await ledgerRows(context, mission.id)).toHaveLength(1);
  });
});
