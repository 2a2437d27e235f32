import { hexToBytes, keccak256, stringToBytes } from "viem";
import { describe, expect, it } from "vitest";
import { packEntryHashes } from "../src/fairness/hashing.ts";
import { canonicalEntries, rankEntryHashes, simulationBlockHashes } from "../src/fairness/index.ts";

// T23 uniform odds. Draws are replayed over many block hashes; each entrant's win count is compared with
// its fair expectation draws × winnerCount / N. The block hashes are pseudo-random but fixed
// (keccak256(seed ‖ i)), so the test is deterministic; the thresholds are generous for honest noise.

const postId = "1790000000000000777";
const entrants = canonicalEntries(
  Array.from(
    { length: 200 },
    (_, index) => BigInt(keccak256(stringToBytes(`entrant ${index}`))) % 10n ** 19n,
  ).map(String),
);
const entryHashes = packEntryHashes(postId, entrants);

type Ranker = (blockHash: Uint8Array) => ArrayLike<number>;

/** Ours: the dropfair-fair-v1 ranking. */
const fairRanking: Ranker = (blockHash) =>
  rankEntryHashes({ blockHash, userIds: entrants, entryHashes }).order;

/**
 * The simpler XOR rule docs/fairness.md rejects: the lower 64 bits of entryHash XOR blockHash, ranked
 * highest first, no extra hash.
 */
const literalXorRanking: Ranker = (blockHash) => {
  const block = new DataView(blockHash.buffer, blockHash.byteOffset);
  const entries = new DataView(entryHashes.buffer);
  const scores = entrants.map((_, index) => {
    const high = (entries.getUint32(32 * index + 24) ^ block.getUint32(24)) >>> 0;
    const low = (entries.getUint32(32 * index + 28) ^ block.getUint32(28)) >>> 0;
    return (BigInt(high) << 32n) | BigInt(low);
  });
  return entrants
    .map((_, index) => index)
    .sort((left, right) => (scores[right]! > scores[left]! ? 1 : scores[right]! < scores[left]! ? -1 : 0));
};

interface OddsStatistics {
  chiSquare: number;
  degreesOfFreedom: number;
  threshold: number;
  minRatio: number;
  maxRatio: number;
}

function simulate(rank: Ranker, winnerCount: number, draws: number, seed: string): OddsStatistics {
  const wins = new Array<number>(entrants.length).fill(0);
  for (const blockHash of simulationBlockHashes(keccak256(stringToBytes(seed)), draws)) {
    const order = rank(hexToBytes(blockHash));
    for (let position = 0; position < winnerCount; position++) wins[order[position]!]!++;
  }
  const expected = (draws * winnerCount) / entrants.length;
  const chiSquare = wins.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
  const degreesOfFreedom = entrants.length - 1;
  const ratios = wins.map((count) => count / expected);
  return {
    chiSquare,
    degreesOfFreedom,
    // mean + 5 standard deviations of the chi-square distribution: far beyond sampling noise
    threshold: degreesOfFreedom + 5 * Math.sqrt(2 * degreesOfFreedom),
    minRatio: Math.min(...ratios),
    maxRatio: Math.max(...ratios),
  };
}

function report(label: string, statistics: OddsStatistics): void {
  if (process.env.FAIRNESS_REPORT) console.info(label, JSON.stringify(statistics));
}

describe("T23 uniform odds over many block hashes (200 entrants)", () => {
  it("one winner, 4,000 draws: ours is uniform, the literal XOR ranking is not", () => {
    const ours = simulate(fairRanking, 1, 4000, "T23 one winner");
    const literal = simulate(literalXorRanking, 1, 4000, "T23 one winner");
    report("ours, 1 winner", ours);
    report("literal XOR, 1 winner", literal);
    expect(ours.chiSquare).toBeLessThan(ours.threshold);
    expect(ours.maxRatio).toBeLessThan(2);
    expect(ours.minRatio).toBeGreaterThan(0.25);
    expect(literal.chiSquare).toBeGreaterThan(5 * literal.threshold);
    expect(literal.maxRatio).toBeGreaterThan(3);
    expect(literal.minRatio).toBeLessThan(0.25);
  });

  it("ten winners, 1,000 draws: ours is uniform, the literal XOR ranking is not", () => {
    const ours = simulate(fairRanking, 10, 1000, "T23 ten winners");
    const literal = simulate(literalXorRanking, 10, 1000, "T23 ten winners");
    report("ours, 10 winners", ours);
    report("literal XOR, 10 winners", literal);
    expect(ours.chiSquare).toBeLessThan(ours.threshold);
    expect(ours.maxRatio).toBeLessThan(1.6);
    expect(ours.minRatio).toBeGreaterThan(0.5);
    expect(literal.chiSquare).toBeGreaterThan(literal.threshold);
  });
});

describe("the literal XOR ranking's bias, computed exactly (see docs/fairness.md)", () => {
  /**
   * With one winner and a uniformly random block hash, the literal winner is found by walking the binary
   * trie of the entrants' 64-bit values from the top bit: wherever both branches hold entrants, the block
   * hash bit picks one with probability 1/2. So an entrant wins with probability 2^-(forks on its path).
   */
  function exactLiteralOdds(values: bigint[], bit = 63n): number[] {
    if (values.length === 1) return [1];
    const ones = values.filter((value) => (value >> bit) & 1n);
    const zeros = values.filter((value) => !((value >> bit) & 1n));
    if (ones.length === 0 || zeros.length === 0) return exactLiteralOdds(values, bit - 1n);
    return [...exactLiteralOdds(zeros, bit - 1n), ...exactLiteralOdds(ones, bit - 1n)].map(
      (odds) => odds / 2,
    );
  }

  it("gives 1,000 entrants odds far from 1/1,000, known before the block exists", () => {
    const ids = Array.from({ length: 1000 }, (_, index) => `${1_000_000_000 + index}`);
    const packed = packEntryHashes(postId, ids);
    const view = new DataView(packed.buffer);
    const values = ids.map((_, index) => view.getBigUint64(32 * index + 24));
    const ratios = exactLiteralOdds(values).map((odds) => odds * ids.length);
    if (process.env.FAIRNESS_REPORT) {
      console.info("literal XOR exact odds, 1,000 entrants", Math.min(...ratios), Math.max(...ratios));
    }
    expect(ratios.reduce((sum, ratio) => sum + ratio, 0)).toBeCloseTo(ids.length, 6);
    expect(Math.min(...ratios)).toBeLessThan(0.25);
    expect(Math.max(...ratios)).toBeGreaterThan(3);
  });
});
