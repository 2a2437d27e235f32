// The pipeline as a pg-boss job on the test database: one job per picker at a time, a failed attempt
// retried by pg-boss resumes from the stored cursors instead of starting over, and a rate limit spent until
// a far reset puts the job back in the queue until then.
import { pickerStatus } from "@dropfair/core/picker";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { fromPglite, PgBoss } from "pg-boss";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  enqueuePickerPipeline,
  type PickerPipelineJobData,
  pickerPipelineJob,
  registerPickerJobs,
  runPickerPipeline,
} from "../src/modules/picker/index.ts";
import {
  entries,
  insertPicker,
  pickerRow,
  type Sandbox,
  snapshot,
  startSandbox,
  truthEntrants,
} from "./picker-pipeline-harness.ts";

let database: TestDatabase;
let harness: Sandbox;
let boss: PgBoss;

beforeAll(async () => {
  [database, harness] = await Promise.all([createTestDatabase(), startSandbox()]);
  // As createJobQueue builds it, with a supervisor that checks heartbeats every second, not every minute.
  boss =
    database.kind === "pglite"
      ? new PgBoss({
          db: fromPglite(database.pglite),
          superviseIntervalSeconds: 1,
          monitorIntervalSeconds: 1,
        })
      : new PgBoss({
          connectionString: database.connectionString,
          max: 4,
          superviseIntervalSeconds: 1,
          monitorIntervalSeconds: 1,
        });
  boss.on("error", () => undefined);
  await boss.start();
  await register();
});

function register() {
  return registerPickerJobs(
    boss,
    {
      db: database.db,
      x: harness.x,
      chainClient: () => undefined,
      drawConfirmations: 0,
      drawTimeoutMs: 0,
      // The sandbox's clock: X's resets are measured on it.
      now: () => new Date(harness.clock.now()),
    },
    {
      logger: pino({ level: "silent" }),
      work: true,
      queueOverrides: {
        [pickerPipelineJob.queue]: { retryDelay: 1, retryDelayMax: 1, heartbeatSeconds: 10 },
      },
    },
  );
}

afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 5000 });
  await harness?.close();
  await database?.destroy();
});

