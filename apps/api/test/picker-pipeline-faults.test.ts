// T25: X collection under faults (sandbox). 429 with x-rate-limit-reset, 5xx, a repeated or looping
// next_token, accounts deleted mid-collection → bounded retries, waits for the reset (on the shared manual
// clock, so no real time passes), and the final entry set equals the sandbox's truth. Faults that waiting
// cannot cure end the picker in 10 with a key the API translates.
import { pickerStatus } from "@dropfair/core/picker";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { createXClient, XApiError, XCursorLoopError } from "@dropfair/social/x";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pickerPipelineErrors } from "../src/modules/picker/index.ts";
import {
  entries,
  expectedReasons,
  insertPicker,
  type PickerSetup,
  pickerRow,
  run,
  type Sandbox,
  snapshot,
  startSandbox,
  truthEntrants,
} from "./picker-pipeline-harness.ts";

let database: TestDatabase;
let harness: Sandbox | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

afterAll(async () => {
  await database?.destroy();
});

/** A sandbox of its own per test: faults and deletions change its world. Backoff waits are on the manual clock. */
async function sandbox(): Promise<Sandbox> {
  harness = await startSandbox();
  return harness;
}

function fullSetup(h: Sandbox): PickerSetup {
  const { partner } = h.sandbox.world.fixtures.users;
  return {
    followTargets: [{ id: partner.id, username: partner.username }],
    requireRetweet: true,
    requireReply: true,
    filters: { banner: true, lastPostWithinDays: 30 },
  };
}

function oracleOf(h: Sandbox, setup: PickerSetup) {
  const world = h.sandbox.world;
  return {
    world,
    postId: setup.postId ?? world.fixtures.posts.giveaway,
    ownerXUserId: world.fixtures.users.host.id,
    followTargets: (setup.followTargets ?? []).map((target) => target.id),
    requireRetweet: setup.requireRetweet ?? true,
    requireReply: setup.requireReply ?? false,
    filters: setup.filters ?? {},
    banned: [],
    now: h.clock.now(),
  };
}

/** The entrants and their reasons equal the truth of the world as it is now. */
async function expectTruth(h: Sandbox, pickerId: number, setup: PickerSetup) {
  const rows = await entries(database.db, pickerId);
  const ids = rows.map((row) => row.xUserId);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual(truthEntrants(oracleOf(h, setup)));
  expect(new Map(rows.map((row) => [row.xUserId, row.excludedReason]))).toEqual(
    expectedReasons(oracleOf(h, setup)),
  );
  expect((await pickerRow(database.db, pickerId)).status).toBe(pickerStatus.readyToPick);
}

const small = { maxResults: 10, writeBatchSize: 10 };

