// The picker's collection pipeline against the X sandbox: the giveaway post end to end equals the sandbox's
// truth (entrants, follow exclusion, the 7-day reply window, every filter's reason and count), the entry
// limit, a missing post, and re-runs that change nothing.
import { entryHash } from "@dropfair/core/fairness";
import { type ExclusionReason, exclusionReasons, pickerStatus } from "@dropfair/core/picker";
import { eq, type PickerFilters, pickerBans } from "@dropfair/db";
import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickerPipelineErrors } from "../src/modules/picker/index.ts";
import {
  countReasons,
  dayMs,
  entries,
  expectedReasons,
  insertPicker,
  type OracleInput,
  type PickerSetup,
  pickerRow,
  run,
  type Sandbox,
  snapshot,
  startSandbox,
  truthEntrants,
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

function world() {
  return harness.sandbox.world;
}

function oracle(setup: PickerSetup, banned: string[] = []): OracleInput {
  return {
    world: world(),
    postId: setup.postId ?? world().fixtures.posts.giveaway,
    ownerXUserId: setup.ownerXUserId ?? world().fixtures.users.host.id,
    followTargets: (setup.followTargets ?? []).map((target) => target.id),
    requireRetweet: setup.requireRetweet ?? true,
    requireReply: setup.requireReply ?? false,
    filters: setup.filters ?? {},
    banned,
    now: harness.clock.now(),
  };
}

/** Runs a fresh picker to its end and checks every entrant's reason, and the counts, against the oracle. */
async function expectMatchesOracle(setup: PickerSetup, banned: (ids: string[]) => string[] = () => []) {
  const picker = await insertPicker(database.db, world(), setup);
  const bannedIds = banned(truthEntrants(oracle(setup)));
  if (bannedIds.length > 0) {
    await database.db
      .insert(pickerBans)
      .values(
        bannedIds.map((xUserId) => ({
          ownerXUserId: picker.ownerXUserId,
          xUserId,
          username: world().getUser(xUserId)!.username,
          reason: "bot",
          addedByXUserId: picker.ownerXUserId,
          addedByUsername: picker.ownerUsername,
        })),
      )
      .onConflictDoNothing();
  }
  const result = await run(database.db, harness, picker.id);
  // Bans are the owner's, so those of earlier tests apply too.
  const bans = await database.db
    .select({ xUserId: pickerBans.xUserId })
    .from(pickerBans)
    .where(eq(pickerBans.ownerXUserId, picker.ownerXUserId));
  const expected = expectedReasons(
    oracle(
      setup,
      bans.map((ban) => ban.xUserId),
    ),
  );
  const rows = await entries(database.db, picker.id);
  expect(rows.map((row) => row.xUserId)).toEqual([...expected.keys()].sort());
  expect(new Map(rows.map((row) => [row.xUserId, row.excludedReason]))).toEqual(expected);
  const { eligible, excluded } = countReasons(expected);
  const row = await pickerRow(database.db, picker.id);
  expect(row).toMatchObject({
    status: eligible > 0 ? pickerStatus.readyToPick : pickerStatus.noParticipant,
    errorMessage: null,
    entryCount: expected.size,
    eligibleCount: eligible,
    excludedCounts: excluded,
  });
  expect(result).toMatchObject({ entryCount: expected.size, eligibleCount: eligible, limited: false });
  return { picker, rows, excluded };
}

describe("picker pipeline: the giveaway post end to end", () => {
  it("collects reposters and quoters with flags, profiles and entry hashes, then follow and reply exclusions", async () => {
    const { partner } = world().fixtures.users;
    const postId = world().fixtures.posts.giveaway;
    const setup: PickerSetup = {
      followTargets: [{ id: partner.id, username: partner.username }],
      requireRetweet: true,
      requireReply: true,
    };
    const { picker, rows, excluded } = await expectMatchesOracle(setup);
    expect(excluded["not-following"]).toBeGreaterThan(10);
    expect(excluded["no-reply"]).toBeGreaterThan(10);

    const retweeters = new Set(world().retweeterIds(postId));
    const quoters = new Set(
      world()
        .quotes(postId)
        .map((quote) => quote.authorId),
    );
    const recentRepliers = new Set(
      world()
        .replies(postId, { since: harness.clock.now() - 7 * dayMs })
        .map((reply) => reply.authorId),
    );
    for (const row of rows) {
      expect(row.retweeted).toBe(retweeters.has(row.xUserId));
      expect(row.quoted).toBe(quoters.has(row.xUserId));
      expect(row.replied).toBe(recentRepliers.has(row.xUserId));
      expect(row.entryHash).toBe(entryHash(postId, row.xUserId));
      const user = world().getUser(row.xUserId)!;
      expect(row.username).toBe(user.username);
      expect(row.avatarUrl).toBe(user.profileImageUrl);
      expect(row.profile).toMatchObject({
        created_at: user.createdAt,
        public_metrics: user.publicMetrics,
        verified_type: user.verifiedType,
      });
    }
    expect(quoters.size).toBeGreaterThan(0);
    expect([...quoters].some((id) => !retweeters.has(id))).toBe(true);

    // The reply window: bob reposted and replied 8 days ago, alice replied 3 days ago.
    const { alice, bob } = world().fixtures.users;
    const byId = new Map(rows.map((row) => [row.xUserId, row]));
    expect(byId.get(bob.id)?.replied).toBe(false);
    expect(byId.get(alice.id)?.replied).toBe(true);
    expect(byId.get(alice.id)?.excludedReason).toBeNull();
    // Accounts gone from X never enter.
    expect(byId.has(world().fixtures.users.deleted.id)).toBe(false);
    expect(byId.has(world().fixtures.users.suspended.id)).toBe(false);

    const final = await snapshot(database.db, picker.id);
    expect(final.cursors.map((cursor) => [cursor.stage, cursor.done])).toEqual([
      [`followers:${partner.id}`, true],
      ["quotes", true],
      ["replies", true],
      ["retweets", true],
    ]);
    expect(final.followers).toHaveLength(world().followerIds(partner.id).length);
    expect(final.picker.progress).toEqual({ stage: "done", fetched: rows.length, total: rows.length });
  });
});

describe("picker pipeline: the giveaway post's filters and their reasons", () => {
  const filterCases: { name: string; setup: () => PickerSetup; ban?: number }[] = [
    {
      name: "repliers as entrants (the host among them), bans, avatar and banner",
      setup: () => ({
        requireRetweet: false,
        requireReply: true,
        filters: { profilePicture: true, banner: true },
      }),
      ban: 3,
    },
    {
      name: "two follow targets, description and location",
      setup: () => {
        const { host, partner } = world().fixtures.users;
        return {
          followTargets: [
            { id: partner.id, username: partner.username },
            { id: host.id, username: host.username },
          ],
          filters: { description: true, location: true },
        };
      },
    },
    {
      name: "reply, post count, account age and last post",
      setup: () => ({
        requireReply: true,
        filters: { minTweetCount: 20, minAccountAgeDays: 30, lastPostWithinDays: 30 },
      }),
    },
    {
      name: "verified subscribers only, last post within a day",
      setup: () => ({ filters: { verified: true, lastPostWithinDays: 1 } }),
    },
  ];
  const seenReasons = new Set<ExclusionReason>();

  for (const filterCase of filterCases) {
    it(`gives each entrant its first reason: ${filterCase.name}`, async () => {
      const { excluded } = await expectMatchesOracle(filterCase.setup(), (ids) =>
        ids.slice(0, filterCase.ban ?? 0),
      );
      for (const reason of Object.keys(excluded)) seenReasons.add(reason as ExclusionReason);
    });
  }

  it("the filter cases above exercised every exclusion reason", () => {
    expect([...seenReasons].sort()).toEqual([...exclusionReasons].sort());
  });

  it("runs every filter at once", async () => {
    const filters: PickerFilters = {
      profilePicture: true,
      banner: true,
      description: true,
      location: true,
      minTweetCount: 5,
      minAccountAgeDays: 7,
      lastPostWithinDays: 30,
    };
    const { partner } = world().fixtures.users;
    await expectMatchesOracle(
      { followTargets: [{ id: partner.id, username: partner.username }], requireReply: true, filters },
      (ids) => ids.slice(5, 8),
    );
  });
});

describe("picker pipeline: a large crowd, and a post with nobody eligible", () => {
  it("the bench post's crowd (3,000 reposters here): pages gathered into 1,000-account transactions", async () => {
    const { benchHost } = world().fixtures.users;
    const setup: PickerSetup = {
      postId: world().fixtures.posts.bench,
      ownerXUserId: benchHost.id,
      followTargets: [{ id: benchHost.id, username: benchHost.username }],
      requireRetweet: true,
      requireReply: true,
      filters: { profilePicture: true, lastPostWithinDays: 7 },
    };
    const pages: string[] = [];
    const picker = await insertPicker(database.db, world(), setup);
    const result = await run(database.db, harness, picker.id, {
      onPage: (event) => void pages.push(`${event.stage}:${event.pages}`),
    });
    // 30 pages of 100 (fewer where accounts are gone), written once 1,000 accounts are gathered.
    const commits = pages.filter((page) => page.startsWith("retweets:"));
    expect(commits).toHaveLength(3);
    expect(commits[2]).toBe("retweets:30");
    const expected = expectedReasons(oracle(setup));
    const rows = await entries(database.db, picker.id);
    expect(new Map(rows.map((row) => [row.xUserId, row.excludedReason]))).toEqual(expected);
    expect(result).toMatchObject({ outcome: "ready", entryCount: expected.size });
  });

  it("ends in 12 (no participant) when nobody is eligible: the old post's entrants replied over 7 days ago", async () => {
    const setup: PickerSetup = {
      postId: world().fixtures.posts.old,
      requireRetweet: false,
      requireReply: true,
    };
    const picker = await insertPicker(database.db, world(), setup);
    const result = await run(database.db, harness, picker.id);
    expect(result).toMatchObject({ outcome: "no-participant", status: pickerStatus.noParticipant });
    // Only the host answered inside the window, and the host cannot win its own giveaway.
    const rows = await entries(database.db, picker.id);
    expect(rows.map((row) => row.xUserId)).toEqual(truthEntrants(oracle(setup)));
    expect(rows.map((row) => row.excludedReason)).toEqual(rows.map(() => "host"));
    expect(await pickerRow(database.db, picker.id)).toMatchObject({
      status: pickerStatus.noParticipant,
      entryCount: rows.length,
      eligibleCount: 0,
      excludedCounts: rows.length > 0 ? { host: rows.length } : {},
    });
  });
});

describe("picker pipeline: the entry limit", () => {
  it("collects at most entryLimit unique entrants, the first ones in X's order, and says it was limited", async () => {
    const picker = await insertPicker(database.db, world(), { entryLimit: 50 });
    const result = await run(database.db, harness, picker.id, { maxResults: 30 });
    const rows = await entries(database.db, picker.id);
    expect(rows.map((row) => row.xUserId)).toEqual(world().retweeterIds(picker.postId).slice(0, 50).sort());
    expect(result).toMatchObject({ outcome: "ready", entryCount: 50, limited: true });
    const row = await pickerRow(database.db, picker.id);
    expect(row.entryCount).toBe(50);
    expect(row.progress).toMatchObject({ stage: "done", limited: true });
  });

  it("limits repliers too, an account that replied twice counting once", async () => {
    const setup: PickerSetup = { requireRetweet: false, requireReply: true, entryLimit: 20 };
    const picker = await insertPicker(database.db, world(), setup);
    await run(database.db, harness, picker.id, { maxResults: 10, writeBatchSize: 1 });
    const firstRepliers = [
      ...new Set(
        world()
          .replies(picker.postId, { since: harness.clock.now() - 7 * dayMs })
          .map((reply) => reply.authorId),
      ),
    ].slice(0, 20);
    const rows = await entries(database.db, picker.id);
    expect(rows.map((row) => row.xUserId)).toEqual(firstRepliers.sort());
    expect((await pickerRow(database.db, picker.id)).progress).toMatchObject({ limited: true });
  });

  it("is not limited when everyone fits", async () => {
    const picker = await insertPicker(database.db, world(), { entryLimit: 1000 });
    const result = await run(database.db, harness, picker.id);
    expect(result).toMatchObject({ outcome: "ready", limited: false });
    expect((await entries(database.db, picker.id)).map((row) => row.xUserId)).toEqual(
      truthEntrants(oracle({})),
    );
  });
});

describe("picker pipeline: failures and re-runs", () => {
  it("a missing post ends in 10 with picker.postNotFound and nothing collected", async () => {
    const picker = await insertPicker(database.db, world(), { postId: world().fixtures.posts.deleted });
    const result = await run(database.db, harness, picker.id);
    expect(result).toEqual({
      outcome: "failed",
      status: pickerStatus.error,
      errorMessage: pickerPipelineErrors.postNotFound,
    });
    const final = await snapshot(database.db, picker.id);
    expect(final.picker).toMatchObject({ status: pickerStatus.error, errorMessage: "picker.postNotFound" });
    expect(final.entries).toEqual([]);
    expect(final.cursors).toEqual([]);
  });

  it("a post whose author was suspended is not found either", async () => {
    const picker = await insertPicker(database.db, world(), {
      postId: world().fixtures.posts.partner,
      ownerXUserId: world().fixtures.users.partner.id,
    });
    world().suspendUser(world().fixtures.users.partner.id);
    try {
      expect(await run(database.db, harness, picker.id)).toMatchObject({
        errorMessage: "picker.postNotFound",
      });
    } finally {
      world().restoreUser(world().fixtures.users.partner.id);
    }
  });

  it("running a finished picker again does nothing", async () => {
    const picker = await insertPicker(database.db, world(), { requireReply: true });
    await run(database.db, harness, picker.id);
    const before = await snapshot(database.db, picker.id);
    const requests = harness.statuses.length;
    expect(await run(database.db, harness, picker.id)).toEqual({
      outcome: "skipped",
      status: pickerStatus.readyToPick,
    });
    expect(harness.statuses.length).toBe(requests);
    expect(await snapshot(database.db, picker.id)).toEqual(before);
  });

  it("an unknown picker is reported missing", async () => {
    expect(await run(database.db, harness, 987_654_321)).toEqual({ outcome: "missing" });
  });
});
