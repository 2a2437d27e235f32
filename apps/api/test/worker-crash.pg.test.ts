// T26 with a real process: the job worker (`apps/worker/src/main.ts`) is SIGKILLed in the middle of each stage of
// a picker pipeline and of an airdrop participant import, then started again. pg-boss gives the dead worker's
// job back once its heartbeat lapses; the new worker resumes it from the stored cursors (the import from its
// staged text), and the work ends exactly once: the same rows as an uninterrupted run, nothing twice, the job
// completed on its second attempt. The X sandbox runs in this test's process and holds the request at which the
// worker is to die, so every kill lands in the stage it names, after that stage has committed work.
// Runs in npm test's PostgreSQL stage (TEST_DATABASE_URL); PGlite cannot be shared by processes.
import { pickerStatus } from "@dropfair/core/picker";
import { airdropParticipants, eq, pickerCursors } from "@dropfair/db";
import { createXSandbox, type XSandbox } from "@dropfair/sandbox/x";
import type { ParticipantImport, ParticipantReport } from "@dropfair/schemas/airdrop";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueParticipantImport, importParticipantsJob } from "../src/modules/airdrop/index.ts";
import { enqueuePickerPipeline, pickerPipelineJob } from "../src/modules/picker/index.ts";
import { createAirdropDraft, signIn } from "./helper.ts";
import { insertPicker, type PickerSetup, pickerRow, snapshot } from "./picker-pipeline-harness.ts";
import { startWorker, type WorkerProcess } from "./worker-process-helper.ts";
import { buildTestAppWithX, type XTestContext } from "./x-helper.ts";

const day = 24 * 60 * 60 * 1000;
/** The whole file ends well within this time (see the last-post precondition). */
const budgetMs = 60 * 60 * 1000;

let context: XTestContext;
let token: string;
let sandbox: XSandbox;
let boss: PgBoss;
let worker: WorkerProcess;
let workerEnvironment: Record<string, string>;

/** Every request the sandbox received: its route and query. */
const requests: { route: string; url: string }[] = [];
/** The request to hold: the `at`-th on `route` from `from` on; `reached` once it arrives, held until released. */
let hold:
  | { route: string; at: number; from: number; reached: () => void; released: Promise<void> }
  | undefined;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error("a worker process and this test share one PostgreSQL database: set TEST_DATABASE_URL");
  boss = undefined as unknown as PgBoss;
  context = await buildTestAppWithX({
    airdropImports: { enqueue: (importId) => enqueueParticipantImport(boss, importId) },
  });
  const { database } = context;
  if (database.kind !== "postgres") throw new Error("expected a PostgreSQL test database");
  token = (await signIn(context.app)).token;

  // A crowd of 26,000 on the benchmark post: every list the pipeline reads takes more than one transaction
  // (1,222 quotes are the shortest). The sandbox's world and clock run three years ahead of the real clock the
  // worker filters by, so every last post is "within 30 days" however long the test runs, and only accounts
  // without a post fail that filter: the runs compared cannot differ by the clock.
  const ahead = 3 * 365 * day;
  sandbox = createXSandbox({
    seed: "worker-crash-4",
    benchEntrants: 26_000,
    rateLimits: false,
    now: Date.now() + ahead,
    clock: () => Date.now() + ahead,
  });
  sandbox.addHook("onRequest", async (request) => {
    const route = request.routeOptions.url ?? request.url;
    requests.push({ route, url: request.url });
    const current = hold;
    if (!current || current.route !== route) return;
    const seen = requests.slice(current.from).filter((entry) => entry.route === route).length;
    if (seen !== current.at) return;
    current.reached();
    await current.released;
  });
  await sandbox.listen({ port: 0, host: "127.0.0.1" });
  const address = sandbox.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  // The test's own pg-boss works no job; it creates the two queues first with a 10-second heartbeat and a
  // 1-second retry delay (the worker's createQueue keeps an existing queue), and supervises every second, so a
  // dead worker's job comes back in seconds instead of a minute.
  boss = new PgBoss({
    connectionString: database.connectionString,
    max: 2,
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
  });
  boss.on("error", () => undefined);
  await boss.start();
  const fast = { heartbeatSeconds: 10, retryDelay: 1, retryDelayMax: 1 };
  await boss.createQueue(pickerPipelineJob.queue, { ...pickerPipelineJob.options, ...fast });
  await boss.createQueue(importParticipantsJob.queue, { ...importParticipantsJob.options, ...fast });

  workerEnvironment = {
    DATABASE_URL: database.connectionString,
    X_API_BASE: `http://127.0.0.1:${port}`,
    X_BEARER_TOKEN: sandbox.appBearerToken,
  };
  worker = await startWorker(workerEnvironment);
}, 240_000);

