// Shared by the picker pipeline tests: a real X sandbox over HTTP and the X client pointed at it, one
// manual clock for both (so waiting for a rate-limit reset takes no time), picker rows inserted directly,
// and an independent oracle of the exclusion rules over the sandbox's truth.
import { type ExclusionReason, exclusionReasons, pickerStatus } from "@dropfair/core/picker";
import {
  asc,
  type Db,
  eq,
  type PickerFilters,
  pickerCursors,
  pickerEntries,
  pickerFollowers,
  pickers,
} from "@dropfair/db";
import { createXSandbox, type SandboxUser, type XSandbox, type XSandboxOptions } from "@dropfair/sandbox/x";
import { type Clock, createXClient, type RetryPolicy, type XClient } from "@dropfair/social/x";
import { type PickerPipelineOptions, runPickerPipeline } from "../src/modules/picker/index.ts";

export type ManualClock = Clock & { sleeps: number[] };

export function createManualClock(start: number): ManualClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

/** Whole seconds, so rate-limit resets (in seconds) give exact waits. */
export const worldNow = Date.UTC(2026, 5, 15, 12, 0, 0);
export const dayMs = 24 * 60 * 60 * 1000;

export type Sandbox = {
  sandbox: XSandbox;
  clock: ManualClock;
  x: XClient;
  /** Status codes the sandbox answered, in order. */
  statuses: number[];
  /** The paths it served (without the query), in the same order. */
  paths: string[];
  close(): Promise<void>;
};

export async function startSandbox(
  options: { sandbox?: XSandboxOptions; retry?: Partial<RetryPolicy> } = {},
): Promise<Sandbox> {
  const clock = createManualClock(worldNow);
  const sandbox = createXSandbox({
    seed: "picker-pipeline",
    now: worldNow,
    benchEntrants: 3000,
    rateLimits: false,
    clock: clock.now,
    ...options.sandbox,
  });
  const statuses: number[] = [];
  const paths: string[] = [];
  sandbox.addHook("onResponse", async (request, reply) => {
    statuses.push(reply.statusCode);
    paths.push(request.url.split("?")[0] ?? "");
  });
  await sandbox.listen({ port: 0, host: "127.0.0.1" });
  const address = sandbox.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const x = createXClient({
    baseUrl: `http://127.0.0.1:${port}`,
    bearerToken: sandbox.appBearerToken,
    clock,
    retry: options.retry,
  });
  return { sandbox, clock, x, statuses, paths, close: () => sandbox.close() };
}

let seedCounter = 0;

export type PickerSetup = {
  postId?: string;
  ownerXUserId?: string;
  followTargets?: { id: string; username: string }[];
  requireRetweet?: boolean;
  requireReply?: boolean;
  filters?: PickerFilters;
  entryLimit?: number | null;
};

/** A picker row as the create route leaves it: status 0, nothing collected. */
export async function insertPicker(db: Db, world: XSandbox["world"], setup: PickerSetup = {}) {
  const host = world.fixtures.users.host;
  const postId = setup.postId ?? world.fixtures.posts.giveaway;
  seedCounter += 1;
  const [picker] = await db
    .insert(pickers)
    .values({
      seed: `pipe${String(seedCounter).padStart(6, "0")}`,
      ownerXUserId: setup.ownerXUserId ?? host.id,
      ownerUsername: host.username,
      creatorXUserId: setup.ownerXUserId ?? host.id,
      postId,
      postUrl: `https://x.com/${host.username}/status/${postId}`,
      winnerCount: 3,
      followTargets: setup.followTargets ?? [],
      requireRetweet: setup.requireRetweet ?? true,
      requireReply: setup.requireReply ?? false,
      infoType: "evm",
      filters: setup.filters ?? {},
      entryLimit: setup.entryLimit === undefined ? null : setup.entryLimit,
      status: pickerStatus.notStarted,
    })
    .returning();
  return picker!;
}

export function run(
  db: Db,
  harness: Sandbox,
  pickerId: number,
  options: Partial<PickerPipelineOptions> = {},
) {
  return runPickerPipeline({
    db,
    x: harness.x,
    pickerId,
    now: () => new Date(harness.clock.now()),
    ...options,
  });
}

export async function pickerRow(db: Db, pickerId: number) {
  const [row] = await db.select().from(pickers).where(eq(pickers.id, pickerId));
  return row!;
}

export async function entries(db: Db, pickerId: number) {
  return db
    .select()
    .from(pickerEntries)
    .where(eq(pickerEntries.pickerId, pickerId))
    .orderBy(asc(pickerEntries.xUserId));
}