describe("T25: faults that retries and waits cure", () => {
  it("429 with x-rate-limit-reset: waits until the reset (plus margin) and goes on", async () => {
    const h = await sandbox();
    const setup = fullSetup(h);
    h.sandbox.faults.inject({ path: /retweeted_by/, kind: "429", skip: 2, resetAfterSeconds: 120 });
    h.sandbox.faults.inject({
      path: /search\/recent/,
      kind: "429",
      body: "v1",
      skip: 1,
      resetAfterSeconds: 30,
    });
    const picker = await insertPicker(database.db, h.sandbox.world, setup);
    await run(database.db, h, picker.id, small);
    expect(h.sandbox.faults.log.map((event) => event.kind)).toEqual(["429", "429"]);
    expect(h.clock.sleeps).toEqual([121_000, 31_000]);
    await expectTruth(h, picker.id, setup);
  });

  it("5xx: bounded retries with backoff, on every list", async () => {
    const h = await sandbox();
    const setup = fullSetup(h);
    for (const path of [/followers/, /retweeted_by/, /quote_tweets/, /search\/recent/, /^\/2\/tweets$/]) {
      h.sandbox.faults.inject({ path, kind: "5xx", status: 503, skip: 1, times: 2 });
    }
    const picker = await insertPicker(database.db, h.sandbox.world, setup);
    await run(database.db, h, picker.id, small);
    expect(h.statuses.filter((status) => status === 503)).toHaveLength(10);
    expect(h.clock.sleeps.filter((ms) => ms === 1000)).toHaveLength(5);
    expect(h.clock.sleeps.filter((ms) => ms === 2000)).toHaveLength(5);
    await expectTruth(h, picker.id, setup);
  });

  it("a repeated and a looping next_token: the page is fetched again, nothing is counted twice", async () => {
    const h = await sandbox();
    const setup = fullSetup(h);
    h.sandbox.faults.inject({ path: /followers/, kind: "repeat-cursor", skip: 1 });
    h.sandbox.faults.inject({ path: /retweeted_by/, kind: "loop-cursor", skip: 1 });
    h.sandbox.faults.inject({ path: /quote_tweets/, kind: "repeat-cursor" });
    h.sandbox.faults.inject({ path: /search\/recent/, kind: "loop-cursor" });
    const picker = await insertPicker(database.db, h.sandbox.world, setup);
    await run(database.db, h, picker.id, small);
    expect(h.sandbox.faults.log.map((event) => event.kind).sort()).toEqual([
      "loop-cursor",
      "loop-cursor",
      "repeat-cursor",
      "repeat-cursor",
    ]);
    await expectTruth(h, picker.id, setup);
    const stored = await snapshot(database.db, picker.id);
    const retweets = stored.cursors.find((cursor) => cursor.stage === "retweets");
    expect(retweets?.items).toBe(h.sandbox.world.retweeterIds(picker.postId).length);
  });

  it("accounts deleted mid-collection: gone from the entrants, the rest equals the truth", async () => {
    const h = await sandbox();
    const setup = fullSetup(h);
    const before = h.sandbox.world.retweeterIds(h.sandbox.world.fixtures.posts.giveaway);
    h.sandbox.faults.inject({ path: /retweeted_by/, kind: "delete-accounts", skip: 1, count: 6 });
    h.sandbox.faults.inject({ path: /followers/, kind: "delete-accounts", skip: 2, count: 4 });
    const picker = await insertPicker(database.db, h.sandbox.world, setup);
    await run(database.db, h, picker.id, small);
    const after = h.sandbox.world.retweeterIds(picker.postId);
    expect(after.length).toBeLessThan(before.length);
    await expectTruth(h, picker.id, setup);
  });

  it("all of them at once, in every stage", async () => {
    const h = await sandbox();
    const setup = fullSetup(h);
    const faults = h.sandbox.faults;
    faults.inject({ path: /followers/, kind: "429", skip: 3, resetAfterSeconds: 300 });
    faults.inject({ path: /followers/, kind: "repeat-cursor", skip: 2 });
    faults.inject({ path: /retweeted_by/, kind: "5xx", skip: 3, times: 3 });
    faults.inject({ path: /retweeted_by/, kind: "loop-cursor", skip: 2 });
    faults.inject({ path: /retweeted_by/, kind: "delete-accounts", skip: 5, count: 3 });
    faults.inject({ path: /quote_tweets/, kind: "429", resetAfterSeconds: 60 });
    faults.inject({ path: /search\/recent/, kind: "5xx", status: 502, skip: 2, times: 2 });
    faults.inject({ path: /search\/recent/, kind: "repeat-cursor", skip: 3 });
    faults.inject({ path: /^\/2\/tweets$/, kind: "429", resetAfterSeconds: 45 });
    const picker = await insertPicker(database.db, h.sandbox.world, setup);
    await run(database.db, h, picker.id, small);
    expect(new Set(faults.log.map((event) => event.kind))).toEqual(
      new Set(["429", "5xx", "repeat-cursor", "loop-cursor", "delete-accounts"]),
    );
    expect(faults.active()).toEqual([]);
    expect(h.clock.sleeps).toEqual(expect.arrayContaining([301_000, 61_000, 46_000]));
    await expectTruth(h, picker.id, setup);
  });
});

