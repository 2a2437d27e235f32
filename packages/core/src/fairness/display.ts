import { InvalidDrawInputError } from "./errors.ts";
import { maxScore } from "./score.ts";

/**
 * A score as the percentage shown to people: score / (2^64 − 1) × 100 with exactly 2 decimals, rounded half
 * up, computed in bigint so no float rounding can creep in ("0.00" … "100.00"; only the top score shows 100.00
 * unless it rounds there).
 */
export function displayScore(score: bigint): string {
  if (typeof score !== "bigint" || score < 0n || score > maxScore) {
    throw new InvalidDrawInputError("score", "must be a bigint between 0 and 2^64 - 1");
  }
  const hundredths = (score * 10_000n * 2n + maxScore) / (2n * maxScore);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`;
}
