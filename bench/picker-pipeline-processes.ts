// The two processes of the picker pipeline benchmark, started by picker-pipeline.mjs: `sandbox` serves the
// X sandbox (rate limits off, or on with scaled windows, every request logged) as X would, from another process; `pipeline` runs one picker on the sandbox's
// 100,000-entrant post from "not started" to "ready to pick" on an embedded PGlite, and reports its time and
// memory. Separate processes keep the sandbox's work out of the pipeline's time and memory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pickerStatus } from "@dropfair/core/picker";
import { migrateDatabase, openDatabase, type PickerFilters, pickers } from "@dropfair/db";
import { createXSandbox, defaultAppBearerToken } from "@dropfair/sandbox/x";
import { createXClient, type RetryPolicy } from "@dropfair/social/x";
import { runPickerPipeline } from "../apps/api/src/modules/picker/index.ts";

export type Scenario = {
  name: string;
  followTarget: boolean;
  requireRetweet: boolean;
  requireReply: boolean;
  filters: PickerFilters;
};

export type PipelineReport = {
  scenario: string;
  wallMs: number;
  /** User + system CPU time of the pipeline process during the run. */
  cpuMs: number;
  stages: { stage: string; ms: number; pages: number }[];
  /** RSS with PGlite open and migrated, before the run: the embedded database's own footprint. */
  baselineRssMb: number;
  peakRssMb: number;
  baselineHeapMb: number;
  peakHeapMb: number;
  entryCount: number;
  eligibleCount: number;
  status: number;
};

/** The sandbox's settings for a run: X's rate limits with windows of `rateLimitWindowMs` (off without it). */
export type SandboxSettings = { rateLimitWindowMs?: number; benchEntrants?: number };

/** One request the sandbox served: its route, when, its status and the rate-limit headers it carried. */
export type ServedRequest = { route: string; at: number; status: number; limit: number; reset: number };

async function serveSandbox(settings: SandboxSettings) {
  const sandbox = createXSandbox({
    rateLimits: settings.rateLimitWindowMs ? { windowMs: settings.rateLimitWindowMs } : false,
    ...(settings.benchEntrants ? { benchEntrants: settings.benchEntrants } : {}),
  });
  let requests = 0;
  const served: ServedRequest[] = [];
  sandbox.addHook("onResponse", async (request, reply) => {
    requests += 1;
    if (!settings.rateLimitWindowMs) return;
    served.push({
      route: request.routeOptions.url ?? request.url,
      // When the request arrived, which is when the sandbox counted it in its window.
      at: Date.now() - reply.elapsedTime,
      status: reply.statusCode,
      limit: Number(reply.getHeader("x-rate-limit-limit") ?? 0),
      reset: Number(reply.getHeader("x-rate-limit-reset") ?? 0),
    });
  });
  await sandbox.listen({ port: 0, host: "127.0.0.1" });
  const address = sandbox.server.address();
  process.on("message", (message: { kind?: string }) => {
    if (message.kind === "requests") process.send?.({ requests });
    if (message.kind === "served") process.send?.({ served: served.splice(0) });
  });
  process.send?.({
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    benchPostId: sandbox.world.fixtures.posts.bench,
    benchHost: sandbox.world.fixtures.users.benchHost,
  });
}

async function runPipeline(input: {
  url: string;
  benchPostId: string;
  benchHost: { id: string; username: string };
  scenario: Scenario;
  /** The client's retry policy (the rate-limit benchmark scales its wait margin with the windows). */
  retry?: Partial<RetryPolicy>;
}): Promise<PipelineReport> {
  const dataDir = mkdtempSync(join(tmpdir(), "dropfair-bench-pipeline-"));
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    const { scenario, benchHost } = input;
    const [picker] = await database.db
      .insert(pickers)
      .values({
        seed: "benchpipe2",
        ownerXUserId: benchHost.id,
        ownerUsername: benchHost.username,
        creatorXUserId: benchHost.id,
        postId: input.benchPostId,
        postUrl: `https://x.com/${benchHost.username}/status/${input.benchPostId}`,
        winnerCount: 100,
        followTargets: scenario.followTarget ? [benchHost] : [],
        requireRetweet: scenario.requireRetweet,
        requireReply: scenario.requireReply,
        infoType: "evm",
        filters: scenario.filters,
        entryLimit: null,
        status: pickerStatus.notStarted,
      })
      .returning();
    const x = createXClient({ baseUrl: input.url, bearerToken: defaultAppBearerToken, retry: input.retry });

    const baseline = process.memoryUsage();
    let peakHeap = baseline.heapUsed;
    let peakRss = baseline.rss;
    const sample = () => {
      const usage = process.memoryUsage();
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      peakRss = Math.max(peakRss, usage.rss);
    };
    const sampler = setInterval(sample, 20);
    const stages = new Map<string, { first: number; last: number; pages: number }>();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    let previous = started;
    const result = await runPickerPipeline({
      db: database.db,
      x,
      pickerId: picker!.id,
      onPage: (event) => {
        const now = performance.now();
        const stage = stages.get(event.stage) ?? { first: previous, last: now, pages: 0 };
        stage.last = now;
        stage.pages = event.pages;
        stages.set(event.stage, stage);
        previous = now;
        sample();
        if (process.env.BENCH_VERBOSE && event.pages % 50 === 0) {
          console.error(
            `${scenario.name}: ${event.stage} page ${event.pages} at ${Math.round(now - started)} ms`,
          );
        }
      },
    });
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    sample();
    if (result.outcome !== "ready") throw new Error(`pipeline ended ${JSON.stringify(result)}`);
    return {
      scenario: scenario.name,
      wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      stages: [
        ...[...stages].map(([stage, times]) => ({
          stage: stage.startsWith("followers:") ? "followers" : stage,
          ms: times.last - times.first,
          pages: times.pages,
        })),
        // After the last list: the exclusion rules over every entrant, the counts, status 6.
        { stage: "finish", ms: started + wallMs - previous, pages: 0 },
      ],
      baselineRssMb: baseline.rss / 2 ** 20,
      peakRssMb: Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20,
      baselineHeapMb: baseline.heapUsed / 2 ** 20,
      peakHeapMb: peakHeap / 2 ** 20,
      entryCount: result.entryCount,
      eligibleCount: result.eligibleCount,
      status: result.status,
    };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kind = process.argv[2];
if (kind === "sandbox") {
  await serveSandbox(JSON.parse(process.argv[3] ?? "{}") as SandboxSettings);
} else if (kind === "pipeline") {
  process.once("message", async (input: Parameters<typeof runPipeline>[0]) => {
    try {
      process.send?.({ report: await runPipeline(input) });
    } catch (error) {
      process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
    process.exit(0);
  });
  process.send?.({ ready: true });
}
