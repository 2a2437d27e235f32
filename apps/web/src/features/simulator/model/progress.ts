import type { VerifierProgress } from "./verification";

/** Share of the whole run done, weighting the ranking as one tenth of it. */
export function progressPercent(progress: VerifierProgress | undefined): number {
  if (!progress) return 2;
  const rankingShare = 10;
  if (progress.stage === "ranking") return progress.done >= progress.total ? rankingShare : 4;
  const simulated = progress.total === 0 ? 1 : progress.done / progress.total;
  return rankingShare + (100 - rankingShare) * simulated;
}
