// Runs bench/badge-gas.ts (gas of a badge mint next to OpenZeppelin's plain ERC-721 safeMint) and
// bench/badge-achievements.ts (the achievements API for a wallet with 500 badges; target p99 under 50 ms), each in
// its own process, and formats their sections of bench/RESULTS.md.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

function run(script, args = []) {
  const result = spawnSync(process.execPath, ["--import", "tsx", join(root, script), ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

export function badgeGasBenchmark() {
  return run("bench/badge-gas.ts");
}

export function badgeAchievementsBenchmark(samples = 300) {
  return run("bench/badge-achievements.ts", [String(samples)]);
}

export function badgesSection(gas, achievements, { date, machine }) {
  const ratio = (value) => `${(value / gas.plainSafeMint).toFixed(2)}×`;
  const ms = (value) => `${value.toFixed(1)} ms`;
  return `## Badges (\`bench/badges.mjs\`)

Gas on a local Hardhat chain (deterministic), each the first token of a fresh account after a warm-up mint:

| mint | gas | vs plain safeMint |
|---|---|---|
| OpenZeppelin ERC-721 \`_safeMint\` (BenchPlainNft) | ${gas.plainSafeMint.toLocaleString("en")} | 1× |
| DropfairBadges \`mint\`, soulbound | ${gas.sbt.toLocaleString("en")} | ${ratio(gas.sbt)} |
| DropfairBadges \`mint\`, transferable | ${gas.nft.toLocaleString("en")} | ${ratio(gas.nft)} |
| DropfairBadges \`mintBatch\` of 5 soulbound, per badge | ${Math.round(gas.sbtBatchOfFive / 5).toLocaleString("en")} | ${ratio(gas.sbtBatchOfFive / 5)} |

The achievements API for a wallet with ${achievements.badges} badges (${achievements.minted} minted, rules of every kind, on ${achievements.database}; ${(achievements.bytes / 1024).toFixed(0)} KB answer), \`GET /api/bounty/badges/achievements\` through Fastify \`inject\`, ${achievements.samples} samples one after the other after a warm-up: p50 ${ms(achievements.p50)}, **p99 ${ms(achievements.p99)}** ${achievements.p99 < 50 ? "✓" : "✗ over the 50 ms target"}, max ${ms(achievements.max)}; the process's own CPU time per answer (p50) ${ms(achievements.cpuP50)}; 1-minute load average ${achievements.loadAverageAtStart.toFixed(1)} at the start and ${achievements.loadAverage.toFixed(1)} at the end (${date}, ${machine}).
`;
}
