// Picker collection pipeline (the code path of T25/T26 in docs/security.md, at scale): the X sandbox's
// 100,000-entrant post, from "not started" to "ready to pick", sandbox rate limits off, on an embedded PGlite
// (file-backed, as `npm start` runs it). The sandbox runs in a process of its own; so does each pipeline run,
// so that its peak RSS is the pipeline's (PGlite included) and nothing else's.
// Run: `node bench/picker-pipeline.mjs` (prints the figures), or with `--write` to also replace its section
// of bench/RESULTS.md; `npm run bench` runs it with the others. BENCH_SCENARIO=<index> runs one scenario,
// BENCH_CPU_PROFILE=<dir> writes a CPU profile of the pipeline process there.
import { fork } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const processes = join(root, "bench/picker-pipeline-processes.ts");

/** Reposts and quotes without filters: the entry insert path. Then everything: follows, replies, filters. */
const allScenarios = [
  {
    name: "reposts + quotes, no filters",
    followTarget: false,
    requireRetweet: true,
    requireReply: false,
    filters: {},
  },
  {
    name: "follow + reposts + quotes + replies + avatar, age and last-post filters",
    followTarget: true,
    requireRetweet: true,
    requireReply: true,
    filters: { profilePicture: true, minAccountAgeDays: 30, lastPostWithinDays: 30 },
  },
];

export const scenarios = process.env.BENCH_SCENARIO
  ? allScenarios.slice(Number(process.env.BENCH_SCENARIO), Number(process.env.BENCH_SCENARIO) + 1)
  : allScenarios;

function start(kind, args = []) {
  const profile = process.env.BENCH_CPU_PROFILE && kind === "pipeline";
  const execArgv = [
    "--import",
    "tsx",
    ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
  ];
  const child = fork(processes, [kind, ...args], { execArgv, cwd: root });
  const firstMessage = new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`${kind} process exited with ${code}`)));
  });
  return { child, firstMessage };
}

function nextMessage(child) {
  return new Promise((resolve) => child.once("message", resolve));
}

/** Requests the sandbox has served so far. */
async function served(sandbox) {
  const reply = nextMessage(sandbox);
  sandbox.send({ kind: "requests" });
  return (await reply).requests;
}

/** One picker collected by a fresh pipeline process (`retry`: its X client's retry policy). */
async function runOnce(sandbox, target, scenario, retry) {
  const before = await served(sandbox);
  const pipeline = start("pipeline");
  await pipeline.firstMessage;
  const answer = nextMessage(pipeline.child);
  pipeline.child.send({ ...target, scenario, ...(retry ? { retry } : {}) });
  const message = await answer;
  if (message.error) throw new Error(message.error);
  return { ...message.report, requests: (await served(sandbox)) - before };
}

/** Each scenario `repeats` times (BENCH_REPEATS, default 3); the run with the median wall time is kept. */
export async function pickerPipelineBenchmark({ repeats = Number(process.env.BENCH_REPEATS ?? 3) } = {}) {
  const sandbox = start("sandbox");
  const target = await sandbox.firstMessage;
  const runs = [];
  try {
    for (const scenario of scenarios) {
      const attempts = [];
      for (let attempt = 0; attempt < repeats; attempt++) {
        attempts.push(await runOnce(sandbox.child, target, scenario));
      }
      attempts.sort((left, right) => left.wallMs - right.wallMs);
      const median = attempts[Math.floor(attempts.length / 2)];
      runs.push({ ...median, wallTimes: attempts.map((attempt) => attempt.wallMs) });
    }
  } finally {
    sandbox.child.kill("SIGKILL");
  }
  return { runs, repeats };
}

/**
 * How much of X's rate limits the pipeline uses, per endpoint it is bound by. From the sandbox's log: its windows
 * (one per `x-rate-limit-reset`, each starting its length before that reset), the calls allowed in each and when
 * the first call of each came. Over the span from the first
 * window's start to the last one's, the windows allow `limit × span / window` calls; the pipeline made the calls
 * of every window but the last (which ends with the list, not with the limit). An endpoint is bound when one of
 * those windows was used up.
 */
