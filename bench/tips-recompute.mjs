// Tips leaderboard recomputation (docs/tips.md): the whole dropfair-tips-v1 leaderboard of 100,000
// participants with 1,000,000 tweets (ten each, over a two-week campaign), from parsed snapshot data.
// Target: under 1 s. Also times parsing and validating the snapshot file's JSON text, which a verifier does first.
// Run: `node bench/tips-recompute.mjs` (loads TypeScript through tsx).
// `--module [--participants N] [--tweets-each N] [--runs N]` times the recomputation through the tips module instead, on
// PostgreSQL, step by step (lock, read, compute, positions, snapshot, write): a scratch database on the local
// server (or BENCH_POSTGRES_URL's) seeded by bench/tips-leaderboard.ts, recomputed `runs` times, dropped after.
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { tsImport } from "tsx/esm/api";

const { computeTipsLeaderboard, defaultTipsWeights, parseTipsSnapshot, tipsRulesOf } = await tsImport(
  "../packages/core/src/tips/index.ts",
  import.meta.url,
);

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Deterministic campaign data: texts with and without the essential text, metrics of every size. */
export function tipsCampaign(participantCount = 100_000, tweetsEach = 10) {
  const start = Date.parse("2026-03-01T00:00:00.000Z");
  const texts = [
    "gm #Dropfair @dropfair_xyz, fair drops for all",
    "#DROPFAIR is live @Dropfair_XYZ",
    "just a tweet about lunch",
    "#dropfair without the mention",
  ];
  let tweetId = 1_860_000_000_000_000_000n;
  const participants = [];
  for (let person = 0; person < participantCount; person++) {
    const tweets = [];
    for (let index = 0; index < tweetsEach; index++) {
      tweetId += 7919n;
      const mix = person * 2654435761 + index * 40503;
      tweets.push({
        id: tweetId.toString(),
        createdAt: new Date(start + (mix % (14 * 86_400_000))).toISOString(),
        text: texts[mix % texts.length],
        views: mix % 250_000,
        likes: mix % 900,
        replies: mix % 60,
        retweets: mix % 120,
        quotes: mix % 25,
      });
    }
    participants.push({ userId: String(1_000_000 + person), banned: person % 997 === 0, tweets });
  }
  return {
    algorithm: "dropfair-tips-v1",
    campaignId: "bench",
    weights: { ...defaultTipsWeights },
    tweetCap: 1000,
    dailyTweets: 3,
    totalPrize: "100000000000000000000000",
    start: "2026-03-01T00:00:00.000Z",
    end: "2026-03-15T00:00:00.000Z",
    hashtag: "#dropfair",
    mention: "@dropfair_xyz",
    slogan: "",
    participants,
  };
}

export async function tipsRecomputeBenchmark(runs = 5) {
  const snapshot = tipsCampaign();
  const rules = tipsRulesOf(snapshot);
  computeTipsLeaderboard(snapshot.participants, rules);
  const wall = [];
  const cpu = [];
  let ranked = 0;
  for (let run = 0; run < runs; run++) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    ranked = computeTipsLeaderboard(snapshot.participants, rules).standings.length;
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  const text = JSON.stringify(snapshot);
  const parseStarted = performance.now();
  parseTipsSnapshot(text);
  const parse = performance.now() - parseStarted;
  return {
    participants: snapshot.participants.length,
    tweets: snapshot.participants.length * snapshot.participants[0].tweets.length,
    ranked,
    runs,
    wallMedian: median(wall),
    wallBest: Math.min(...wall),
    cpuMedian: median(cpu),
    parse,
    fileBytes: Buffer.byteLength(text),
  };
}

