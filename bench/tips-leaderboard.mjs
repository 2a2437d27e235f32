// The tips leaderboard page's API on PostgreSQL (target: p99 under 50 ms at 100 connections, 100,000 participants).
// Seeds a scratch database on the local server (127.0.0.1:5432, or BENCH_POSTGRES_URL's server) with one running
// campaign and its leaderboard computed through the tips module (bench/tips-leaderboard.ts), starts the real API on
// it in its own process (bench/api-servers.ts), signs in with the wallet of a mid-table participant (so every
// answer carries their own row) and drives GET /api/bounty/tips/campaigns/:id/leaderboard with autocannon, one
// scenario after the other: first and last page sorted by rank, by points and by views. The database is dropped after.
// Run: `node bench/tips-leaderboard.mjs [--short] [--seconds N] [--participants N] [--tweets N] [--keep] [--reuse]`
// (--short: 5 s a scenario and 2 tweets a participant; --keep leaves the database, --reuse measures on a kept one).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { privateKeyToAccount } from "viem/accounts";
import { startServer } from "./api-throughput.mjs";

const root = join(import.meta.dirname, "..");
const scratch = "dropfair_tips_bench";
const connections = 100;
const pageSize = 50;
/** The pinned participant's wallet (a fixed key: the seed gives its address to participant `participants / 2`). */
const wallet = privateKeyToAccount(`0x${"b3".repeat(32)}`);

