/**
 * Verifiable fairness (specified in docs/fairness.md): the one draw module shared by the server, the browser
 * verifier and simulator, and the `dropfair verify` CLI. Pure and synchronous; runs in browsers and Node.
 */

export { displayScore } from "./display.ts";
export {
  buildDrawFile,
  checkPublishedWinners,
  type DrawFile,
  type DrawVerification,
  fairnessAlgorithm,
  isUtcTimestamp,
  type PublishedWinnersCheck,
  parseDrawFile,
  type VerifiedEntry,
  verifyDrawFile,
} from "./draw-file.ts";
export { InvalidDrawFileError, InvalidDrawInputError } from "./errors.ts";
export { entryHash, entryHashBytes, entryListCommitment } from "./hashing.ts";
export { canonicalEntries, compareUserIds, maxIdLength } from "./ids.ts";
export {
  checkAgainstPublishedDraw,
  checkDrawTiming,
  type DrawTimingCheck,
  type PublishedDraw,
  type PublishedDrawCheck,
  type PublishedDrawMismatch,
  publishedDrawOf,
} from "./published-draw.ts";
export {
  type DrawResult,
  drawWinners,
  type PackedRanking,
  packedScore,
  type RankedEntry,
  type RankInput,
  rankEntries,
  rankEntryHashes,
} from "./rank.ts";
export { maxScore, score } from "./score.ts";
export {
  simulateWinFrequency,
  simulationBlockHashes,
  simulationDraws,
  type WinFrequency,
} from "./simulation.ts";