afterAll(async () => {
  hold = undefined;
  if (worker?.running()) expect(await worker.kill("SIGTERM")).toEqual({ code: 0, signal: null });
  await boss?.stop({ graceful: false, timeout: 5000 });
  await sandbox?.close();
  await context?.close();
});

/** Arms the hold: the `at`-th request on `route` from now on waits until released. */
function holdRequest(route: string, at: number) {
  let reached!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  hold = { route, at, from: requests.length, reached, released };
  return {
    arrived: withTimeout(arrived, 180_000, `request ${at} on ${route}`),
    release: () => {
      hold = undefined;
      release();
    },
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}:\n${worker.output()}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SIGKILLs the worker (asserting that the signal is what ended it) and starts a fresh one. Resolves with where
 * the sandbox's request log stood at the kill: every request after it is the new worker's (it may take its job
 * back before it has finished starting, on a loaded machine).
 */
async function killAndRestart(): Promise<number> {
  expect(await worker.kill("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
  const killedAt = requests.length;
  worker = await startWorker(workerEnvironment);
  return killedAt;
}

/**
 * The pages asked for per route among `entries`: each by its pagination token ("first" without one; the ids of a
 * lookup), so that a request the client retried counts once.
 */
function pagesByRoute(entries: readonly { route: string; url: string }[]) {
  const pages: Record<string, Set<string>> = {};
  for (const entry of entries) {
    const query = new URL(entry.url, "http://sandbox").searchParams;
    const page = query.get("pagination_token") ?? query.get("next_token") ?? query.get("ids") ?? "first";
    const seen = pages[entry.route] ?? new Set<string>();
    seen.add(page);
    pages[entry.route] = seen;
  }
  return pages;
}

const finalStatuses: number[] = [pickerStatus.readyToPick, pickerStatus.noParticipant, pickerStatus.error];

async function settled(pickerId: number) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const row = await pickerRow(context.database.db, pickerId);
    if (finalStatuses.includes(row.status)) return row;
    if (Date.now() > deadline)
      throw new Error(`picker ${pickerId} still at status ${row.status}:\n${worker.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function benchSetup(overrides: PickerSetup): PickerSetup {
  const world = sandbox.world;
  return {
    postId: world.fixtures.posts.bench,
    ownerXUserId: world.fixtures.users.benchHost.id,
    ...overrides,
  };
}

/** Follow the host, repost (or quote) and reply, with a picture and a post in the last 30 days. */
const everyStage = () =>
  benchSetup({
    followTargets: [sandbox.world.fixtures.users.benchHost],
    requireRetweet: true,
    requireReply: true,
    filters: { profilePicture: true, lastPostWithinDays: 30 },
  });
/** Repliers are the entrants. */
const repliesOnly = () =>
  benchSetup({ requireRetweet: false, requireReply: true, filters: { profilePicture: true } });

type Baseline = { snapshot: Awaited<ReturnType<typeof snapshot>>; pages: Record<string, Set<string>> };
const baselines = new Map<() => PickerSetup, Baseline>();

/** The rows and X requests of a picker set up this way and collected by the worker without interruption. */
async function uninterrupted(setup: () => PickerSetup): Promise<Baseline> {
  const known = baselines.get(setup);
  if (known) return known;
  const picker = await insertPicker(context.database.db, sandbox.world, setup());
  const from = requests.length;
  await enqueuePickerPipeline(boss, picker.id);
  expect((await settled(picker.id)).status).toBe(pickerStatus.readyToPick);
  const baseline = {
    snapshot: await snapshot(context.database.db, picker.id),
    pages: pagesByRoute(requests.slice(from)),
  };
  baselines.set(setup, baseline);
  return baseline;
}

async function cursorsOf(pickerId: number) {
  return context.database.db
    .select({ stage: pickerCursors.stage, pages: pickerCursors.pages, done: pickerCursors.done })
    .from(pickerCursors)
    .where(eq(pickerCursors.pickerId, pickerId));
}

/** Waits until the picker's stored cursors pass `check` (a batch's commit, while the next page is held). */
async function committed(
  pickerId: number,
  check: (cursors: Awaited<ReturnType<typeof cursorsOf>>) => boolean,
) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const cursors = await cursorsOf(pickerId);
    if (check(cursors)) return;
    if (Date.now() > deadline)
      throw new Error(`no commit came: ${JSON.stringify(cursors)}\n${worker.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const routeOfStage = (stage: string) =>
  stage.startsWith("followers:")
    ? "/2/users/:id/followers"
    : ({
        retweets: "/2/tweets/:id/retweeted_by",
        quotes: "/2/tweets/:id/quote_tweets",
        replies: "/2/tweets/search/recent",
        "recent-posts": "/2/tweets",
      }[stage] ?? `unknown stage ${stage}`);

describe("T26: the worker process SIGKILLed in the middle of each stage of a picker pipeline", () => {
  it("the crowd's last posts all lie ahead of the real clock (the 30-day filter cannot change during the test)", () => {
    const world = sandbox.world;
    let earliest = Number.POSITIVE_INFINITY;
    let withPosts = 0;
    for (const id of world.retweeterIds(world.fixtures.posts.bench)) {
      const at = world.getUser(id)?.mostRecentTweetAt;
      if (!at) continue;
      withPosts += 1;
      earliest = Math.min(earliest, Date.parse(at));
    }
    expect(withPosts).toBeGreaterThan(20_000);
    expect(earliest - Date.now()).toBeGreaterThan(budgetMs);
  });

  // Where each kill lands: the request held is one the worker sends once the stage's first batch is read
  // (followers come 1,000 a page, the other lists 100, a few less where accounts are gone; a batch of 1,000
  // accounts is one transaction; the last-post lookups take 100 posts a request, 1,000 entrants a transaction).
  // The next page is fetched while the batch is written, so the test waits for that commit before the kill.
  const cases: {
    name: string;
    setup: () => PickerSetup;
    stage: string;
    heldRequest: number;
    exact: boolean;
  }[] = [
    { name: "followers", setup: everyStage, stage: "followers:", heldRequest: 4, exact: true },
    { name: "retweets", setup: everyStage, stage: "retweets", heldRequest: 12, exact: true },
    { name: "quotes", setup: everyStage, stage: "quotes", heldRequest: 12, exact: true },
    { name: "replies (flags)", setup: everyStage, stage: "replies", heldRequest: 12, exact: true },
    { name: "recent-posts", setup: everyStage, stage: "recent-posts", heldRequest: 13, exact: false },
    { name: "replies (entrants)", setup: repliesOnly, stage: "replies", heldRequest: 12, exact: true },
  ];

  for (const testCase of cases) {
    it(`${testCase.name}: killed mid-stage, restarted, resumes from its cursor and ends like an uninterrupted run`, async () => {
      const baseline = await uninterrupted(testCase.setup);
      const picker = await insertPicker(context.database.db, sandbox.world, testCase.setup());
      const stageCursor = (cursors: Awaited<ReturnType<typeof cursorsOf>>) =>
        cursors.find((cursor) => cursor.stage.startsWith(testCase.stage));
      const route = routeOfStage(stageCursor(baseline.snapshot.cursors as never)?.stage ?? testCase.stage);

      const held = holdRequest(route, testCase.heldRequest);
      await enqueuePickerPipeline(boss, picker.id);
      const [job] = await boss.findJobs(pickerPipelineJob.queue, { key: String(picker.id) });
      await held.arrived;
      await committed(picker.id, (cursors) => (stageCursor(cursors)?.pages ?? 0) >= 1);
      const restartedAt = await killAndRestart();
      held.release();

      // Killed in the stage, after some of it was committed, before its end.
      const atKill = await cursorsOf(picker.id);
      const killedStage = stageCursor(atKill);
      expect(killedStage?.done).toBe(false);
      expect(killedStage?.pages).toBeGreaterThanOrEqual(1);
      expect((await pickerRow(context.database.db, picker.id)).status).not.toBe(pickerStatus.readyToPick);

      await worker.waitForLine(
        (line) => line.event === "job.start" && line.jobId === job?.id && line.attempt === 1,
        120_000,
      );
      const row = await settled(picker.id);
      expect(row.status).toBe(pickerStatus.readyToPick);
      expect(await snapshot(context.database.db, picker.id)).toEqual(baseline.snapshot);
      const entrants = baseline.snapshot.entries.map((entry) => entry.xUserId);
      expect(new Set(entrants).size).toBe(entrants.length);

      // It went on from the stored cursors: lists done before the kill were not read again, and the killed list
      // only after its committed pages.
      const after = pagesByRoute(requests.slice(restartedAt));
      for (const cursor of atKill.filter((entry) => entry.done))
        expect(after[routeOfStage(cursor.stage)]).toBe(undefined);
      const total = baseline.pages[route]?.size ?? 0;
      const resumed = after[route] ?? new Set<string>();
      if (testCase.exact) {
        expect(resumed.size).toBe(total - killedStage!.pages);
        expect(resumed.has("first")).toBe(false);
      } else expect(resumed.size).toBeLessThan(total);
      expect(resumed.size).toBeGreaterThan(0);

      const [done] = await boss.findJobs(pickerPipelineJob.queue, { key: String(picker.id) });
      expect(done).toMatchObject({ id: job?.id, state: "completed", retryCount: 1 });
    }, 420_000);
  }
});

describe("T26: the worker process SIGKILLed in the middle of an airdrop participant import", () => {
  async function call<T>(method: "GET" | "PUT", url: string, body?: string) {
    const response = await context.app.inject({
      method,
      url: `/api/bounty/airdrop${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "text/plain" }),
      },
      ...(body === undefined ? {} : { payload: body }),
    });
    return { status: response.statusCode, body: response.json() as { content: T } };
  }

  async function ended(airdropId: number): Promise<ParticipantImport> {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const current = (await call<ParticipantImport | null>("GET", `/${airdropId}/participants/import`)).body
        .content;
      if (current && (current.state === "done" || current.state === "failed")) return current;
      if (Date.now() > deadline) throw new Error(`import still ${current?.state}:\n${worker.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function stored(airdropId: number) {
    return (
      await context.database.db
        .select()
        .from(airdropParticipants)
        .where(eq(airdropParticipants.airdropId, airdropId))
        .orderBy(airdropParticipants.position)
    ).map((row) => [row.position, row.account, row.label, row.weight]);
  }

  it("killed while checking the accounts on X, restarted: the list is stored once, as an uninterrupted import stores it", async () => {
    // 6,000 accounts of the crowd and 20 unknown ids: 61 lookups of 100, more than an upload waits for.
    const world = sandbox.world;
    const known = world.retweeterIds(world.fixtures.posts.bench).slice(0, 6000);
    const unknown = Array.from({ length: 20 }, (_, index) => `${9_000_000_000_000 + index}`);
    const text = [...known, ...unknown].join("\n");

    const reference = await createAirdropDraft(context.app, token, { idType: "twitter" });
    const first = await call<ParticipantImport>("PUT", `/${reference.id}/participants`, text);
    expect(first.status).toBe(202);
    const referenceImport = await ended(reference.id);
    expect(referenceImport).toMatchObject({ state: "done", report: { accepted: 6000 } });

    const draft = await createAirdropDraft(context.app, token, { idType: "twitter" });
    const held = holdRequest("/2/users", 30);
    const accepted = await call<ParticipantImport>("PUT", `/${draft.id}/participants`, text);
    expect(accepted.status).toBe(202);
    const [job] = await boss.findJobs(importParticipantsJob.queue, {
      data: { importId: accepted.body.content.id },
    });
    await held.arrived;
    await killAndRestart();
    held.release();

    // Killed while checking: the import is running, nothing of the list is stored.
    const halfway = (await call<ParticipantImport>("GET", `/${draft.id}/participants/import`)).body.content;
    expect(halfway).toMatchObject({ state: "running", phase: "checking" });
    expect(halfway.phaseDone).toBeGreaterThan(0);
    expect(halfway.phaseDone).toBeLessThan(halfway.phaseTotal);
    expect(await stored(draft.id)).toEqual([]);

    await worker.waitForLine(
      (line) => line.event === "job.start" && line.jobId === job?.id && line.attempt === 1,
      120_000,
    );
    const done = await ended(draft.id);
    expect(done).toMatchObject({ state: "done", processedLines: 6020 });
    expect(done.report).toEqual(referenceImport.report as ParticipantReport);
    const rows = await stored(draft.id);
    expect(rows).toHaveLength(6000);
    expect(rows).toEqual(await stored(reference.id));
    const [finished] = await boss.findJobs(importParticipantsJob.queue, { id: job?.id });
    expect(finished).toMatchObject({ state: "completed", retryCount: 1 });
  }, 420_000);
});