describe("T25: faults that stay", () => {
  it("an outage longer than the retries: the run gives up after a bounded number of requests and resumes later", async () => {
    const h = await sandbox();
    const setup = fullSetup(h);
    const outage = h.sandbox.faults.inject({
      path: /retweeted_by/,
      kind: "5xx",
      skip: 3,
      times: Number.POSITIVE_INFINITY,
    });
    const picker = await insertPicker(database.db, h.sandbox.world, setup);
    const error = await run(database.db, h, picker.id, small).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(XApiError);
    expect((error as XApiError).code).toBe("server-error");
    expect(outage.fired).toBe(4); // one try and three retries
    const stopped = await snapshot(database.db, picker.id);
    expect(stopped.picker.status).toBe(pickerStatus.loadingEntries);
    expect(stopped.cursors.find((cursor) => cursor.stage === "retweets")).toMatchObject({
      pages: 3,
      done: false,
    });

    h.sandbox.faults.cancel(outage);
    await run(database.db, h, picker.id, small);
    await expectTruth(h, picker.id, setup);
  });

  it("an outage on the job's last attempt ends in 10 with picker.collectionFailed", async () => {
    const h = await sandbox();
    h.sandbox.faults.inject({ path: /quote_tweets/, kind: "5xx", times: Number.POSITIVE_INFINITY });
    const picker = await insertPicker(database.db, h.sandbox.world, fullSetup(h));
    const result = await run(database.db, h, picker.id, { ...small, lastAttempt: true });
    expect(result).toEqual({
      outcome: "failed",
      status: pickerStatus.error,
      errorMessage: pickerPipelineErrors.collectionFailed,
    });
    expect(await pickerRow(database.db, picker.id)).toMatchObject({
      status: pickerStatus.error,
      errorMessage: "picker.collectionFailed",
    });
  });

  it("a cursor that keeps looping: bounded restarts from the stored cursor, then the run fails over to a retry", async () => {
    const h = await sandbox();
    const setup = fullSetup(h);
    const loop = h.sandbox.faults.inject({
      path: /retweeted_by/,
      kind: "loop-cursor",
      times: Number.POSITIVE_INFINITY,
    });
    const picker = await insertPicker(database.db, h.sandbox.world, setup);
    const error = await run(database.db, h, picker.id, small).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(XCursorLoopError);
    // The client re-fetches a looping page twice, the pipeline restarts the list twice: at most 3 × 3 bad answers.
    expect(loop.fired).toBeGreaterThanOrEqual(3);
    expect(loop.fired).toBeLessThanOrEqual(9);

    h.sandbox.faults.cancel(loop);
    await run(database.db, h, picker.id, small);
    await expectTruth(h, picker.id, setup);
  });

  it("a rate limit whose reset is hours away stops at its stage, shows the reset, and goes on from there", async () => {
    const h = await sandbox();
    const setup = fullSetup(h);
    const threeHours = 3 * 60 * 60 * 1000;
    h.sandbox.faults.inject({
      path: /retweeted_by/,
      kind: "429",
      skip: 1,
      resetAfterSeconds: threeHours / 1000,
    });
    const picker = await insertPicker(database.db, h.sandbox.world, setup);
    const reset = new Date(h.clock.now() + threeHours);
    expect(await run(database.db, h, picker.id, small)).toEqual({
      outcome: "waiting",
      until: reset,
      waitMs: threeHours,
    });
    // Nothing slept through: the job is rescheduled instead.
    expect(h.clock.sleeps).toEqual([]);
    const waiting = await pickerRow(database.db, picker.id);
    expect(waiting).toMatchObject({ status: pickerStatus.loadingEntries, errorMessage: null });
    expect(waiting.progress).toEqual({
      stage: "retweets",
      pages: 1,
      fetched: 10,
      total: expect.any(Number),
      waitingUntil: reset.toISOString(),
    });
    const stored = await snapshot(database.db, picker.id);
    expect(stored.cursors.find((cursor) => cursor.stage === "retweets")).toMatchObject({
      pages: 1,
      done: false,
    });

    // At the reset the run goes on from the stored cursor: the first page is not read again.
    await h.clock.sleep(threeHours);
    const before = h.paths.length;
    await run(database.db, h, picker.id, small);
    await expectTruth(h, picker.id, setup);
    const retweetPages = (await snapshot(database.db, picker.id)).cursors.find(
      (cursor) => cursor.stage === "retweets",
    )?.pages;
    expect(h.paths.slice(before).filter((path) => path.endsWith("/retweeted_by"))).toHaveLength(
      (retweetPages ?? 0) - 1,
    );
    expect((await pickerRow(database.db, picker.id)).progress.waitingUntil).toBeUndefined();
  });

  it("on the job's last attempt a far reset ends in 10 with picker.xLimitReached", async () => {
    const h = await sandbox();
    h.sandbox.faults.inject({ path: /retweeted_by/, kind: "429", skip: 1, resetAfterSeconds: 3 * 60 * 60 });
    const picker = await insertPicker(database.db, h.sandbox.world, fullSetup(h));
    expect(await run(database.db, h, picker.id, { ...small, lastAttempt: true })).toMatchObject({
      status: pickerStatus.error,
      errorMessage: pickerPipelineErrors.xLimitReached,
    });
  });

  it("X's monthly usage cap ends in 10 with picker.xLimitReached", async () => {
    const h = await sandbox();
    h.sandbox.faults.inject({ path: /search\/recent/, kind: "usage-cap" });
    const picker = await insertPicker(database.db, h.sandbox.world, fullSetup(h));
    expect(await run(database.db, h, picker.id, small)).toMatchObject({
      errorMessage: pickerPipelineErrors.xLimitReached,
    });
  });

  it("the job's spending cap ends in 10 with picker.xLimitReached", async () => {
    const h = await sandbox();
    const picker = await insertPicker(database.db, h.sandbox.world, fullSetup(h));
    const capped = h.x.withBudget({ maxRequests: 5 });
    const result = await run(database.db, h, picker.id, { ...small, x: capped });
    expect(result).toMatchObject({ errorMessage: pickerPipelineErrors.xLimitReached });
    expect(capped.budget?.usage.requests).toBe(5);
  });

  it("X refusing the credentials ends in 10 with picker.collectionFailed at once, without retries", async () => {
    const h = await sandbox();
    const picker = await insertPicker(database.db, h.sandbox.world, fullSetup(h));
    const address = h.sandbox.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const revoked = createXClient({
      baseUrl: `http://127.0.0.1:${port}`,
      bearerToken: "revoked",
      clock: h.clock,
    });
    expect(await run(database.db, h, picker.id, { x: revoked })).toMatchObject({
      errorMessage: pickerPipelineErrors.collectionFailed,
    });
    expect(h.statuses).toEqual([401]);
  });
});
