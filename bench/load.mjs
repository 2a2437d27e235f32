// Load and soak of the public reads (T28 in docs/security.md): picker detail, the airdrop list and a claim's proof,
// served by the real API process (`apps/api/src/server.ts`, as `npm run start -w @dropfair/api` starts it) on
// PostgreSQL with 1,000,000 picker entrants and a 1,000,000-claim airdrop loaded. autocannon drives each route,
// then all three mixed, at 100 connections for 60 s each; then a soak of mixed load in one-minute rounds while the
// API process's RSS is sampled. Targets: p99 under 50 ms; RSS growth after the first (warm-up) minute under 10%.
//
// Run: `node bench/load.mjs` (about 17 minutes: seeding ~1-2 min, 4 × 60 s, 10 min soak). Options:
//   --duration <s>         each measured run (default 60)
//   --soak-minutes <m>     the soak (default 10; 0 skips it)
//   --connections <n>      autocannon connections (default 100)
//   --entrants <n>         picker entrants (default 1000000); --claims <n> airdrop claims (default 1000000)
//   --airdrops <n>         more released airdrops for the list route (default 2000)
//   --sample-seconds <s>   RSS sampling interval during the soak (default 5)
//   --write                replace this benchmark's section of bench/RESULTS.md
//   --keep-database        keep the seeded database (and its ids in /tmp) for --reuse-database
//   --reuse-database       skip seeding: measure the database an earlier --keep-database run left
// Smoke run: `node bench/load.mjs --entrants 20000 --claims 20000 --airdrops 100 --duration 5 --soak-minutes 0.5`.
// The database is a scratch one, `dropfair_load_bench`, on 127.0.0.1:5432 (or BENCH_POSTGRES_URL's server),
// dropped at the end. autocannon and the API share the machine's cores: the figures are for both together.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { runAirdropList } from "./airdrop-list.mjs";
import { replaceNamedSection } from "./picker-pipeline.mjs";
import { psql } from "./points-leaderboard.mjs";

const root = join(import.meta.dirname, "..");
const scratch = "dropfair_load_bench";
const seedFile = `/tmp/${scratch}.json`;
export const loadHeading = "## Load and soak of the public reads";

const defaults = {
  duration: 60,
  soakMinutes: 10,
  connections: 100,
  entrants: 1_000_000,
  claims: 1_000_000,
  airdrops: 2_000,
  sampleSeconds: 5,
  keepDatabase: false,
  reuseDatabase: false,
};

function databaseUrl() {
  const server = new URL(process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  server.pathname = `/${scratch}`;
  return server.toString();
}

function mustPsql(command) {
  const result = psql(command);
  if (result.status !== 0) throw new Error(`psql ${command}: ${result.stderr}`);
}

function runTs(script, args, environment) {
  const result = spawnSync(process.execPath, ["--import", "tsx", join(root, script), ...args.map(String)], {
    cwd: root,
    env: { ...process.env, ...environment },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

/** A fresh scratch database with the airdrop (through the API, by bench/airdrop-list.ts), the picker and the list. */
function seed(options, url) {
  mustPsql(`drop database if exists ${scratch} with (force)`);
  mustPsql(`create database ${scratch}`);
  const started = performance.now();
  const airdrop = runAirdropList(options.claims, { BENCH_DATABASE_URL: url });
  const airdropSeconds = (performance.now() - started) / 1000;
  const rest = runTs("bench/load-seed.ts", [options.entrants, options.airdrops], { BENCH_DATABASE_URL: url });
  const sizes = spawnSync(
    "psql",
    [url, "-Atc", "select pg_size_pretty(pg_database_size(current_database())), version()"],
    { encoding: "utf8" },
  ).stdout.trim();
  const [databaseSize, version] = sizes.split("|");
  return {
    ...rest,
    airdropSeconds,
    seedSeconds: (performance.now() - started) / 1000,
    merkleRoot: airdrop.root,
    databaseSize,
    postgres: version?.match(/PostgreSQL [\d.]+/)?.[0] ?? "PostgreSQL",
  };
}

async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

/** The API as it runs in production, its own process; jobs off (WORKER_MODE=off), no sandbox. */
async function startApi(url) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps/api/src/server.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      WORKER_MODE: "off",
      SANDBOX: "off",
      // One client address sends everything: the per-IP limit (600/min by default) would answer 429s.
      RATE_LIMIT_PER_MINUTE: "1000000000",
      NEWSLETTER_SECRET: "bench-newsletter-secret-0123456789abcdef",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`the API exited with ${code} before it was ready`);
  });
  const base = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
  return { child, base };
}

