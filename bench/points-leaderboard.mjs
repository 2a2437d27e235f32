// Runs bench/points-leaderboard.ts (the EP leaderboard over 1,000,000 users and 10,000,000 ledger rows) against a
// scratch database on the local PostgreSQL server (127.0.0.1:5432, or BENCH_POSTGRES_URL's server), dropped after.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const scratch = "dropfair_points_bench";

/** Runs one SQL command on the local server's `postgres` database (or BENCH_POSTGRES_URL's). */
export function psql(command) {
  const server = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  return spawnSync("psql", [server, "-v", "ON_ERROR_STOP=1", "-c", command], { encoding: "utf8" });
}

/** Undefined when no PostgreSQL server answers. */
export function pointsLeaderboardBenchmark({ users = 1_000_000, rows = 10_000_000 } = {}) {
  if (psql(`drop database if exists ${scratch} with (force)`).status !== 0) return undefined;
  if (psql(`create database ${scratch}`).status !== 0) return undefined;
  const server = new URL(process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  server.pathname = `/${scratch}`;
  try {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", join(root, "bench/points-leaderboard.ts"), String(users), String(rows)],
      { cwd: root, env: { ...process.env, BENCH_DATABASE_URL: server.toString() }, encoding: "utf8" },
    );
    if (result.status !== 0) throw new Error(`bench/points-leaderboard.ts failed:\n${result.stderr}`);
    return JSON.parse(result.stdout.trim().split("\n").at(-1));
  } finally {
    psql(`drop database if exists ${scratch} with (force)`);
  }
}

export function pointsLeaderboardSection(result) {
  if (!result)
    return "## EP leaderboard (`bench/points-leaderboard.mjs`)\n\nSkipped: no PostgreSQL server answered.\n";
  const ms = (value) => `${value.toFixed(1)} ms`;
  const line = (name, times) => `| ${name} | ${ms(times.p50)} | ${ms(times.p99)} | ${ms(times.max)} |`;
  return `## EP leaderboard (\`bench/points-leaderboard.mjs\`; target: top 100 and one user's rank each under 50 ms p99)

${result.users.toLocaleString("en-US")} users with a balance and ${result.rows.toLocaleString("en-US")} ledger rows seeded with \`generate_series\` into a scratch PostgreSQL ${result.postgres} database (${result.reused ? "seeded by an earlier run of the same script, re-measured with BENCH_REUSE=1" : `${result.seedSeconds.toFixed(0)} s`}, dropped after); the points module's own reads, ${result.samples} samples each, one after the other, on a shared machine (1-minute load average ${result.loadAverage.toFixed(1)} at the end of the run). The fold job's work on that state: ${ms(result.foldMs)}. Then ${result.unfoldedCredits.toLocaleString("en-US")} live \`creditPoints\` calls (p50 ${ms(result.credit.p50)}, p99 ${ms(result.credit.p99)}) left unfolded, as between two runs of the fold job. Materialised totals that differ from the ledger's sums: **${result.totalsMismatched}**; balances whose user count (counts + unfolded deltas) differs from the totals: **${result.balanceCountsMismatched}**.

| read | p50 | p99 | max |
|---|---|---|---|
${line("top 100 (anonymous)", result.top100)}
${line("one random user's balance and rank (one query: a probe of the running counts + unfolded deltas)", result.oneUserRank)}
${line("top 100 and the signed-in user's own rank", result.top100WithOwnRank)}
${line("rank of the last-placed user (worst case, 50 samples)", result.lastPlacedRank)}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = pointsLeaderboardBenchmark({
    users: Number(process.argv[2] ?? 1_000_000),
    rows: Number(process.argv[3] ?? 10_000_000),
  });
  console.log(JSON.stringify(result));
  console.log(pointsLeaderboardSection(result));
}