export function rateLimitUse(log, windowMs) {
  const routes = new Map();
  for (const request of log) {
    const route = routes.get(request.route) ?? { requests: 0, rejected: 0, limit: 0, windows: new Map() };
    route.requests += 1;
    if (request.status === 429) route.rejected += 1;
    route.limit = Math.max(route.limit, request.limit);
    // A window runs from its reset less its length (the sandbox starts it on a whole second) to its reset.
    const window = route.windows.get(request.reset) ?? {
      start: request.reset * 1000 - windowMs,
      firstAt: request.at,
      calls: 0,
    };
    window.firstAt = Math.min(window.firstAt, request.at);
    if (request.status < 400) window.calls += 1;
    route.windows.set(request.reset, window);
    routes.set(request.route, route);
  }
  const rows = [];
  for (const [name, route] of routes) {
    const windows = [...route.windows.values()].sort((left, right) => left.start - right.start);
    const full = windows.slice(0, -1);
    const bound = full.some((window) => window.calls >= route.limit);
    const row = {
      route: name,
      requests: route.requests,
      rejected: route.rejected,
      limit: route.limit,
      windows: windows.length,
      bound,
    };
    if (bound) {
      const span = windows.at(-1).start - windows[0].start;
      row.calls = full.reduce((sum, window) => sum + window.calls, 0);
      row.allowed = (route.limit * span) / windowMs;
      row.use = row.calls / row.allowed;
      // How long after each reset the pipeline's next call came.
      row.gapsMs = full.map((window, index) => windows[index + 1].firstAt - (window.start + windowMs));
    }
    rows.push(row);
  }
  const bound = rows.filter((row) => row.bound);
  const calls = bound.reduce((sum, row) => sum + row.calls, 0);
  const allowed = bound.reduce((sum, row) => sum + row.allowed, 0);
  return { rows, use: allowed > 0 ? calls / allowed : undefined };
}

/**
 * The pipeline with the sandbox's rate limits on and its 15-minute windows scaled down to `windowMs`, on a post of
 * `entrants` reposters, every list and filter on (the last scenario). `marginMs`: the client's wait past a reset
 * (default 1 s against 15 minutes; scaled with the windows unless given).
 */
export async function pickerRateLimitBenchmark({ windowMs = 15_000, entrants = 20_000, marginMs } = {}) {
  const rateLimitMarginMs = marginMs ?? Math.round((1000 * windowMs) / (15 * 60 * 1000));
  const sandbox = start("sandbox", [
    JSON.stringify({ rateLimitWindowMs: windowMs, benchEntrants: entrants }),
  ]);
  const target = await sandbox.firstMessage;
  const loadBefore = loadavg();
  try {
    const report = await runOnce(sandbox.child, target, allScenarios.at(-1), { rateLimitMarginMs });
    const reply = nextMessage(sandbox.child);
    sandbox.child.send({ kind: "served" });
    const { served: log } = await reply;
    return {
      report,
      windowMs,
      entrants,
      rateLimitMarginMs,
      load: [loadBefore, loadavg()],
      ...rateLimitUse(log, windowMs),
    };
  } finally {
    sandbox.child.kill("SIGKILL");
  }
}

export const pickerRateLimitHeading = "## X rate-limit use of the picker pipeline";

const percent = (share) => `${(100 * share).toFixed(1)}%`;