function serverUrl(database) {
  const url = new URL(process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${database}`;
  return url.toString();
}

function psql(command) {
  return spawnSync("psql", [serverUrl("postgres"), "-v", "ON_ERROR_STOP=1", "-qc", command], {
    encoding: "utf8",
  });
}

function seed({ participants, tweets }) {
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      join(root, "bench/tips-leaderboard.ts"),
      String(participants),
      String(tweets),
      String(Math.floor(participants / 2)),
      wallet.address,
    ],
    { cwd: root, env: { ...process.env, BENCH_DATABASE_URL: serverUrl(scratch) }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`bench/tips-leaderboard.ts failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

/** What a kept database holds (--reuse). */
function seeded() {
  const result = spawnSync(
    "psql",
    [
      serverUrl(scratch),
      "-Atc",
      "select c.id, c.participant_count, (select count(*) from tips_tweets), (select count(*) from tips_standings), " +
        "(select rank from tips_standings s join tips_participants p using (campaign_id, x_user_id) join users u on u.id = p.user_id " +
        `where u.address = '${wallet.address.toLowerCase()}'), current_setting('server_version') from tips_campaigns c`,
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) return undefined;
  const [campaignId, participants, tweets, ranked, pinnedRank, postgres] = result.stdout.trim().split("|");
  return {
    campaignId: Number(campaignId),
    participants: Number(participants),
    tweets: Number(tweets),
    ranked: Number(ranked),
    pinnedRank: Number(pinnedRank),
    postgres,
    reused: true,
  };
}

async function signIn(base) {
  const message = await fetch(`${base}/api/reg/Authentication/signMsg/Dropfair/${wallet.address}`);
  const { content } = await message.json();
  const login = await fetch(`${base}/api/reg/Authentication/login/Dropfair/${wallet.address}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ signature: await wallet.signMessage({ message: content }) }),
  });
  const body = await login.json();
  if (!body.content?.token) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(body)}`);
  return body.content.token;
}

/** The scenarios: first and last page by rank (points follow the rank), by points, and by views. */
function scenariosOf(ranked) {
  const last = Math.ceil(ranked / pageSize);
  return [
    { name: "rank, first page", query: "page=1" },
    { name: `rank, last page (${last})`, query: `page=${last}` },
    { name: "points, first page", query: "sort=points&page=1" },
    { name: `points, page ${Math.ceil(last / 2)}`, query: `sort=points&page=${Math.ceil(last / 2)}` },
    { name: "views, first page", query: "sort=views&page=1" },
    { name: `views, last page (${last})`, query: `sort=views&page=${last}` },
    { name: "interactions ascending, first page", query: "sort=interactions&order=asc&page=1" },
  ].map((scenario) => ({ ...scenario, query: `${scenario.query}&pageSize=${pageSize}` }));
}

/** One answer checked before a scenario is driven: a full page, the right total, the pinned row. */
async function check(url, token, seedResult) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const { content } = await response.json();
  const rows = content?.rows?.length;
  if (
    response.status !== 200 ||
    content.total !== seedResult.ranked ||
    content.me?.rank !== seedResult.pinnedRank
  )
    throw new Error(`${url}: ${response.status}, total ${content?.total}, own rank ${content?.me?.rank}`);
  return rows;
}

/** CPU milliseconds a process has used so far (Linux /proc; clock ticks of 10 ms). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function drive(url, token, seconds) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result.requests.total === 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result;
}

export async function tipsLeaderboardBenchmark(options = {}) {
  const { short = false, keep = false, reuse = false } = options;
  const seconds = options.seconds ?? (short ? 5 : 30);
  const participants = options.participants ?? 100_000;
  const tweets = options.tweets ?? (short ? 2 : 10);
  let seedResult = reuse ? seeded() : undefined;
  if (!seedResult) {
    if (psql(`drop database if exists ${scratch} with (force)`).status !== 0) return undefined;
    if (psql(`create database ${scratch}`).status !== 0) return undefined;
  }
  let server;
  try {
    seedResult ??= seed({ participants, tweets });
    server = await startServer("dropfair", {
      ...process.env,
      BENCH_DATABASE_URL: serverUrl(scratch),
    });
    const base = `http://127.0.0.1:${server.port}`;
    const token = await signIn(base);
    const scenarios = [];
    for (const scenario of scenariosOf(seedResult.ranked)) {
      const url = `${base}/api/bounty/tips/campaigns/${seedResult.campaignId}/leaderboard?${scenario.query}`;
      const rows = await check(url, token, seedResult);
      await drive(url, token, Math.min(3, seconds)); // warm-up
      const loadBefore = loadavg()[0];
      const cpuBefore = cpuMsOf(server.child.pid);
      const result = await drive(url, token, seconds);
      const serverCpuMs = cpuMsOf(server.child.pid) - cpuBefore;
      scenarios.push({
        ...scenario,
        rows,
        requests: result.requests.total,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        serverCpuMsPerRequest: serverCpuMs / result.requests.total,
        load: [loadBefore, loadavg()[0]],
      });
      console.error(
        `${scenario.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (load ${loadBefore.toFixed(1)}→${loadavg()[0].toFixed(1)})`,
      );
    }
    return {
      ...seedResult,
      seconds,
      connections,
      pageSize,
      scenarios,
      machine: `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      date: new Date().toISOString().slice(0, 16).replace("T", " "),
    };
  } finally {
    server?.child.kill("SIGKILL");
    if (!keep) psql(`drop database if exists ${scratch} with (force)`);
  }
}

export function tipsLeaderboardSection(result) {
  const title =
    "## Tips leaderboard API (`node bench/tips-leaderboard.mjs`; target: p99 under 50 ms at 100 connections, 100,000 participants)";
  if (!result) return `${title}\n\nSkipped: no PostgreSQL server answered.\n`;
  const count = (value) => value.toLocaleString("en-US");
  const seeding = result.reused
    ? "seeded by an earlier run (--keep), re-measured with --reuse"
    : `seeded in ${result.seedSeconds.toFixed(0)} s, the leaderboard recomputed through the module in ${result.recomputeSeconds.toFixed(0)} s`;
  const rows = result.scenarios.map(
    (scenario) =>
      `| ${scenario.name} | ${Math.round(scenario.rps)} | ${scenario.p50} ms | **${scenario.p99} ms** ${scenario.p99 < 50 ? "✓" : "✗"} | ${scenario.max} ms | ${scenario.serverCpuMsPerRequest.toFixed(2)} ms | ${scenario.load.map((load) => load.toFixed(1)).join("→")} |`,
  );
  return `${title}

${result.date} UTC, ${result.machine}, PostgreSQL ${result.postgres} on 127.0.0.1. One running campaign with ${count(result.participants)} participants and ${count(result.tweets)} tweets (${count(result.ranked)} ranked; one in 997 banned), ${seeding}, in a scratch database dropped after. The real API (\`bench/api-servers.ts\`, default pool of 10 connections) in its own process; autocannon in the bench's process, ${result.connections} connections, ${result.seconds} s per scenario after a warm-up, every request signed in as the participant ranked ${count(result.pinnedRank)} (their own row in every answer), ${result.pageSize} rows a page. "API process CPU per request": the API process's CPU time (\`/proc\`) over the requests served, what one core would need per request on an idle machine (PostgreSQL's own CPU not included). Load: the 1-minute load average before → after each scenario.

| sort, page | req/s | p50 | p99 | max | API process CPU per request | load |
|---|---|---|---|---|---|---|
${rows.join("\n")}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      short: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      reuse: { type: "boolean", default: false },
      seconds: { type: "string" },
      participants: { type: "string" },
      tweets: { type: "string" },
    },
  });
  const number = (value) => (value === undefined ? undefined : Number(value));
  const result = await tipsLeaderboardBenchmark({
    short: values.short,
    keep: values.keep,
    reuse: values.reuse,
    seconds: number(values.seconds),
    participants: number(values.participants),
    tweets: number(values.tweets),
  });
  console.log(JSON.stringify(result));
  console.log(tipsLeaderboardSection(result));
}
