// Runs bench/mission-checks.ts (mission checks per second against the in-process sandbox, rate limits off) in its
// own process and formats its section of bench/RESULTS.md.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

export function missionChecksBenchmark({ wallets = 50, concurrency = 50 } = {}) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", join(root, "bench/mission-checks.ts"), String(wallets), String(concurrency)],
    { cwd: root, encoding: "utf8", env: { ...process.env, LOG_LEVEL: "silent" } },
  );
  if (result.status !== 0) throw new Error(`bench/mission-checks.ts failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

export function missionChecksSection(result, { date, machine }) {
  const row = (name, pass) =>
    `| ${name} | ${pass.checks} | ${pass.seconds.toFixed(2)} s | **${Math.round(pass.checksPerSecond)}** | ${pass.p50.toFixed(1)} ms | ${pass.p99.toFixed(1)} ms | ${Object.entries(
      pass.statuses,
    )
      .map(([status, count]) => `${count}× ${status}`)
      .join(", ")} |`;
  return `## Mission checks (\`bench/mission-checks.mjs\`; target ≥ 200 checks/s against the sandbox, its rate limits off)

The real API in-process (\`inject\`, ${result.database ?? "PGlite"}; \`TEST_DATABASE_URL\` picks PostgreSQL), the X sandbox mounted with its rate limits off and the check limits raised; ${result.wallets} wallets each signed in with their own sandbox X account; ${result.missions} missions (follow, retweet, like, quote, two of each); every other wallet has done them all on X. Each check reads the paged X list through the real client and records a completion with its EP credit (200) or answers the failure (400). ${result.concurrency} checks in flight. ${date}, ${machine}.

| pass | checks | wall time | checks/s | p50 | p99 | answers |
|---|---|---|---|---|---|---|
${row("first (every check asks X)", result.first)}
${row("repeat (done ones answer from the database)", result.repeat)}

With X's real limits the client does not fail: when a window is spent it sleeps until \`x-rate-limit-reset\` and resumes (\`packages/social/test/x-engagement.test.ts\` › "waits for X's rate-limit reset and resumes instead of failing"); a wait beyond the retry policy answers the check with a retryable 424.
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = missionChecksBenchmark({
    wallets: Number(process.argv[2] ?? 50),
    concurrency: Number(process.argv[3] ?? 50),
  });
  console.log(JSON.stringify(result));
}
