// Runs bench/mission-checks.ts (mission checks per second against the in-process sandbox, rate limits off) in its
// own process, on PGlite and, with TEST_DATABASE_URL (a PostgreSQL server it may create databases on), on
// PostgreSQL too, and formats its section of bench/RESULTS.md.
// Run: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/mission-checks.mjs [wallets] [concurrency]`
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

/** One run; `databaseUrl` undefined: PGlite. */
export function missionChecksBenchmark({ wallets = 100, concurrency = 50, databaseUrl } = {}) {
  const environment = { ...process.env, LOG_LEVEL: "silent" };
  if (databaseUrl) environment.TEST_DATABASE_URL = databaseUrl;
  else delete environment.TEST_DATABASE_URL;
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", join(root, "bench/mission-checks.ts"), String(wallets), String(concurrency)],
    { cwd: root, encoding: "utf8", env: environment },
  );
  if (result.status !== 0) throw new Error(`bench/mission-checks.ts failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

/** PGlite, then PostgreSQL when a server is named. */
export function missionChecksBenchmarks(options = {}) {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  return [
    missionChecksBenchmark(options),
    ...(databaseUrl ? [missionChecksBenchmark({ ...options, databaseUrl })] : []),
  ];
}

const ms = (value) => `${value.toFixed(1)} ms`;

function row(result, name, pass) {
  const answers = Object.entries(pass.statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(", ");
  const server = pass.serverCpuMsPerCheck === null ? "in the process" : ms(pass.serverCpuMsPerCheck);
  // A check needs this much of the one core a Node process runs on: its ceiling on an idle machine.
  const ceiling = Math.round(1000 / pass.cpuMsPerCheck);
  return `| ${result.database} | ${name} | ${pass.checks} | **${Math.round(pass.checksPerSecond)}** | ${ms(pass.p50)} | ${ms(pass.p99)} | ${ms(pass.cpuMsPerCheck)} (${Math.round(pass.cpuShare * 100)}% of a core) | ${server} | ${ceiling} | ${pass.load.map((load) => load.toFixed(1)).join("→")} | ${answers} |`;
}

export function missionChecksSection(results, { date, machine }) {
  const first = results[0];
  return `## Mission checks (\`bench/mission-checks.mjs\`; target ≥ 200 checks/s against the sandbox, its rate limits off)

The real API in-process (\`inject\`), the X sandbox mounted with its rate limits off and the check limits raised; ${first.wallets} wallets each signed in with their own sandbox X account; ${first.missions} missions (follow, retweet, like, quote, two of each) that every wallet has done on X. So each check of the first pass is a new completion: the X list read through the real client, then the completion, its EP credit and the referral hook in one transaction (after it, each database holds exactly one completion and one mission credit per check: ${results.map((result) => `${result.completions} and ${result.missionCredits}`).join(", ")}). The repeat pass answers "done" from the database. ${first.concurrency} checks in flight. ${date}, ${machine}. CPU per check is this process's (\`process.cpuUsage\`; on PGlite the database runs inside it) and, on PostgreSQL, its server processes' (\`/proc\`); "ceiling" is 1000 ms over the process's CPU per check: what one core would serve on an idle machine.

| database | pass | checks | checks/s | p50 | p99 | process CPU per check | server CPU per check | ceiling | load (1 min) | answers |
|---|---|---|---|---|---|---|---|---|---|---|
${results.flatMap((result) => [row(result, "first (new completions)", result.first), row(result, "repeat (done)", result.repeat)]).join("\n")}

With X's real limits the client does not fail: when a window is spent it sleeps until \`x-rate-limit-reset\` and resumes, and a reset beyond its longest wait answers the check with a retryable 424 and Retry-After (\`apps/api/test/missions-x-rate-limits.test.ts\`).
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = missionChecksBenchmarks({
    wallets: Number(process.argv[2] ?? 100),
    concurrency: Number(process.argv[3] ?? 50),
  });
  for (const result of results) console.log(JSON.stringify(result));
  console.log(missionChecksSection(results, { date: results[0].date, machine: results[0].machine }));
}