async function stopApi(child) {
  if (child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The resident set of a process in bytes (Linux /proc, or ps elsewhere). */
function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
    if (kb) return kb * 1024;
  } catch {
    // not Linux
  }
  return (
    Number(spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim()) * 1024
  );
}

/** CPU time a process has used, in ms (Linux /proc; undefined elsewhere). */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The three routes as autocannon requests; claim reads walk the sampled accounts in a shuffled order. */
function routes(seeded) {
  const accounts = [...seeded.accounts];
  for (let index = accounts.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [accounts[index], accounts[other]] = [accounts[other], accounts[index]];
  }
  let next = 0;
  const claimPath = () => {
    next = (next + 1) % accounts.length;
    return `/api/bounty/airdrop/${seeded.airdropId}/claim?account=${accounts[next]}`;
  };
  return {
    picker: { method: "GET", path: `/api/bounty/picker/${seeded.pickerId}` },
    list: { method: "GET", path: "/api/bounty/airdrop?page=1&pageSize=20" },
    claim: { method: "GET", setupRequest: (request) => ({ ...request, path: claimPath() }) },
    claimPath,
  };
}

/** One answer of each route, checked, so a run never measures errors or empty answers. */
async function checkRoutes(base, seeded, paths) {
  const json = async (path) => {
    const response = await fetch(`${base}${path}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()).content;
  };
  const picker = await json(paths.picker.path);
  if (picker.entryCount !== seeded.entrants || !picker.currentDraw)
    throw new Error(`picker detail: ${JSON.stringify(picker).slice(0, 300)}`);
  const list = await json(paths.list.path);
  if (list.total !== seeded.airdrops + 1 || list.items?.length !== 20)
    throw new Error(`airdrop list: total ${list.total}, ${list.items?.length} rows`);
  const claim = await json(paths.claimPath());
  if (!claim.eligible || !claim.proof?.length) throw new Error(`claim: ${JSON.stringify(claim)}`);
  return { proofLength: claim.proof.length, listRows: list.items.length };
}

/** One autocannon run, with the load average around it and the API's CPU time per answered request. */
async function measure(name, api, requests, { connections, seconds }) {
  const loadBefore = loadavg()[0];
  const cpuBefore = cpuMsOf(api.pid);
  const result = await autocannon({ url: api.base, connections, duration: seconds, requests, timeout: 10 });
  const cpuAfter = cpuMsOf(api.pid);
  return {
    name,
    seconds,
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failures: result.non2xx + result.errors + result.timeouts,
    apiCpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : (cpuAfter - cpuBefore) / result.requests.total,
    loadBefore,
    loadAfter: loadavg()[0],
  };
}

/** Mixed load in rounds of up to a minute, the API's RSS sampled every few seconds throughout. */
async function soak(api, requests, options) {
  const { pid } = api;
  const total = Math.round(options.soakMinutes * 60);
  const started = performance.now();
  const samples = [{ at: 0, rss: rssOf(pid) }];
  const sampler = setInterval(() => {
    samples.push({ at: (performance.now() - started) / 1000, rss: rssOf(pid) });
  }, options.sampleSeconds * 1000);
  const rounds = [];
  try {
    for (let done = 0; done < total; done += 60) {
      const seconds = Math.min(60, total - done);
      rounds.push(await measure(`minute ${rounds.length + 1}`, api, requests, { ...options, seconds }));
    }
  } finally {
    clearInterval(sampler);
  }
  samples.push({ at: (performance.now() - started) / 1000, rss: rssOf(pid) });
  return { rounds, samples, ...rssGrowth(samples, Math.min(60, total / 2)) };
}

/** Growth after warm-up: the last sample and the highest one against the first sample at or after `warmUp` s. */
export function rssGrowth(samples, warmUp) {
  const baseline = samples.find((sample) => sample.at >= warmUp) ?? samples[0];
  const after = samples.filter((sample) => sample.at >= baseline.at);
  const final = samples.at(-1);
  const peak = Math.max(...after.map((sample) => sample.rss));
  return {
    baseline,
    final,
    peak,
    growth: (final.rss - baseline.rss) / baseline.rss,
    peakGrowth: (peak - baseline.rss) / baseline.rss,
  };
}

export async function loadBenchmark(overrides = {}) {
  const options = { ...defaults, ...overrides };
  const url = databaseUrl();
  let seeded;
  if (options.reuseDatabase) {
    if (!existsSync(seedFile)) throw new Error(`${seedFile} is missing: run once with --keep-database`);
    seeded = JSON.parse(readFileSync(seedFile, "utf8"));
  } else {
    seeded = { ...seed(options, url), entrants: options.entrants, claims: options.claims };
    seeded.airdrops = options.airdrops;
  }
  if (options.keepDatabase) writeFileSync(seedFile, JSON.stringify(seeded));
  const { child, base } = await startApi(url);
  const stop = () => child.kill("SIGKILL");
  process.once("SIGINT", stop);
  try {
    const paths = routes(seeded);
    const checked = await checkRoutes(base, seeded, paths);
    const mixed = [paths.picker, paths.list, paths.claim];
    const run = { connections: options.connections, seconds: options.duration };
    const api = { base, pid: child.pid };
    await measure("warm-up", api, mixed, { ...run, seconds: Math.min(10, options.duration) });
    const runs = [
      await measure("picker detail", api, [paths.picker], run),
      await measure("airdrop list", api, [paths.list], run),
      await measure("claim proof", api, [paths.claim], run),
      await measure("mixed (1:1:1)", api, mixed, run),
    ];
    const rssAfterRuns = rssOf(child.pid);
    const soaked = options.soakMinutes > 0 ? await soak(api, mixed, options) : undefined;
    return {
      options,
      seeded: { ...seeded, accounts: seeded.accounts.length },
      checked,
      runs,
      rssAfterRuns,
      soaked,
    };
  } finally {
    process.removeListener("SIGINT", stop);
    await stopApi(child);
    if (!options.keepDatabase) psql(`drop database if exists ${scratch} with (force)`);
  }
}

const thousands = (value) => Math.round(value).toLocaleString("en-US");
const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;
const mark = (ok) => (ok ? "✓" : "✗");
/** The API's CPU per request, and the share of one core it kept busy (requests/s × CPU per request). */
const cpu = (run) =>
  run.apiCpuMsPerRequest === undefined
    ? ""
    : `${run.apiCpuMsPerRequest.toFixed(2)} ms (${Math.round((run.rps * run.apiCpuMsPerRequest) / 10)}% of a core)`;
const load = (run) => `${run.loadBefore.toFixed(1)} → ${run.loadAfter.toFixed(1)}`;

function soakSection(soaked) {
  const inRound = (index) =>
    soaked.samples.filter((sample) => sample.at > index * 60 && sample.at <= (index + 1) * 60 + 0.5);
  const rows = soaked.rounds.map((round, index) => {
    const samples = inRound(index);
    const rss = samples.length ? samples.at(-1).rss : Number.NaN;
    return `| ${index + 1} | ${thousands(round.rps)} | ${ms(round.p50)} | ${ms(round.p99)} ${mark(round.p99 < 50)} | ${round.failures} | ${cpu(round)} | ${mb(rss)} | ${load(round)} |`;
  });
  const samples = soaked.samples.map((sample) => `${Math.round(sample.at)} s ${mb(sample.rss)}`).join(", ");
  return `Soak: mixed load for ${soaked.rounds.length} rounds of up to a minute, back to back; the API process's RSS sampled every few seconds. RSS after the warm-up minute (at ${Math.round(soaked.baseline.at)} s): ${mb(soaked.baseline.rss)}; at the end: ${mb(soaked.final.rss)}, growth **${(soaked.growth * 100).toFixed(1)}%** ${mark(soaked.growth < 0.1)} (target < 10%); highest after warm-up ${mb(soaked.peak)} (${(soaked.peakGrowth * 100).toFixed(1)}%).

| minute | requests/s | p50 | p99 | failures | API CPU per request | RSS at the minute's end | load average (1 min) |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

Every RSS sample (seconds into the soak, RSS): ${samples}.
`;
}

export function loadSection(result, { date, machine }) {
  const { options, seeded } = result;
  const rows = result.runs.map(
    (run) =>
      `| ${run.name} | ${thousands(run.rps)} | ${ms(run.p50)} | ${ms(run.p99)} ${mark(run.p99 < 50)} | ${ms(run.max)} | ${run.failures} | ${cpu(run)} | ${load(run)} |`,
  );
  return `${loadHeading} (T28; \`node bench/load.mjs\`)

${date}, ${machine}. A scratch ${seeded.postgres} database (${seeded.databaseSize}; seeded in ${Math.round(seeded.seedSeconds)} s) with one completed picker of ${thousands(seeded.entrants)} entrants (COPY, real entry hashes, one draw, ten winners), an airdrop of ${thousands(seeded.claims)} wallet claims put in through the API by \`bench/airdrop-list.ts\` (upload, import job, prepare: participants and Merkle chunks as the module stores them, root \`${seeded.merkleRoot}\`) and ${thousands(seeded.airdrops)} more released airdrops. The API is its own process, \`apps/api/src/server.ts\` as production starts it (jobs off, pool of 10 connections, per-IP rate limit raised so one client may send everything); autocannon, ${options.connections} connections, ${options.duration} s per run after a 10 s mixed warm-up, runs in the bench's process. **autocannon, the API and PostgreSQL share the machine's ${cpus().length} cores**, and other work was running: the 1-minute load average is given before → after each run.

Routes: picker detail \`GET /api/bounty/picker/{id}\`; airdrop list \`GET /api/bounty/airdrop?page=1&pageSize=20\`; a claim's proof \`GET /api/bounty/airdrop/{id}/claim?account=…\` over ${thousands(seeded.accounts)} accounts spread through the list, a different one per request (each answer a ${result.checked.proofLength}-node proof); mixed: each connection cycles through the three.

| route | requests/s | p50 | p99 (target < 50 ms) | max | failures | API CPU per request | load average |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

Failures are non-2xx answers, errors and timeouts (10 s). API CPU per request is the API process's CPU time (\`/proc\`) over the requests answered; with the share of a core it kept busy it tells a slow API from a starved one: an API busy for a small part of one core while latency is high waited for the CPU (the machine's run queue), it did not work longer. At 100 connections, p99 under 50 ms needs more than 2,000 requests/s, which is also what one core allows at 0.5 ms of API CPU per request, with PostgreSQL and autocannon on the other core.

RSS of the API after these runs: ${mb(result.rssAfterRuns)}.

${result.soaked ? soakSection(result.soaked) : "No soak in this run (--soak-minutes 0).\n"}`;
}

/** This benchmark's section of a RESULTS.md text as it stands (empty when there is none). */
export function currentLoadSection(markdown) {
  const start = markdown.indexOf(loadHeading);
  if (start < 0) return "";
  const next = markdown.indexOf("\n## ", start + loadHeading.length);
  return `${markdown.slice(start, next < 0 ? undefined : next).trimEnd()}\n`;
}

export function machineLine() {
  return `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      duration: { type: "string" },
      "soak-minutes": { type: "string" },
      connections: { type: "string" },
      entrants: { type: "string" },
      claims: { type: "string" },
      airdrops: { type: "string" },
      "sample-seconds": { type: "string" },
      write: { type: "boolean" },
      "keep-database": { type: "boolean" },
      "reuse-database": { type: "boolean" },
    },
  });
  const number = (value, fallback) => (value === undefined ? fallback : Number(value));
  const result = await loadBenchmark({
    duration: number(values.duration, defaults.duration),
    soakMinutes: number(values["soak-minutes"], defaults.soakMinutes),
    connections: number(values.connections, defaults.connections),
    entrants: number(values.entrants, defaults.entrants),
    claims: number(values.claims, defaults.claims),
    airdrops: number(values.airdrops, defaults.airdrops),
    sampleSeconds: number(values["sample-seconds"], defaults.sampleSeconds),
    keepDatabase: values["keep-database"] ?? false,
    reuseDatabase: values["reuse-database"] ?? false,
  });
  console.log(JSON.stringify(result));
  const section = loadSection(result, {
    date: new Date().toISOString().slice(0, 10),
    machine: machineLine(),
  });
  console.log(section);
  if (values.write) {
    const file = join(root, "bench/RESULTS.md");
    writeFileSync(file, replaceNamedSection(readFileSync(file, "utf8"), loadHeading, section));
  }
}
