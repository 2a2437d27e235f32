import { InvalidAmountError, TooManyFractionDigitsError } from "./errors.ts";

/**
 * Display formatting works on decimal digit strings, never on floats, so amounts beyond 2^53 and
 * 18-decimal token values keep every digit. Extra fraction digits are truncated toward zero: a
 * balance is never shown larger than it is.
 */

interface Decimal {
  negative: boolean;
  /** Digits without leading zeros; "0" for zero. */
  integer: string;
  /** Digits as written after the point, possibly empty. */
  fraction: string;
}

export type Numeric = string | number | bigint;

const numericPattern = /^([+-])?(?:(\d+)\.?(\d*)|\.(\d+))(?:e([+-]?\d+))?$/i;
// A bound on written exponents keeps "1e999999999" from allocating a billion-digit string.
const maxExponent = 1000;

function toDecimal(value: unknown): Decimal | undefined {
  if (typeof value === "bigint") {
    return { negative: value < 0n, integer: (value < 0n ? -value : value).toString(), fraction: "" };
  }
  if (typeof value === "number") return Number.isFinite(value) ? parseDecimal(String(value)) : undefined;
  if (typeof value === "string") return parseDecimal(value.trim());
  return undefined;
}

function parseDecimal(text: string): Decimal | undefined {
  const match = numericPattern.exec(text);
  if (!match) return undefined;
  const [, sign, integerDigits = "", fractionAfterInteger = "", fractionOnly, exponentText] = match;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > maxExponent) return undefined;
  let integer = integerDigits;
  let fraction = fractionOnly ?? fractionAfterInteger;
  if (exponent > 0) {
    const padded = fraction.padEnd(exponent, "0");
    integer += padded.slice(0, exponent);
    fraction = padded.slice(exponent);
  } else if (exponent < 0) {
    const padded = integer.padStart(-exponent, "0");
    fraction = padded.slice(padded.length + exponent) + fraction;
    integer = padded.slice(0, padded.length + exponent);
  }
  return { negative: sign === "-", integer: integer.replace(/^0+/, "") || "0", fraction };
}

function groupThousands(integer: string): string {
  const head = integer.length % 3 || 3;
  const groups = [integer.slice(0, head)];
  for (let index = head; index < integer.length; index += 3) groups.push(integer.slice(index, index + 3));
  return groups.join(",");
}

function render(decimal: Decimal, minFractionDigits: number, maxFractionDigits: number): string {
  const fraction = decimal.fraction
    .slice(0, maxFractionDigits)
    .replace(/0+$/, "")
    .padEnd(minFractionDigits, "0");
  const isZero = decimal.integer === "0" && /^0*$/.test(fraction);
  const sign = decimal.negative && !isZero ? "-" : "";
  return `${sign}${groupThousands(decimal.integer)}${fraction ? `.${fraction}` : ""}`;
}

/** Number display: 2 decimals, or up to 6 when the integer part is 0; thousands separators. */
export function formatNumber(value: Numeric): string {
  const decimal = toDecimal(value);
  if (!decimal) return "";
  return render(decimal, 2, decimal.integer === "0" ? 6 : 2);
}

/** Amount formatting needs a numeric string (or number/bigint); anything else renders as "". */
export function formatAmount(value: unknown): string {
  const numeric = typeof value === "string" || typeof value === "number" || typeof value === "bigint";
  return numeric ? formatNumber(value) : "";
}

/** `value` is already in percent units: 12.345 renders as "12.34%". */
export function formatPercent(value: Numeric): string {
  const decimal = toDecimal(value);
  return decimal ? `${render(decimal, 2, 2)}%` : "";
}

const compactSuffixes = ["", "K", "M", "B", "T", "Qa", "Qi"] as const;

/** Counts such as views and likes: 1234 → "1.23K", 1000 → "1K"; up to 2 decimals, trailing zeros dropped. */
export function formatCompact(value: Numeric): string {
  const decimal = toDecimal(value);
  if (!decimal) return "";
  const integerLength = decimal.integer === "0" ? 0 : decimal.integer.length;
  const tier = Math.min(Math.max(Math.floor((integerLength - 1) / 3), 0), compactSuffixes.length - 1);
  const split = decimal.integer.length - tier * 3;
  const scaled: Decimal = {
    negative: decimal.negative,
    integer: decimal.integer.slice(0, split),
    fraction: decimal.integer.slice(split) + decimal.fraction,
  };
  return `${render(scaled, 0, 2)}${compactSuffixes[tier]}`;
}

function assertDigitCount(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0 || value > 255) {
    throw new RangeError(`${name} must be an integer from 0 to 255, got ${value}`);
  }
}

/**
 * Base units to a plain decimal string for display or the wire (no grouping, no trailing zeros),
 * like viem's formatUnits but truncating to `maxFractionDigits` when given.
 */
export function formatTokenAmount(baseUnits: bigint, decimals: number, maxFractionDigits = decimals): string {
  assertDigitCount("decimals", decimals);
  assertDigitCount("maxFractionDigits", maxFractionDigits);
  const negative = baseUnits < 0n;
  const digits = (negative ? -baseUnits : baseUnits).toString().padStart(decimals + 1, "0");
  const integer = digits.slice(0, digits.length - decimals);
  const fraction = digits
    .slice(digits.length - decimals)
    .slice(0, maxFractionDigits)
    .replace(/0+$/, "");
  const sign = negative && (integer !== "0" || fraction !== "") ? "-" : "";
  return `${sign}${integer}${fraction ? `.${fraction}` : ""}`;
}

const amountPattern = /^(\d*)(?:\.(\d*))?$/;

/**
 * A user-typed non-negative decimal ("1.5", ".5", "2.") to base units. Trailing zeros beyond
 * `decimals` lose nothing and are accepted; any other extra digit is refused rather than rounded.
 * @throws {InvalidAmountError} when `value` is not a plain non-negative decimal.
 * @throws {TooManyFractionDigitsError} when it is more precise than `decimals` allows.
 */
export function parseTokenAmount(value: string, decimals: number): bigint {
  assertDigitCount("decimals", decimals);
  const match = amountPattern.exec(value.trim());
  const integer = match?.[1] ?? "";
  const fraction = match?.[2] ?? "";
  if (!match || integer + fraction === "") throw new InvalidAmountError(value);
  if (!/^0*$/.test(fraction.slice(decimals))) throw new TooManyFractionDigitsError(value, decimals);
  const scale = 10n ** BigInt(decimals);
  return BigInt(integer || "0") * scale + BigInt(fraction.slice(0, decimals).padEnd(decimals, "0") || "0");
}
