import { formatUnits, parseUnits } from "viem";

export type AmountProblem = "required" | "invalid" | "zero" | "tooManyDecimals";

export type ParsedAmount = { ok: true; value: bigint } | { ok: false; problem: AmountProblem };

const decimalPattern = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/**
 * A typed token amount ("12.5", ".5", "3.") to base units with viem's parseUnits, never through a float.
 * parseUnits rounds digits beyond `decimals`; a payment must not, so those are refused instead.
 */
export function parseAmountInput(input: string, decimals: number): ParsedAmount {
  const value = input.trim();
  if (value === "") return { ok: false, problem: "required" };
  const match = decimalPattern.exec(value);
  if (!match) return { ok: false, problem: "invalid" };
  const fraction = (match[2] ?? match[3] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) return { ok: false, problem: "tooManyDecimals" };
  const baseUnits = parseUnits(value.endsWith(".") ? value.slice(0, -1) : value, decimals);
  if (baseUnits === 0n) return { ok: false, problem: "zero" };
  return { ok: true, value: baseUnits };
}

/** Base units as a plain decimal string for display ("1234.5"), exact at any size. */
export function formatBaseUnits(value: bigint, decimals: number): string {
  return formatUnits(value, decimals);
}

/**
 * `amount` × `count` as an exact decimal string ("2.5" × 3 → "7.5"), for showing a total before the token's
 * decimals are known; undefined while `amount` is not a positive decimal.
 */
export function multiplyDecimal(amount: string, count: number): string | undefined {
  const value = amount.trim();
  const match = decimalPattern.exec(value);
  if (!match || !Number.isSafeInteger(count) || count < 0) return undefined;
  const fractionDigits = (match[2] ?? match[3] ?? "").length;
  const units = parseUnits(value.endsWith(".") ? value.slice(0, -1) : value, fractionDigits);
  if (units === 0n) return undefined;
  return formatUnits(units * BigInt(count), fractionDigits);
}