export function tipsRecomputeSection(result) {
  const verdict = result.wallMedian < 1000 ? "✓" : "✗ over target";
  return `## Tips leaderboard recomputation (\`node bench/tips-recompute.mjs\`; target: under 1 s)

${result.participants.toLocaleString("en")} participants, ${result.tweets.toLocaleString("en")} tweets (${result.ranked.toLocaleString("en")} ranked after bans); median of ${result.runs} runs after a warm-up.

| step | time |
|---|---|
| \`computeTipsLeaderboard\` (count, daily best, rank, estimates) | **${result.wallMedian.toFixed(0)} ms** wall (best ${result.wallBest.toFixed(0)} ms, CPU ${result.cpuMedian.toFixed(0)} ms) ${verdict} |
| \`parseTipsSnapshot\` of the ${(result.fileBytes / 2 ** 20).toFixed(0)} MB file | ${result.parse.toFixed(0)} ms |
`;
}

function scratchUrl(database) {
  const url = new URL(process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${database}`;
  return url.toString();
}

function psql(command) {
  const result = spawnSync("psql", [scratchUrl("postgres"), "-v", "ON_ERROR_STOP=1", "-qc", command], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
}

/** The module's recomputation on PostgreSQL: each run's total and steps, in ms (the first fills empty standings). */
export function tipsModuleRecomputeBenchmark({ participants, tweets, runs }) {
  const scratch = "dropfair_tips_recompute_bench";
  psql(`drop database if exists ${scratch} with (force)`);
  psql(`create database ${scratch}`);
  try {
    const loadBefore = loadavg()[0];
    const root = join(import.meta.dirname, "..");
    const result = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        join(root, "bench/tips-leaderboard.ts"),
        String(participants),
        String(tweets),
        "1",
        `0x${"f".repeat(40)}`,
        String(runs),
      ],
      { cwd: root, env: { ...process.env, BENCH_DATABASE_URL: scratchUrl(scratch) }, encoding: "utf8" },
    );
    if (result.status !== 0) throw new Error(`bench/tips-leaderboard.ts failed:\n${result.stderr}`);
    const seeded = JSON.parse(result.stdout.trim().split("\n").at(-1));
    return { ...seeded, load: [loadBefore, loadavg()[0]] };
  } finally {
    psql(`drop database if exists ${scratch} with (force)`);
  }
}

/** One line to paste: the median of the replacing runs (all but the first) per step. */
export function tipsModuleRecomputeLine(result) {
  const replacing = result.recomputes.length > 1 ? result.recomputes.slice(1) : result.recomputes;
  const steps = ["totalMs", "lock", "read", "compute", "positions", "snapshot", "write"];
  const medians = Object.fromEntries(steps.map((step) => [step, median(replacing.map((run) => run[step]))]));
  const verdict = medians.totalMs < 1000 ? "✓" : "✗";
  return (
    `| tips recomputation through the module (PostgreSQL ${result.postgres.split(" ")[0]}), ` +
    `${result.participants.toLocaleString("en")} participants, ${result.tweets.toLocaleString("en")} tweets ` +
    `(${result.ranked.toLocaleString("en")} ranked) | < 1 s | **${medians.totalMs} ms** ${verdict} ` +
    `(median of ${replacing.length} replacing runs; first run ${result.recomputes[0].totalMs} ms): ` +
    `read ${medians.read} ms, compute ${medians.compute} ms, positions ${medians.positions} ms, ` +
    `snapshot ${medians.snapshot} ms, write ${medians.write} ms, lock ${medians.lock} ms | ` +
    `load ${result.load.map((load) => load.toFixed(1)).join("→")} |`
  );
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { values } = parseArgs({
    options: {
      module: { type: "boolean", default: false },
      participants: { type: "string", default: "100000" },
      "tweets-each": { type: "string", default: "10" },
      runs: { type: "string", default: "3" },
    },
  });
  if (values.module) {
    const result = tipsModuleRecomputeBenchmark({
      participants: Number(values.participants),
      tweets: Number(values["tweets-each"]),
      runs: Number(values.runs),
    });
    console.log(JSON.stringify(result));
    console.log(tipsModuleRecomputeLine(result));
  } else {
    const result = await tipsRecomputeBenchmark();
    console.log(tipsRecomputeSection(result));
  }
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}`);
}
