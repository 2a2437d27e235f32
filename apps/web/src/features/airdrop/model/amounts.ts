import { formatNumber, formatTokenAmount } from "@dropfair/core/format";

/**
 * Base units (a decimal string from the wire) in display form: grouped, with 2 decimals (up to 6 when the
 * integer part is 0).
 */
export function formatBaseUnits(value: string | bigint | null | undefined, decimals: number | null): string {
  if (value === null || value === undefined || decimals === null) return "";
  try {
    const units = typeof value === "bigint" ? value : BigInt(value);
    return formatNumber(formatTokenAmount(units, decimals));
  } catch {
    return "";
  }
}

/** Base units to the exact token amount, every significant decimal kept ("123.456675"): what the wallet moves. */
export function formatExactBaseUnits(value: string | bigint, decimals: number): string {
  try {
    return formatTokenAmount(typeof value === "bigint" ? value : BigInt(value), decimals);
  } catch {
    return "";
  }
}

/** A count of NFTs, grouped ("1,200"): NFTs are whole, so no decimals. */
export function formatCount(value: string | bigint | null | undefined): string {
  if (value === null || value === undefined) return "";
  try {
    return BigInt(value)
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  } catch {
    return "";
  }
}

/** An airdrop's amount in its reward's terms: "1,500.00 DFT" for tokens, "2 DFNFT" for NFTs. */
export function formatReward(
  value: string | bigint | null | undefined,
  reward: { rewardType: string; tokenDecimals: number | null; tokenSymbol: string | null },
): string {
  const amount =
    reward.rewardType === "nft" ? formatCount(value) : formatBaseUnits(value, reward.tokenDecimals);
  return withSymbol(amount, reward.tokenSymbol);
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
