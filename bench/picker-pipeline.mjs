// Picker collection pipeline (the code path of T25/T26 in docs/security.md, at scale): the X sandbox's
// 100,000-entrant post, from "not started" to "ready to pick", sandbox rate limits off, on an embedded PGlite
// (file-backed, as `npm start` runs it). The sandbox runs in a process of its own; so does each pipeline run,
// so that its peak RSS is the pipeline's (PGlite included) and nothing else's.
// Run: `node bench/picker-pipeline.mjs` (prints the figures), or with `--write` to also replace its section
// of bench/RESULTS.md; `npm run bench` runs it with the others. BENCH_SCENARIO=<index> runs one scenario,
// BENCH_CPU_PROFILE=<dir> writes a CPU profile of the pipeline process there.
import { fork } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
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

function start(kind) {
  const profile = process.env.BENCH_CPU_PROFILE && kind === "pipeline";
  const execArgv = [
    "--import",
    "tsx",
    ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
  ];
  const child = fork(processes, [kind], { execArgv, cwd: root });
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

/** One picker collected by a fresh pipeline process. */
async function runOnce(sandbox, target, scenario) {
  const before = await served(sandbox);
  const pipeline = start("pipeline");
  await pipeline.firstMessage;
  const answer = nextMessage(pipeline.child);
  pipeline.child.send({ ...target, scenario });
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await pickerPipelineBenchmark();
  console.log(JSON.stringify(result, null, 2));
  if (process.argv.includes("--write")) {
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const section = pickerPipelineSection(result, { date: new Date().toISOString().slice(0, 10), machine });
    const file = join(root, "bench/RESULTS.md");
    writeFileSync(file, replaceSection(readFileSync(file, "utf8"), section));
  }
}
