// `npm run bench`: builds the web app, runs every benchmark and writes bench/RESULTS.md. The load and soak
// benchmark (bench/load.mjs, ~17 minutes) runs only with `npm run bench -- --load`; otherwise its section is kept.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { airdropListBenchmark, airdropListSection } from "./airdrop-list.mjs";
import { airdropMerkleBenchmark, airdropMerkleSection } from "./airdrop-merkle.mjs";
import { airdropParticipantsBenchmark } from "./airdrop-participants.mjs";
import { apiThroughput } from "./api-throughput.mjs";
import { approvalScanBenchmark, approvalScanSection } from "./approval-scan.mjs";
import { badgeAchievementsBenchmark, badgeGasBenchmark, badgesSection } from "./badges.mjs";
import { browserVerifierBenchmark, browserVerifierSection } from "./browser-verifier.mjs";
import { firstRouteJavaScript } from "./bundle-size.mjs";
import { fairnessBenchmark } from "./fairness.mjs";
import { currentLoadSection, loadBenchmark, loadSection } from "./load.mjs";
import { missionChecksBenchmarks, missionChecksSection } from "./mission-checks.mjs";
import { pickerPipelineBenchmark, pickerPipelineSection } from "./picker-pipeline.mjs";
import { pointsLeaderboardBenchmark, pointsLeaderboardSection } from "./points-leaderboard.mjs";
import { wheelVerifierBenchmark, wheelVerifierSection } from "./wheel-verifier.mjs";

const root = join(import.meta.dirname, "..");
spawnSync(
  process.execPath,
  [join(root, "node_modules/vite/bin/vite.js"), "build", "apps/web", "--logLevel", "warn"],
  {
    cwd: root,
    stdio: "inherit",
  },
);
const bundle = firstRouteJavaScript();
const api = await apiThroughput();
const pipeline = await pickerPipelineBenchmark();
const verifier = await browserVerifierBenchmark();
const fairness = await fairnessBenchmark();
const participants = await airdropParticipantsBenchmark();
const merkle = await airdropMerkleBenchmark();
const list = await airdropListBenchmark();
const missionChecks = missionChecksBenchmarks();
const leaderboard = pointsLeaderboardBenchmark();
const approvalScan = approvalScanBenchmark();
const badgeGas = badgeGasBenchmark();
const badgeAchievements = badgeAchievementsBenchmark();
const wheelVerifier = await wheelVerifierBenchmark();
const results = join(root, "bench/RESULTS.md");
const loadRun = process.argv.includes("--load") ? await loadBenchmark() : undefined;
const load = loadavg()[0].toFixed(1);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const report = `# Benchmark results

Run with \`npm run bench\` on ${date}; machine: ${machine}.

## First route JavaScript (budget ≤ 180 KB gzipped)

The entry chunk of the production build and every chunk it imports statically (modulepreload), gzip level 9.

| chunk | raw | gzipped |
|---|---|---|
${bundle.chunks.map((chunk) => `| \`${chunk.file}\` | ${kb(chunk.bytes)} | ${kb(chunk.gzip)} |`).join("\n")}
| **total** | | **${kb(bundle.gzipTotal)}** ${bundle.gzipTotal <= 180 * 1024 ? "✓" : "✗ over budget"} |

## Simple API read against bare Fastify (target ≥ 50%)

\`GET /api/bounty/platform/config\`, autocannon, 50 connections, ${api.duration} s each after a 2 s warm-up, servers in separate processes, one after the other.
Ours runs the full stack: request ids, helmet headers, rate limit, bearer-token hook, metrics, response serializers compiled from the zod schemas, envelope.

| server | requests/s | p99 latency |
|---|---|---|
| bare Fastify, same JSON | ${Math.round(api.bare.rps)} | ${api.bare.p99} ms |
| Dropfair API | ${Math.round(api.ours.rps)} | ${api.ours.p99} ms |
| **ratio** | **${(api.ratio * 100).toFixed(0)}%** ${api.ratio >= 0.5 ? "✓" : "✗ under target"} | |

## Fairness draw (\`bench/fairness.mjs\`; target: score + rank 1,000,000 entries under 1 s)

Median of ${fairness.rankPacked.runs} runs after a warm-up, ${fairness.entries.toLocaleString("en")} entries; entry hashes are computed once, at collection time.

| what | time |
|---|---|
| collection: \`entryHashBytes\` × ${fairness.entries.toLocaleString("en")} | ${fairness.collection.median.toFixed(0)} ms (${((fairness.collection.median * 1000) / fairness.entries).toFixed(2)} µs/entry) |
| reference: viem keccak256 per entry | ${((fairness.viemReference.median * 1000) / 20_000).toFixed(2)} µs/entry |
| score + rank, packed \`rankEntryHashes\` | **${fairness.rankPacked.median.toFixed(0)} ms** ${fairness.rankPacked.median < 1000 ? "✓" : "✗ over target"} |
| …of which scoring | ${fairness.scoring.median.toFixed(0)} ms |
| …of which radix ordering | ${fairness.ordering.median.toFixed(0)} ms |
| \`rankEntries\` with one object + bigint per entry | ${fairness.rankBytes.median.toFixed(0)} ms |
| \`verifyDrawFile\`, ${fairness.verifierEntries.toLocaleString("en")} entries, in Node | ${fairness.verify.median.toFixed(0)} ms |
| \`drawWinners\` from raw ids (canonicalise + hash + rank) | ${fairness.fullDraw.median.toFixed(0)} ms |

## Airdrop participant list (\`bench/airdrop-participants.mjs\`; target: 1,000,000 lines under 3 s)

${participants.lines.toLocaleString("en")} wallet lines (${participants.megabytes.toFixed(1)} MB: checksummed, lower- and upper-case, weights, CRLF, ~5% duplicates in another case, ~10% wrong lines), parsed, checksummed and de-duplicated by \`parseParticipantList\`: **${participants.parse.median.toFixed(0)} ms** median of ${participants.parse.runs} after a warm-up ${participants.parse.median < 3000 ? "✓" : "✗ over target"} (kept ${participants.participants.toLocaleString("en")}, wrong ${participants.wrong.toLocaleString("en")}, duplicate ${participants.duplicates.toLocaleString("en")}).

${airdropMerkleSection(merkle, { date, machine })}
${airdropListSection(list)}
${browserVerifierSection(verifier, { date, machine })}
${pickerPipelineSection(pipeline, { date, machine })}
${missionChecksSection(missionChecks, { date, machine })}
${pointsLeaderboardSection(leaderboard)}

${approvalScanSection(approvalScan)}
${badgesSection(badgeGas, badgeAchievements, { date, machine })}
${wheelVerifierSection(wheelVerifier, { date, machine, load })}
${loadRun ? loadSection(loadRun, { date, machine }) : currentLoadSection(existsSync(results) ? readFileSync(results, "utf8") : "")}`;
writeFileSync(results, report);
console.log(report);