async function settled(pickerId: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await pickerRow(database.db, pickerId);
    if (
      [pickerStatus.readyToPick, pickerStatus.noParticipant, pickerStatus.error].includes(row.status as 6)
    ) {
      return row;
    }
    if (Date.now() > deadline) throw new Error(`picker ${pickerId} still at status ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("condition not reached");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function truth() {
  const world = harness.sandbox.world;
  return truthEntrants({
    world,
    postId: world.fixtures.posts.giveaway,
    ownerXUserId: world.fixtures.users.host.id,
    followTargets: [],
    requireRetweet: true,
    requireReply: false,
    filters: {},
    banned: [],
    now: harness.clock.now(),
  });
}

function truthRetweeters() {
  return harness.sandbox.world.retweeterIds(harness.sandbox.world.fixtures.posts.giveaway).length;
}

describe("picker pipeline job", () => {
  it("runs a picker to ready; a second enqueue while the first is queued or running is a no-op", async () => {
    const picker = await insertPicker(database.db, harness.sandbox.world);
    const first = await enqueuePickerPipeline(boss, picker.id);
    const second = await enqueuePickerPipeline(boss, picker.id);
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    const row = await settled(picker.id);
    expect(row.status).toBe(pickerStatus.readyToPick);
    expect((await entries(database.db, picker.id)).map((entry) => entry.xUserId)).toEqual(truth());
    const jobs = await boss.findJobs(pickerPipelineJob.queue, { key: String(picker.id) });
    expect(jobs).toHaveLength(1);
  });

  it("a failed attempt is retried by pg-boss and resumes after the last committed page", async () => {
    const picker = await insertPicker(database.db, harness.sandbox.world);
    // One try and three retries: the client gives up, the attempt fails, pg-boss retries the job.
    const outage = harness.sandbox.faults.inject({ path: /quote_tweets/, kind: "5xx", times: 4 });
    const before = harness.paths.length;
    await enqueuePickerPipeline(boss, picker.id);
    const row = await settled(picker.id);
    expect(outage.fired).toBe(4);
    expect(row.status).toBe(pickerStatus.readyToPick);
    expect((await entries(database.db, picker.id)).map((entry) => entry.xUserId)).toEqual(truth());
    // The retweets were read once: the retry started from the stored cursors.
    const stored = await snapshot(database.db, picker.id);
    const retweetPages = stored.cursors.find((cursor) => cursor.stage === "retweets")?.pages;
    expect(harness.paths.slice(before).filter((path) => path.endsWith("/retweeted_by"))).toHaveLength(
      retweetPages ?? -1,
    );
    const [job] = await boss.findJobs(pickerPipelineJob.queue, { key: String(picker.id) });
    expect(job).toMatchObject({ state: "completed", retryCount: 1 });
  });

  it("X's rate limit spent for hours: the job waits in the queue until the reset, then goes on from its cursors", async () => {
    const threeHours = 3 * 60 * 60;
    const picker = await insertPicker(database.db, harness.sandbox.world);
    // The second page of reposters answers 429 with x-rate-limit-remaining 0 and a reset three hours ahead.
    const limit = harness.sandbox.faults.inject({
      path: /retweeted_by/,
      kind: "429",
      skip: 1,
      resetAfterSeconds: threeHours,
    });
    const reset = new Date(harness.clock.now() + threeHours * 1000);
    const before = harness.paths.length;
    const enqueuedAt = Date.now();
    await enqueuePickerPipeline(boss, picker.id);
    // The handler fails the job, then moves its start to the reset in a second statement: wait for both (the
    // raised retry limit marks the second), not for the retry state alone, which shows between the two.
    const job = await waitFor(async () => {
      const [found] = await boss.findJobs(pickerPipelineJob.queue, { key: String(picker.id) });
      return found?.state === "retry" && found.retryLimit > pickerPipelineJob.options.retryLimit
        ? found
        : undefined;
    });
    expect(limit.fired).toBe(1);
    // Due at the reset, with its retries kept for real failures.
    expect(job.startAfter.getTime()).toBeGreaterThanOrEqual(enqueuedAt + threeHours * 1000 - 5000);
    expect(job.startAfter.getTime()).toBeLessThanOrEqual(Date.now() + threeHours * 1000 + 5000);
    expect(job).toMatchObject({ retryCount: 0, retryLimit: pickerPipelineJob.options.retryLimit + 1 });
    const waiting = await pickerRow(database.db, picker.id);
    expect(waiting.status).toBe(pickerStatus.loadingEntries);
    // Pages are written 1,000 accounts at a time: the first page of 100 was read but not yet written.
    expect(waiting.progress).toEqual({ stage: "entries", waitingUntil: reset.toISOString() });
    // A second enqueue meanwhile is a no-op: the waiting job still holds the picker's slot.
    expect(await enqueuePickerPipeline(boss, picker.id)).toBeNull();

    // Three hours on, the job is due: pulled forward here instead of waiting for real.
    await harness.clock.sleep(threeHours * 1000);
    await boss.update(pickerPipelineJob.queue, undefined, { id: job.id, startAfter: 0 });
    const row = await settled(picker.id);
    expect(row.status).toBe(pickerStatus.readyToPick);
    expect(row.progress.waitingUntil).toBeUndefined();
    expect((await entries(database.db, picker.id)).map((entry) => entry.xUserId)).toEqual(truth());
    // The unwritten first page, the 429, then every page from the stored (empty) cursor.
    const stored = await snapshot(database.db, picker.id);
    const retweetPages = stored.cursors.find((cursor) => cursor.stage === "retweets")?.pages ?? -1;
    expect(harness.paths.slice(before).filter((path) => path.endsWith("/retweeted_by"))).toHaveLength(
      retweetPages + 2,
    );
    const [done] = await boss.findJobs(pickerPipelineJob.queue, { key: String(picker.id) });
    expect(done).toMatchObject({ id: job.id, state: "completed", retryCount: 1 });
  });

  it("a worker killed mid-collection: its job comes back once the heartbeat lapses, and resumes", async () => {
    // The live worker steps aside so that the doomed one is sure to claim the job.
    await boss.offWork(pickerPipelineJob.queue);
    const picker = await insertPicker(database.db, harness.sandbox.world);
    await enqueuePickerPipeline(boss, picker.id);
    const [claimed] = await boss.fetch<PickerPipelineJobData>(pickerPipelineJob.queue);
    expect(claimed?.data.pickerId).toBe(picker.id);
    const killed = await runPickerPipeline({
      db: database.db,
      x: harness.x,
      pickerId: picker.id,
      maxResults: 20,
      writeBatchSize: 1,
      onPage: (event) => {
        if (event.stage === "retweets" && event.pages === 4) throw new Error("SIGKILL");
      },
    }).catch((error: unknown) => error);
    expect(killed).toBeInstanceOf(Error);
    expect(await pickerRow(database.db, picker.id)).toMatchObject({ status: pickerStatus.loadingEntries });

    await register();
    // heartbeatSeconds (10) after the claim, the supervisor (every second here) fails the silent job, and
    // pg-boss hands it out again after retryDelay.
    const row = await settled(picker.id, 60_000);
    expect(row.status).toBe(pickerStatus.readyToPick);
    expect((await entries(database.db, picker.id)).map((entry) => entry.xUserId)).toEqual(truth());
    // The retry read the reposters after page 4 only, 100 per page from there: no account read twice.
    const stored = await snapshot(database.db, picker.id);
    expect(stored.cursors.find((cursor) => cursor.stage === "retweets")).toMatchObject({
      pages: 4 + Math.ceil((truthRetweeters() - 4 * 20) / 100),
      items: truthRetweeters(),
      done: true,
    });
    const [job] = await boss.findJobs(pickerPipelineJob.queue, { key: String(picker.id) });
    expect(job).toMatchObject({ state: "completed", retryCount: 1 });
  }, 90_000);
});
