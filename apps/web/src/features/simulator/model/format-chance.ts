import { formatPercent } from "@dropfair/core/format";

/**
 * A probability (0…1) as a percentage: 2 decimals (the app's percent rule), or two significant digits when
 * that would round a non-zero chance to 0.00% (one winner among 100,000 entrants is 0.0010%).
 */
export function formatChance(probability: number): string {
  const percent = probability * 100;
  if (percent === 0 || percent >= 0.01) return formatPercent(percent.toFixed(4));
  return `${percent.toPrecision(2)}%`;
}

/** A count with thousands separators: 100000 → "100,000". */
export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}
