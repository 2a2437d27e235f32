import {
  checkAgainstPublishedDraw,
  checkDrawTiming,
  checkPublishedWinners,
  type DrawFile,
  type DrawTimingCheck,
  displayScore,
  InvalidDrawFileError,
  type PublishedDraw,
  type PublishedDrawCheck,
  type PublishedWinnersCheck,
  parseDrawFile,
  simulateWinFrequency,
  simulationBlockHashes,
  simulationDraws,
  verifyDrawFile,
} from "@dropfair/core/fairness";

/**
 * The browser verifier (docs/fairness.md): recompute a published draw from its draw file, check its entries
 * against the commitment published when the draw was committed and that the target block came after it,
 * compare it with the public history and the winners the server published, then replay it over other block
 * hashes for one entrant. Pure and synchronous: the page runs it in a Web Worker, the tests and the benchmark
 * call it directly.
 */

export type VerifierInput = {
  /** The draw file as JSON text, as parsed JSON, or the API envelope `{content, typeCode, message}` around it. */
  file: unknown;
  /** The X user id to report on and to simulate for; none for a match check only. */
  userId?: string | undefined;
  /** The winners the server published; a file that carries its own `publishedWinners` is checked too. */
  publishedWinners?: readonly string[] | undefined;
  /**
   * The draw as the picker's public history published it when it was committed (by seed): `draw` is null
   * when the history has no draw numbered `count`. Absent for an uploaded file.
   */
  history?: { count: number; draw: PublishedDraw | null } | undefined;
  /** How many re-draws to simulate (100 on the page). */
  draws?: number;
};

export type VerifierStage = "ranking" | "simulating";

export type VerifierProgress = { stage: VerifierStage; done: number; total: number };

export type RankedUser = {
  userId: string;
  rank: number;
  /** The uint64 score as a decimal string. */
  score: string;
  /** score / (2^64 − 1) × 100, 2 decimals. */
  displayScore: string;
  won: boolean;
};

export type SimulationSummary = {
  draws: number;
  wins: number;
  winFrequency: number;
  /** min(winnerCount, entrants) / entrants. */
  fairChance: number;
  entrants: number;
  winnerCount: number;
  /** The user's rank in each re-draw, in block-hash order. */
  ranks: number[];
};

export type VerificationReport = {
  draw: Omit<DrawFile, "entries"> & { entryCount: number; seed: string | null };
  commitmentMatches: boolean;
  /** What the file's entries hash to, to show next to the published commitment when they differ. */
  computedCommitment: string;
  /**
   * The target block came after the commitment: above the chain head read then (the page reads no block, so
   * `blockAfterCommit` stays null here; `dropfair verify --rpc` checks the block's time).
   */
  timing: DrawTimingCheck;
  /** The file against the public history's draw; null when no history was read (an uploaded file). */
  history: { count: number; check: PublishedDrawCheck | null } | null;
  /** null when no published winners were given (an offline file without them). */
  publishedWinners: PublishedWinnersCheck | null;
  /** The recomputed winners in rank order. */
  winners: RankedUser[];
  /** The asked-for entrant; null when none was asked or it is not in the entry list. */
  user: RankedUser | null;
  /** The asked-for user id when it is not among the entries. */
  missingUserId: string | null;
  simulation: SimulationSummary | null;
};

export type VerifierFailure =
  | { kind: "invalidFile"; message: string }
  | { kind: "unexpected"; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/**
 * The draw file inside what a user uploads: plain JSON, or the API's envelope (what the download of
 * `GET /picker/:id/draw-file` saves). Extra fields the API adds (seed, publishedWinners) are picked up.
 */
export function unwrapDrawFile(input: unknown): {
  file: unknown;
  seed: string | null;
  publishedWinners: string[] | null;
} {
  let value = input;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      throw new InvalidDrawFileError("(file)", "is not valid JSON");
    }
  }
  if (isRecord(value) && "content" in value && typeof value.typeCode === "number") value = value.content;
  if (!isRecord(value)) return { file: value, seed: null, publishedWinners: null };
  return {
    file: value,
    seed: typeof value.seed === "string" ? value.seed : null,
    publishedWinners: isStringList(value.publishedWinners) ? value.publishedWinners : null,
  };
}

