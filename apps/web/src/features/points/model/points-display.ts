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
