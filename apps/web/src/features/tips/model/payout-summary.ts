// What the creator checks before confirming the final leaderboard: the published snapshot file recomputed with
// `dropfair-tips-v1` (the same module the server and the CLI use), summed into what the payouts will be.
import type { TipsLeaderboard } from "@dropfair/core/tips";

export type PayoutSummary = {
  /** Participants ranked (banned ones are dropped from the ranking). */
  ranked: number;
  /** Participants whose estimated earnings are above 0: each gets a claim. */
  paid: number;
  /** The sum of every participant's earnings, token base units. */
  total: bigint;
  /** What stays in the distributor campaign (rounding down, or nobody ranked): refundable after the claim window. */
  rest: bigint;
};

export function payoutSummaryOf(board: TipsLeaderboard, totalPrize: bigint): PayoutSummary {
  let paid = 0;
  let total = 0n;
  for (const standing of board.standings) {
    const earned = BigInt(standing.estimatedEarned);
    if (earned > 0n) {
      paid += 1;
      total += earned;
    }
  }
  return { ranked: board.standings.length, paid, total, rest: totalPrize - total };
}

/** Downloads nothing itself: recomputes the snapshot file's text (JSON) and sums its payouts. */
export async function summarizeSnapshot(text: string, totalPrize: bigint): Promise<PayoutSummary> {
  const { recomputeTipsSnapshot } = await import("@dropfair/core/tips");
  return payoutSummaryOf(recomputeTipsSnapshot(JSON.parse(text) as unknown), totalPrize);
}