/**
 * Re-draws per worker step: each step canonicalises and hashes the entry list again (about as long as a few
 * draws), so small lists report every few draws and large ones every tenth of the run.
 */
export function simulationChunkSize(entrants: number, draws: number): number {
  const perStep = entrants <= 20_000 ? 5 : 10;
  return Math.max(1, Math.min(perStep, draws));
}

function rankedUser(entry: { userId: string; score: string; winner: boolean }, index: number): RankedUser {
  return {
    userId: entry.userId,
    rank: index + 1,
    score: entry.score,
    displayScore: displayScore(BigInt(entry.score)),
    won: entry.winner,
  };
}

/** Runs the whole verification; `onProgress` hears about each step. Throws InvalidDrawFileError on a bad file. */
export function verifyAndSimulate(
  input: VerifierInput,
  onProgress: (progress: VerifierProgress) => void = () => {},
): VerificationReport {
  const unwrapped = unwrapDrawFile(input.file);
  const file = parseDrawFile(unwrapped.file);
  onProgress({ stage: "ranking", done: 0, total: 1 });
  const verification = verifyDrawFile(file);
  onProgress({ stage: "ranking", done: 1, total: 1 });

  const published = input.publishedWinners ?? unwrapped.publishedWinners;
  const winners = verification.ranking.filter((entry) => entry.winner).map(rankedUser);

  const userId = input.userId?.trim() || undefined;
  const userIndex = userId ? verification.ranking.findIndex((entry) => entry.userId === userId) : -1;
  const userEntry = verification.ranking[userIndex];
  const user = userEntry ? rankedUser(userEntry, userIndex) : null;

  let simulation: SimulationSummary | null = null;
  if (user) {
    const draws = input.draws ?? simulationDraws;
    const blockHashes = simulationBlockHashes(file.blockHash, draws);
    const entries = verification.ranking.map((entry) => entry.userId);
    const chunk = simulationChunkSize(entries.length, draws);
    const ranks: number[] = [];
    let fairChance = 0;
    onProgress({ stage: "simulating", done: 0, total: draws });
    for (let start = 0; start < draws; start += chunk) {
      const result = simulateWinFrequency({
        postId: file.postId,
        userIds: entries,
        winnerCount: file.winnerCount,
        blockHashes: blockHashes.slice(start, start + chunk),
        userId: user.userId,
      });
      ranks.push(...result.ranks);
      fairChance = result.fairChance;
      onProgress({ stage: "simulating", done: ranks.length, total: draws });
    }
    const wins = ranks.filter((rank) => rank <= file.winnerCount).length;
    simulation = {
      draws: ranks.length,
      wins,
      winFrequency: ranks.length === 0 ? 0 : wins / ranks.length,
      fairChance,
      entrants: entries.length,
      winnerCount: file.winnerCount,
      ranks,
    };
  }

  const history = input.history
    ? {
        count: input.history.count,
        check: input.history.draw
          ? checkAgainstPublishedDraw(file, input.history.draw, verification.ranking.length)
          : null,
      }
    : null;
  const { entries, ...rest } = file;
  return {
    draw: { ...rest, entryCount: verification.ranking.length, seed: unwrapped.seed },
    commitmentMatches: verification.commitmentMatches,
    computedCommitment: verification.computedCommitment,
    timing: checkDrawTiming(file),
    history,
    publishedWinners: published ? checkPublishedWinners(verification, published) : null,
    winners,
    user,
    missingUserId: userId && !user ? userId : null,
    simulation,
  };
}

/** A thrown verification error as data that can cross the worker boundary. */
export function verifierFailure(error: unknown): VerifierFailure {
  if (error instanceof InvalidDrawFileError) return { kind: "invalidFile", message: error.message };
  return { kind: "unexpected", message: error instanceof Error ? error.message : String(error) };
}