/** The RESULTS.md section of one or more rate-limit runs (the first is the headline). */
export function pickerRateLimitSection(runs, { date, machine }) {
  const [first] = runs;
  const load = (pair) =>
    pair.map((value) => value.map((figure) => figure.toFixed(1)).join(" / ")).join(" → ");
  return `${pickerRateLimitHeading} (\`node bench/picker-pipeline.mjs --rate-limits\`; target: at least 95% of the calls the windows allow)

Run on ${date}; machine: ${machine}.
The X sandbox in its own process with X's rate limits on (per app and endpoint: reposters and quotes 75, search 450, user lookups 300, followers 300 per window) and its 15-minute windows scaled down; a picker on the bench post with ${thousands(first.entrants)} in the crowd, every list and filter on (follow target, reposts and quotes, replies, avatar, age and last-post filters), collected from "not started" to "ready to pick" by the pipeline in another process on a file-backed PGlite. The client waits for \`x-rate-limit-reset\` (whole epoch seconds; the sandbox starts a window on the whole second of its first call, so the reset it announces is exact) when a window is spent, plus its margin, which is 1 s against 15 minutes and here scaled with the windows unless said otherwise. An endpoint is bound by its limit when one of its windows was used up; for those, the calls of every window but the last (which ends with the list) are set against what the windows allow from the first window's start to the last one's (limit × span ÷ window; a window's start is its reset less its length). Load average (1 / 5 / 15 min) before → after each run.

| window | client margin | entrants (eligible) | wall time | bound endpoint: requests, windows, calls ÷ allowed, waits past each reset | 429s | use of the windows | load |
|---|---|---|---|---|---|---|---|
${runs
  .map((run) => {
    const bound = run.rows
      .filter((row) => row.bound)
      .map(
        (row) =>
          `${row.route}: ${row.requests}, ${row.windows}, ${row.calls} ÷ ${row.allowed.toFixed(1)}, ${row.gapsMs.map((gap) => `${(gap / 1000).toFixed(2)} s`).join(" ")}`,
      )
      .join("; ");
    const rejected = run.rows.reduce((sum, row) => sum + row.rejected, 0);
    return `| ${run.windowMs / 1000} s | ${run.rateLimitMarginMs} ms | ${thousands(run.report.entryCount)} (${thousands(run.report.eligibleCount)}) | ${seconds(run.report.wallMs)} | ${bound} | ${rejected} | **${run.use === undefined ? "no endpoint bound" : percent(run.use)}** | ${load(run.load)} |`;
  })
  .join("\n")}

Requests per endpoint in the first run: ${first.rows.map((row) => `\`${row.route}\` ${row.requests}${row.bound ? "" : " (never bound)"}`).join(", ")}.
`;
}

export function replaceNamedSection(markdown, heading, section) {
  const start = markdown.indexOf(heading);
  if (start < 0) return `${markdown.trimEnd()}\n\n${section}`;
  const next = markdown.indexOf("\n## ", start + heading.length);
  return `${markdown.slice(0, start)}${section}${next < 0 ? "" : markdown.slice(next)}`;
}

export const pickerPipelineHeading = "## Picker collection pipeline";

const thousands = (value) => Math.round(value).toLocaleString("en-US");
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (mb) => `${Math.round(mb)} MB`;

/** The RESULTS.md section. */
export function pickerPipelineSection({ runs, repeats }, { date, machine }) {
  const full = runs[runs.length - 1];
  return `${pickerPipelineHeading} (T25/T26 code path at scale; \`node bench/picker-pipeline.mjs\`)

Run on ${date}; machine: ${machine}.
The sandbox's 100,000-reposter post (\`dropfair_bench\`) from "not started" to "ready to pick": the X sandbox in its own process (rate limits off), the pipeline in another, on a file-backed PGlite as \`npm start\` runs it. X pages of 100 (followers 1,000), written 1,000 accounts per transaction, each with its cursor. Each scenario ${repeats} times, a fresh pipeline process each; the run with the median wall time is shown (all wall times in brackets). RSS and heap include PGlite's; the baseline is the process with PGlite open and migrated, before the run.

| scenario | X requests | entrants (eligible) | wall time (all runs) | CPU time | peak RSS (baseline) | peak heap (baseline) |
|---|---|---|---|---|---|---|
${runs
  .map(
    (run) =>
      `| ${run.scenario} | ${thousands(run.requests)} | ${thousands(run.entryCount)} (${thousands(run.eligibleCount)}) | **${seconds(run.wallMs)}** (${run.wallTimes.map(seconds).join(", ")}) | ${seconds(run.cpuMs)} | ${megabytes(run.peakRssMb)} (${megabytes(run.baselineRssMb)}) | ${megabytes(run.peakHeapMb)} (${megabytes(run.baselineHeapMb)}) |`,
  )
  .join("\n")}

Stages of the last scenario's median run, each from the previous stage's last commit to its own (the SQL-only steps in between count towards the next list):

| stage | pages | time |
|---|---|---|
${full.stages.map((stage) => `| ${stage.stage} | ${stage.pages ? thousands(stage.pages) : ""} | ${seconds(stage.ms)} |`).join("\n")}
`;
}

/** Replaces (or appends) this benchmark's section of a RESULTS.md text, leaving the others as they are. */
export function replaceSection(markdown, section) {
  const start = markdown.indexOf(pickerPipelineHeading);
  if (start < 0) return `${markdown.trimEnd()}\n\n${section}`;
  const next = markdown.indexOf("\n## ", start + pickerPipelineHeading.length);
  return `${markdown.slice(0, start)}${section}${next < 0 ? "" : markdown.slice(next)}`;
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes("--rate-limits")) {
  // BENCH_WINDOWS: the scaled window lengths in seconds (default 15); BENCH_MARGIN_MS: the client's margin.
  const windows = (process.env.BENCH_WINDOWS ?? "15").split(",").map(Number);
  const runs = [];
  for (const seconds of windows) {
    const margin = process.env.BENCH_MARGIN_MS ? { marginMs: Number(process.env.BENCH_MARGIN_MS) } : {};
    runs.push(await pickerRateLimitBenchmark({ windowMs: seconds * 1000, ...margin }));
    console.log(JSON.stringify(runs.at(-1), null, 2));
  }
  if (process.argv.includes("--write")) {
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const section = pickerRateLimitSection(runs, { date: new Date().toISOString().slice(0, 10), machine });
    const file = join(root, "bench/RESULTS.md");
    writeFileSync(file, replaceNamedSection(readFileSync(file, "utf8"), pickerRateLimitHeading, section));
  }
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await pickerPipelineBenchmark();
  console.log(JSON.stringify(result, null, 2));
  if (process.argv.includes("--write")) {
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const section = pickerPipelineSection(result, { date: new Date().toISOString().slice(0, 10), machine });
    const file = join(root, "bench/RESULTS.md");
    writeFileSync(file, replaceSection(readFileSync(file, "utf8"), section));
  }
}
