import { formatNumber, formatTokenAmount } from "@dropfair/core/format";

/** Base units (a decimal string from the wire) in display form: grouped, SPEC §9 decimals. */
export function formatBaseUnits(value: string | bigint | null | undefined, decimals: number | null): string {
  if (value === null || value === undefined || decimals === null) return "";
  try {
    const units = typeof value === "bigint" ? value : BigInt(value);
    return formatNumber(formatTokenAmount(units, decimals));
  } catch {
    return "";
  }
}

/** The amount with its symbol ("1,000.00 DFT"), or "" without an amount. */
export function withSymbol(amount: string, symbol: string | null | undefined) {
  if (amount === "") return "";
  return symbol ? `${amount} ${symbol}` : amount;
}

const scale = 10n ** 4n;
const decimalPattern = /^(\d+)(?:\.(\d{1,4}))?$/;

/**
 * Tokens per share while editing, before the API computes it exactly: the total (up to 4 decimals) over the
 * shares (fcfs) or the total weight (all). Up to 6 decimals, truncated; "" when it cannot be computed yet.
 */
export function tokensPerShare(totalAmount: string, divisor: number): string {
  const match = decimalPattern.exec(totalAmount.trim());
  if (!match || !Number.isSafeInteger(divisor) || divisor < 1) return "";
  const total = BigInt(match[1] ?? "0") * scale + BigInt((match[2] ?? "").padEnd(4, "0") || "0");
  const perShare = (total * 10n ** 6n) / BigInt(divisor);
  return formatNumber(formatTokenAmount(perShare, 10, 6));
}
