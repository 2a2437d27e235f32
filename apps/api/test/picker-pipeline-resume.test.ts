// T26: the pipeline killed in the middle of each stage resumes from its stored cursor; no duplicate
// entries, and the same rows as an uninterrupted run. A throw from onPage is the crash: it comes right after
// a committed page, before the next is fetched.
import { pickerStatus } from "@dropfair/core/picker";
import type { Db } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PickerPipelinePageEvent } from "../src/modules/picker/index.ts";
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
} from "./picker-pipeline-harness.ts";

let database: TestDatabase;
let harness: Sandbox;

beforeAll(async () => {
  [database, harness] = await Promise.all([createTestDatabase(), startSandbox()]);
});

afterAll(async () => {
  await harness?.close();
  await database?.destroy();
});

class WorkerKilled extends Error {}

/** The database of a worker that dies inside its `dieAt`-th transaction, after the writes, before COMMIT. */
function dyingDatabase(db: Db, dieAt: number): Db {
  let transactions = 0;
  return new Proxy(db, {
    get(target, property) {
      if (property === "transaction") {
        const transaction: Db["transaction"] = (work, config) =>
          target.transaction(async (tx) => {
            const result = await work(tx);
            transactions += 1;
            if (transactions === dieAt) throw new WorkerKilled(`killed before commit ${dieAt}`);
            return result;
          }, config);
        return transaction;
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Small pages, one per transaction, so every stage has several pages to die between. */
const paging = { maxResults: 10, writeBatchSize: 1 };

function retweetAndReply(): PickerSetup {
  const { partner, host } = harness.sandbox.world.fixtures.users;
  return {
    followTargets: [
      { id: partner.id, username: partner.username },
      { id: host.id, username: host.username },
    ],
    requireRetweet: true,
    requireReply: true,
    filters: { profilePicture: true, lastPostWithinDays: 30 },
  };
}

function replyOnly(): PickerSetup {
  return { requireRetweet: false, requireReply: true, filters: { minTweetCount: 3, lastPostWithinDays: 7 } };
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;
const baselines = new Map<() => PickerSetup, Promise<Snapshot>>();

/** The rows of an uninterrupted run of a picker set up this way (computed once per setup). */
function uninterrupted(setup: () => PickerSetup): Promise<Snapshot> {
  let baseline = baselines.get(setup);
  if (!baseline) {
    baseline = (async () => {
      const picker = await insertPicker(database.db, harness.sandbox.world, setup());
      const result = await run(database.db, harness, picker.id, paging);
      expect(result.outcome).toBe("ready");
      return snapshot(database.db, picker.id);
    })();
    baselines.set(setup, baseline);
  }
  return baseline;
}

/** Kills the run at its `page`-th committed page of `stage`; resolves with the error it died of. */
function killAt(stage: (event: PickerPipelinePageEvent) => boolean, page = 2) {
  let seen = 0;
  return (event: PickerPipelinePageEvent) => {
    if (!stage(event)) return;
    seen += 1;
    if (seen === page) throw new WorkerKilled(`killed in ${event.stage} after page ${event.pages}`);
  };
}

const statusOfStage: Record<string, number> = {
  followers: pickerStatus.fetchingFollowers,
  retweets: pickerStatus.loadingEntries,
  quotes: pickerStatus.loadingEntries,
  "replies (entrants)": pickerStatus.loadingEntries,
  "replies (flags)": pickerStatus.fetchingReplies,
  "recent-posts": pickerStatus.filtering,
};

describe("T26: crash in the middle of each stage, then resume", () => {
  const cases: { stage: keyof typeof statusOfStage; setup: () => PickerSetup; cursor: string | RegExp }[] = [
    { stage: "followers", setup: retweetAndReply, cursor: /^followers:/ },
    { stage: "retweets", setup: retweetAndReply, cursor: "retweets" },
    { stage: "quotes", setup: retweetAndReply, cursor: "quotes" },
    { stage: "replies (flags)", setup: retweetAndReply, cursor: "replies" },
    { stage: "replies (entrants)", setup: replyOnly, cursor: "replies" },
    { stage: "recent-posts", setup: retweetAndReply, cursor: "recent-posts" },
  ];

  for (const testCase of cases) {
    it(`${testCase.stage}: the resumed run ends with the same rows as an uninterrupted one`, async () => {
      const setup = testCase.setup();
      const baseline = await uninterrupted(testCase.setup);

      const picker = await insertPicker(database.db, harness.sandbox.world, setup);
      const matches = (event: PickerPipelinePageEvent) =>
        typeof testCase.cursor === "string"
          ? event.stage === testCase.cursor
          : testCase.cursor.test(event.stage);
      const crash = await run(database.db, harness, picker.id, {
        ...paging,
        onPage: killAt(matches),
      }).catch((error: unknown) => error);
      expect(crash).toBeInstanceOf(WorkerKilled);
      const stopped = await pickerRow(database.db, picker.id);
      expect(stopped.status).toBe(statusOfStage[testCase.stage]);
      expect(stopped.progress.pages).toBe(2);

      const pagesAfterResume: PickerPipelinePageEvent[] = [];
      const result = await run(database.db, harness, picker.id, {
        ...paging,
        onPage: (event) => {
          if (matches(event)) pagesAfterResume.push(event);
        },
      });
      expect(result.outcome).toBe("ready");
      // It went on after the stored cursor: page 3 first, never pages 1 and 2 again.
      expect(pagesAfterResume[0]?.pages).toBe(3);
      expect(await snapshot(database.db, picker.id)).toEqual(baseline);
    });
  }

  it("dies in every stage of one picker in turn and still ends like the uninterrupted run", async () => {
    const baseline = await uninterrupted(retweetAndReply);
    const picker = await insertPicker(database.db, harness.sandbox.world, retweetAndReply());
    const stages = ["followers:", "retweets", "quotes", "replies", "recent-posts"];
    for (const stage of stages) {
      const crash = await run(database.db, harness, picker.id, {
        ...paging,
        onPage: killAt((event) => event.stage.startsWith(stage), 1),
      }).catch((error: unknown) => error);
      expect(crash).toBeInstanceOf(WorkerKilled);
    }
    expect((await run(database.db, harness, picker.id, paging)).outcome).toBe("ready");
    const final = await snapshot(database.db, picker.id);
    expect(final).toEqual(baseline);
    const ids = final.entries.map((row) => row.xUserId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("killed inside a page's transaction: nothing of that page is kept, and the resume ends the same", async () => {
    const baseline = await uninterrupted(retweetAndReply);
    // Every page transaction is one onPage event: die in the second transaction of each stage.
    const probe = await insertPicker(database.db, harness.sandbox.world, retweetAndReply());
    const order: string[] = [];
    await run(database.db, harness, probe.id, { ...paging, onPage: (event) => void order.push(event.stage) });
    const stages = [...new Set(order)];
    expect(stages).toHaveLength(6);
    for (const stage of stages) {
      const dieAt = order.indexOf(stage) + 2;
      const picker = await insertPicker(database.db, harness.sandbox.world, retweetAndReply());
      const crash = await run(dyingDatabase(database.db, dieAt), harness, picker.id, paging).catch(
        (error: unknown) => error,
      );
      expect(crash).toBeInstanceOf(WorkerKilled);
      // What is stored agrees with itself: the cursors count exactly the rows written.
      const stored = await snapshot(database.db, picker.id);
      expect(stored.picker.entryCount).toBe(stored.entries.length);
      const followerItems = stored.cursors
        .filter((cursor) => cursor.stage.startsWith("followers:"))
        .reduce((sum, cursor) => sum + cursor.items, 0);
      expect(stored.followers).toHaveLength(followerItems);

      expect((await run(database.db, harness, picker.id, paging)).outcome).toBe("ready");
      expect(await snapshot(database.db, picker.id)).toEqual(baseline);
    }
  });

  it("a resume with other page sizes still ends with the same entrants and reasons", async () => {
    const setup = retweetAndReply();
    const picker = await insertPicker(database.db, harness.sandbox.world, setup);
    const crash = await run(database.db, harness, picker.id, {
      ...paging,
      onPage: killAt((event) => event.stage === "retweets", 3),
    }).catch((error: unknown) => error);
    expect(crash).toBeInstanceOf(WorkerKilled);
    const stopped = await pickerRow(database.db, picker.id);
    expect(stopped.status).toBe(pickerStatus.loadingEntries);
    expect(stopped.progress.pages).toBe(3);
    await run(database.db, harness, picker.id, { maxResults: 100, writeBatchSize: 1000 });
    const world = harness.sandbox.world;
    const expected = expectedReasons({
      world,
      postId: world.fixtures.posts.giveaway,
      ownerXUserId: world.fixtures.users.host.id,
      followTargets: (setup.followTargets ?? []).map((target) => target.id),
      requireRetweet: true,
      requireReply: true,
      filters: setup.filters ?? {},
      banned: [],
      now: harness.clock.now(),
    });
    const rows = await entries(database.db, picker.id);
    expect(new Map(rows.map((row) => [row.xUserId, row.excludedReason]))).toEqual(expected);
  });

  it("two runs of the same picker at once: one goes on, the other stops at its first conflicting page", async () => {
    const baseline = await uninterrupted(retweetAndReply);
    const picker = await insertPicker(database.db, harness.sandbox.world, retweetAndReply());
    const results = await Promise.all([
      run(database.db, harness, picker.id, paging),
      run(database.db, harness, picker.id, paging),
    ]);
    expect(results.map((result) => result.outcome).sort()).toEqual(["ready", "superseded"]);
    expect(await snapshot(database.db, picker.id)).toEqual(baseline);
  });
});
