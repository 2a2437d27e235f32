// Runs bench/airdrop-list.ts (a 1,000,000-line airdrop through the API) in its own process, on PGlite and, when a
// PostgreSQL server answers (BENCH_DATABASE_URL, or an empty database it creates on 127.0.0.1), on PostgreSQL.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

/** Runs bench/airdrop-list.ts with `lines` wallet lines; bench/load.mjs seeds its 1,000,000-claim airdrop with it. */
export function runAirdropList(lines, environment) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", join(root, "bench/airdrop-list.ts"), String(lines)],
    {
      cwd: root,
      env: { ...process.env, ...environment },
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`bench/airdrop-list.ts failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

/** A fresh database on the local server for the PostgreSQL run, or undefined when none answers. */
function postgresUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const created = spawnSync(
    "psql",
    [
      "-h",
      "127.0.0.1",
      "-U",
      "postgres",
      "-c",
      "drop database if exists dropfair_bench",
      "-c",
      "create database dropfair_bench",
    ],
    { encoding: "utf8" },
  );
  return created.status === 0 ? "postgres://postgres@127.0.0.1:5432/dropfair_bench" : undefined;
}

export async function airdropListBenchmark({ lines = 1_000_000 } = {}) {
  const results = [runAirdropList(lines, { BENCH_DATABASE_URL: "" })];
  const url = postgresUrl();
  if (url) results.push(runAirdropList(lines, { BENCH_DATABASE_URL: url }));
  return results;
}

export function airdropListSection(results) {
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const first = results[0];
  return `## A 1,000,000-line airdrop through the API (\`bench/airdrop-list.ts\`)

${first.lines.toLocaleString("en-US")} wallet lines with weights (${first.megabytes.toFixed(0)} MB) uploaded to \`PUT /api/bounty/airdrop/{id}/participants\`, then \`POST /api/bounty/airdrop/{id}/prepare\` (amounts, the Merkle tree stored in chunks), 200 proofs read with \`GET /api/bounty/airdrop/{id}/claim?account=\` (each an indexed read of the sibling slices), and the claims list downloaded; the real app in-process (\`inject\`), token metadata from a stub chain client. Same root on every database: \`${first.root}\`.

| database | upload + validate + store | prepare | proof read median / p99 | claims list (${first.claimsListMegabytes.toFixed(0)} MB) | peak RSS |
|---|---|---|---|---|---|
${results.map((result) => `| ${result.database} | ${s(result.uploadMs)} | ${s(result.prepareMs)} | ${result.proofMedianMs.toFixed(1)} / ${result.proofP99Ms.toFixed(1)} ms | ${s(result.claimsListMs)} | ${Math.round(result.peakRssMb)} MB |`).join("\n")}
`;
}