/** Everything the pipeline wrote for a picker, without the picker id and write times, for comparisons. */
export async function snapshot(db: Db, pickerId: number) {
  const picker = await pickerRow(db, pickerId);
  const entryRows = (await entries(db, pickerId)).map(({ pickerId: _, collectedAt: __, ...row }) => row);
  const followers = (
    await db
      .select({ targetId: pickerFollowers.targetId, xUserId: pickerFollowers.xUserId })
      .from(pickerFollowers)
      .where(eq(pickerFollowers.pickerId, pickerId))
  )
    .map((row) => `${row.targetId}:${row.xUserId}`)
    .sort();
  const cursors = (
    await db
      .select({
        stage: pickerCursors.stage,
        cursor: pickerCursors.cursor,
        pages: pickerCursors.pages,
        items: pickerCursors.items,
        done: pickerCursors.done,
      })
      .from(pickerCursors)
      .where(eq(pickerCursors.pickerId, pickerId))
  ).sort((left, right) => left.stage.localeCompare(right.stage));
  return {
    picker: {
      status: picker.status,
      errorMessage: picker.errorMessage,
      entryCount: picker.entryCount,
      eligibleCount: picker.eligibleCount,
      excludedCounts: picker.excludedCounts,
      progress: picker.progress,
    },
    entries: entryRows,
    followers,
    cursors,
  };
}

export type OracleInput = {
  world: XSandbox["world"];
  postId: string;
  ownerXUserId: string;
  followTargets: string[];
  requireRetweet: boolean;
  requireReply: boolean;
  filters: PickerFilters;
  banned: string[];
  now: number;
};

/** The entrants of a post by the sandbox's truth: reposters and quoters, or repliers of the last 7 days. */
export function truthEntrants(input: OracleInput): string[] {
  const { world, postId, now } = input;
  const repliers = new Set(world.replies(postId, { since: now - 7 * dayMs }).map((tweet) => tweet.authorId));
  if (!input.requireRetweet) return input.requireReply ? [...repliers].sort() : [];
  const ids = new Set(world.retweeterIds(postId));
  for (const quote of world.quotes(postId)) ids.add(quote.authorId);
  return [...ids].sort();
}

/**
 * The exclusion rules written again, independently of the SQL under test, over the world's own fields
 * (hasDefaultProfileImage, mostRecentTweetAt…), first reason in `exclusionReasons` order.
 */
export function expectedReasons(input: OracleInput): Map<string, ExclusionReason | null> {
  const { world, postId, now, filters } = input;
  const repliers = new Set(world.replies(postId, { since: now - 7 * dayMs }).map((tweet) => tweet.authorId));
  const followers = input.followTargets.map((target) => new Set(world.followerIds(target)));
  const banned = new Set(input.banned);
  const olderThan = (iso: string | null, days: number) =>
    iso === null || Date.parse(iso) < now - days * dayMs;
  const rules: Record<ExclusionReason, (user: SandboxUser) => boolean> = {
    host: (user) => user.id === input.ownerXUserId,
    banned: (user) => banned.has(user.id),
    "not-following": (user) => followers.some((set) => !set.has(user.id)),
    "no-reply": (user) => input.requireReply && !repliers.has(user.id),
    "no-profile-picture": (user) => filters.profilePicture === true && user.hasDefaultProfileImage,
    "no-banner": (user) => filters.banner === true && !user.profileBannerUrl,
    "no-description": (user) => filters.description === true && user.description.trim() === "",
    "no-location": (user) => filters.location === true && user.location.trim() === "",
    "not-verified": (user) => filters.verified === true && !user.verified,
    "few-posts": (user) =>
      filters.minTweetCount !== undefined && user.publicMetrics.tweet_count < filters.minTweetCount,
    "account-too-new": (user) =>
      filters.minAccountAgeDays !== undefined &&
      Date.parse(user.createdAt) > now - filters.minAccountAgeDays * dayMs,
    inactive: (user) =>
      filters.lastPostWithinDays !== undefined &&
      olderThan(user.mostRecentTweetAt, filters.lastPostWithinDays),
  };
  const out = new Map<string, ExclusionReason | null>();
  for (const id of truthEntrants(input)) {
    const user = world.getUser(id)!;
    out.set(id, exclusionReasons.find((reason) => rules[reason](user)) ?? null);
  }
  return out;
}

export function countReasons(reasons: Map<string, ExclusionReason | null>) {
  const excluded: Partial<Record<ExclusionReason, number>> = {};
  let eligible = 0;
  for (const reason of reasons.values()) {
    if (reason === null) eligible += 1;
    else excluded[reason] = (excluded[reason] ?? 0) + 1;
  }
  return { eligible, excluded };
}
