/**
 * The lucky wheel's algorithm `dropfair-wheel-v1` (specified in docs/wheel.md): one pure module shared by the
 * server's spin worker, the browser's "verify this game" panel and the `dropfair verify-wheel` CLI.
 */

export {
  assertWheelPrizes,
  availablePrizes,
  type ChainPosition,
  type ComputedSpin,
  compareChainOrder,
  drawWheelSpins,
  isWheelAccount,
  isWheelPrizeId,
  maxUint256,
  type SpinOutcome,
  type SpinSource,
  saltHashOf,
  spinEventSignature,
  spinEventTopic,
  spinOutcome,
  spinRand,
  type WheelPrize,
  type WonCounts,
  wheelAlgorithm,
  wheelPrizesProblem,
} from "./draw.ts";
export { InvalidWheelGameFileError, InvalidWheelInputError } from "./errors.ts";
export {
  buildWheelGameFile,
  type GameFileSpin,
  parseWheelGameFile,
  type RecordedSpin,
  verifyWheelGameFile,
  type WheelGameFile,
  type WheelSpinCheck,
  type WheelVerification,
  wheelGameVerified,
} from "./game-file.ts";
