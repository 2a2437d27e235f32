import { shortAddress } from "@dropfair/core/address";
import type { PointsHistoryEntry } from "@dropfair/schemas/points";

/** A ledger amount with its sign: "+25", "−15" (a true minus sign), grouped by the locale. */
export function signedAmount(amount: number, locale: string): string {
  const digits = Math.abs(amount).toLocaleString(locale);
  if (amount > 0) return `+${digits}`;
  if (amount < 0) return `\u2212${digits}`;
  return digits;
}

/** How far into the current level, 0-100, for a progress bar. */
export function levelProgressPercent(progress: { pointsIntoLevel: number; pointsPerLevel: number }): number {
  if (progress.pointsPerLevel <= 0) return 0;
  const percent = (progress.pointsIntoLevel / progress.pointsPerLevel) * 100;
  return Math.min(100, Math.max(0, Math.round(percent * 10) / 10));
}

/**
 * What the admin form's amount field holds, as a whole number of points other than zero, or undefined.
 * Only digits with an optional leading minus: "1e3", "1.5" and "+5" are refused rather than guessed.
 */
export function parseGrantAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^-?\d{1,10}$/.test(trimmed)) return undefined;
  const amount = Number(trimmed);
  return amount === 0 || Math.abs(amount) > 1_000_000_000 ? undefined : amount;
}

/**
 * The catalogue key (under `history.labels`) and values a history row is worded with, or undefined when its
 * kind has no wording here (the stored reason is shown then). An administrator's reason is user content: it
 * goes in as written.
 */
export function historyLabel(
  row: Pick<PointsHistoryEntry, "amount" | "sourceKind" | "sourceId" | "params">,
): { key: string; values: Record<string, string> } | undefined {
  const { params } = row;
  switch (row.sourceKind) {
    case "mission":
      return params.title === undefined
        ? { key: "missionUntitled", values: { id: row.sourceId } }
        : { key: "mission", values: { title: params.title } };
    case "referral":
      return params.address === undefined
        ? undefined
        : { key: "referral", values: { address: shortAddress(params.address) } };
    case "wheel":
      return params.title === undefined ? undefined : { key: "wheel", values: { title: params.title } };
    case "admin":
      return params.note === undefined
        ? undefined
        : { key: row.amount < 0 ? "revoke" : "grant", values: { note: params.note } };
    default:
      return undefined;
  }
}
