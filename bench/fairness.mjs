// Picker draw speed (docs/fairness.md, issue 3 "Performance"): hashing entry hashes at collection time, and
// scoring + ranking 1,000,000 entries with precomputed entry hashes (target: under 1 s).
// Run: `node --import tsx bench/fairness.mjs` (or plain `node bench/fairness.mjs`: it loads TypeScript through tsx).
import { tsImport } from "tsx/esm/api";

const load = (path) => tsImport(path, import.meta.url);

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs `work` once to warm up, then `runs` times; returns the median and best wall time in ms. */
function time(work, runs) {
  work();
  const times = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return { median: median(times), best: Math.min(...times), runs };
}

/** X-like 19-digit numeric user ids, deterministic. */
function userIds(count) {
  let state = 0x2545f491n;
  return Array.from({ length: count }, () => {
    state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return (1_000_000_000_000_000_000n + (state % 8_000_000_000_000_000_000n)).toString();
  });
}

export async function fairnessBenchmark({ entries = 1_000_000, runs = 5 } = {}) {
  const fairness = await load("../packages/core/src/fairness/index.ts");
  const { scoreEntries } = await load("../packages/core/src/fairness/score.ts");
  const { orderByScore } = await load("../packages/core/src/fairness/rank.ts");
  const { keccak256, bytesToHex } = await import("viem");
  const postId = "1790000000000000001";
  const blockHash = keccak256(new TextEncoder().encode("bench block"));
  const ids = fairness.canonicalEntries(userIds(entries));

  let hashes = [];
  const collection = time(() => {
    hashes = ids.map((userId) => fairness.entryHashBytes(postId, userId));
  }, runs);
  const collectionHex = time(() => {
    for (const userId of ids.slice(0, 100_000)) fairness.entryHash(postId, userId);
  }, runs);
  const viemReference = time(() => {
    const encoder = new TextEncoder();
    for (const userId of ids.slice(0, 20_000)) keccak256(encoder.encode(`${postId}:${userId}`), "bytes");
  }, runs);

  const withBytes = ids.map((userId, index) => ({ userId, entryHash: hashes[index] }));
  const withHex = withBytes.slice(0, entries).map(({ userId, entryHash }) => ({
    userId,
    entryHash: bytesToHex(entryHash),
  }));
  const rankBytes = time(() => fairness.rankEntries({ postId, blockHash, entries: withBytes }), runs);
  const rankHex = time(() => fairness.rankEntries({ postId, blockHash, entries: withHex }), runs);

  const packed = new Uint8Array(32 * entries);
  hashes.forEach((hash, index) => {
    packed.set(hash, 32 * index);
  });
  const blockBytes = new Uint8Array(Buffer.from(blockHash.slice(2), "hex"));
  let scores;
  const scoring = time(() => {
    scores = scoreEntries(packed, blockBytes);
  }, runs);
  const ordering = time(() => orderByScore(scores, ids), runs);
  const rankPacked = time(
    () => fairness.rankEntryHashes({ blockHash, userIds: ids, entryHashes: packed }),
    runs,
  );

  const verifierEntries = 100_000;
  const drawFile = fairness.buildDrawFile({
    postId,
    blockNumber: 21_000_000,
    blockHash,
    winnerCount: 10,
    userIds: ids.slice(0, verifierEntries),
  });
  const verify = time(() => fairness.verifyDrawFile(drawFile), runs);
  const fullDraw = time(
    () => fairness.drawWinners({ postId, blockHash, userIds: ids, winnerCount: 10 }),
    Math.min(runs, 3),
  );
  return {
    entries,
    collection,
    collectionHex,
    viemReference,
    rankBytes,
    rankHex,
    scoring,
    ordering,
    rankPacked,
    verifierEntries,
    verify,
    fullDraw,
  };
}

export function formatFairnessBenchmark(result) {
  const ms = ({ median, best }) => `${median.toFixed(0)} ms (best ${best.toFixed(0)} ms)`;
  const perEntry = ({ median }, count) => `${((median * 1000) / count).toFixed(2)} µs/entry`;
  const count = result.entries.toLocaleString("en");
  return [
    `Fairness draw, ${count} entries, median of ${result.rankBytes.runs} runs after a warm-up`,
    `  collection: entryHashBytes for ${count} entries    ${ms(result.collection)}  ${perEntry(result.collection, result.entries)}`,
    `  collection: entryHash (hex) for 100,000 entries     ${ms(result.collectionHex)}  ${perEntry(result.collectionHex, 100_000)}`,
    `  reference: viem keccak256 (noble), 20,000 entries    ${ms(result.viemReference)}  ${perEntry(result.viemReference, 20_000)}`,
    `  score + rank ${count}, packed (rankEntryHashes)   ${ms(result.rankPacked)}  (target < 1000 ms)`,
    `  score + rank ${count}, rankEntries with bytes     ${ms(result.rankBytes)}  (one object + bigint per entry)`,
    `  score + rank ${count}, rankEntries with hex       ${ms(result.rankHex)}`,
    `    of which scoring only (packed bytes)              ${ms(result.scoring)}`,
    `    of which ordering only (radix sort)               ${ms(result.ordering)}`,
    `  verifyDrawFile, ${result.verifierEntries.toLocaleString("en")} entries (commitment + hashes + rank)  ${ms(result.verify)}`,
    `  drawWinners from raw ids, ${count} entries (canonicalise + hash + rank)  ${ms(result.fullDraw)}`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const entries = Number(process.argv[2] ?? 1_000_000);
  console.log(formatFairnessBenchmark(await fairnessBenchmark({ entries })));
}
