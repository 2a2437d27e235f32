/**
 * The simulator's chart data (see docs/fairness.md): how the user's win frequency evolves over the re-draws
 * against their fair chance, and where their rank fell in each re-draw.
 */

/** The user's win frequency after each re-draw: wins so far / draws so far. */
export function runningWinFrequency(ranks: readonly number[], winnerCount: number): number[] {
  let wins = 0;
  return ranks.map((rank, index) => {
    if (rank <= winnerCount) wins++;
    return wins / (index + 1);
  });
}

export type BandPoint = { lower: number; upper: number };

/**
 * The range a fair draw's running win frequency stays in about 95% of the time after k draws: the normal
 * approximation of the binomial, fairChance ± z·√(p(1−p)/k), clamped to [0, 1].
 */
export function samplingBand(fairChance: number, draws: number, z = 1.96): BandPoint[] {
  const spread = Math.sqrt(fairChance * (1 - fairChance));
  return Array.from({ length: draws }, (_, index) => {
    const margin = (z * spread) / Math.sqrt(index + 1);
    return { lower: Math.max(0, fairChance - margin), upper: Math.min(1, fairChance + margin) };
  });
}

export type RankBin = {
  /** First and last rank (1 = top) in the bin. */
  fromRank: number;
  toRank: number;
  /** Re-draws in which the user's rank fell in the bin. */
  count: number;
  /** What a fair draw gives on average: draws × bin size / entrants. */
  expected: number;
  /** Whether the bin holds winning ranks only, some, or none. */
  winning: "all" | "some" | "none";
};

/**
 * The user's ranks grouped into `bins` equal slices of the ranking (fewer when there are fewer entrants). In
 * a fair draw every rank is equally likely, so each bin should hold about its share of the re-draws.
 */
export function rankHistogram(
  ranks: readonly number[],
  entrants: number,
  winnerCount: number,
  bins = 10,
): RankBin[] {
  if (entrants < 1) return [];
  const binCount = Math.min(bins, entrants);
  const binOf = (rank: number) => Math.min(binCount - 1, Math.floor(((rank - 1) * binCount) / entrants));
  const result: RankBin[] = [];
  for (let bin = 0; bin < binCount; bin++) {
    // Ranks r with floor((r − 1)·binCount / entrants) = bin.
    const fromRank = Math.ceil((bin * entrants) / binCount) + 1;
    const toRank = Math.ceil(((bin + 1) * entrants) / binCount);
    const winning = toRank <= winnerCount ? "all" : fromRank <= winnerCount ? "some" : "none";
    result.push({ fromRank, toRank, count: 0, expected: 0, winning });
  }
  for (const rank of ranks) {
    const bin = result[binOf(rank)];
    if (bin) bin.count++;
  }
  for (const bin of result) bin.expected = (ranks.length * (bin.toRank - bin.fromRank + 1)) / entrants;
  return result;
}
