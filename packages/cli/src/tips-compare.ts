/**
 * How `dropfair verify-tips` checks a published tips leaderboard (a server's pages or a `--compare` file) against
 * the recomputed one: every column the server shows that the recomputation yields, the lines on each side, the
 * number ranked and the total points (docs/tips.md, "Checking a leaderboard yourself").
 */
import type { TipsLeaderboard } from "@dropfair/core/tips";
import { CliError } from "./errors.ts";
import { isRecord } from "./io.ts";

/** The columns of a leaderboard line that must equal the recomputed ones, in the order the server shows them. */
export const comparedFields = [
  "rank",
  "points",
  "tweets",
  "views",
  "retweets",
  "replies",
  "likes",
  "quotes",
  "interactions",
  "estimatedEarned",
] as const;

/** A published leaderboard: its lines, and, when it shows them, how many are ranked and the total points. */
export interface PublishedLeaderboard {
  standings: Record<string, unknown>[];
  total?: unknown;
  totalPoints?: unknown;
}

const integerText = /^-?[0-9]+$/;

/**
 * A published value as an exact integer: a decimal string, or a JSON number below 2^53 (a bigger one has already
 * lost digits to floating point, so it cannot be checked and counts as a difference). Anything else is undefined.
 */
function exactInteger(value: unknown): bigint | undefined {
  if (typeof value === "string") return integerText.test(value) ? BigInt(value) : undefined;
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  return undefined;
}

/** How a published value reads in a difference line. */
function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value))
    return `${JSON.stringify(value)} (a JSON number past 2^53, inexact: give it as a decimal string)`;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Whether a published value is exactly the recomputed integer (a decimal string or a small number). */
function equalsExactly(published: unknown, recomputed: string | number): boolean {
  const value = exactInteger(published);
  return value !== undefined && value === BigInt(recomputed);
}

/** The `{"standings": [...]}` of a `--compare` file, with its `total` and `totalPoints` when it gives them. */
export function publishedLeaderboardOf(published: unknown): PublishedLeaderboard {
  if (!isRecord(published) || !Array.isArray(published.standings))
    throw new CliError('the published leaderboard has no "standings" array');
  return {
    standings: published.standings.map((row) => (isRecord(row) ? row : {})),
    total: published.total,
    totalPoints: published.totalPoints,
  };
}

/**
 * Every difference between a published leaderboard and the recomputed one, one line each
 * (`<userId>: <field> published X, recomputed Y`); the whole board's own values are named `leaderboard`.
 * The count of lines published stands for `total` when the published board does not give one.
 */
export function leaderboardDifferences(
  published: PublishedLeaderboard,
  recomputed: TipsLeaderboard,
): string[] {
  const differences: string[] = [];
  const ranked = recomputed.standings.length;
  const total = published.total === undefined ? published.standings.length : published.total;
  if (!equalsExactly(total, ranked))
    differences.push(`leaderboard: total published ${shown(total)}, recomputed ${ranked}`);
  if (published.totalPoints !== undefined && !equalsExactly(published.totalPoints, recomputed.totalPoints)) {
    differences.push(
      `leaderboard: totalPoints published ${shown(published.totalPoints)}, recomputed ${recomputed.totalPoints}`,
    );
  }
  const expected = new Map(recomputed.standings.map((row) => [row.userId, row]));
  const seen = new Set<string>();
  for (const row of published.standings) {
    const userId = String(row.userId);
    if (seen.has(userId)) {
      differences.push(`${userId}: published more than once`);
      continue;
    }
    seen.add(userId);
    const mine = expected.get(userId);
    if (!mine) {
      differences.push(`${userId}: published but not in the recomputed leaderboard`);
      continue;
    }
    for (const field of comparedFields) {
      if (!equalsExactly(row[field], mine[field]))
        differences.push(`${userId}: ${field} published ${shown(row[field])}, recomputed ${mine[field]}`);
    }
  }
  for (const row of recomputed.standings) {
    if (!seen.has(row.userId))
      differences.push(`${row.userId}: recomputed but missing from the published leaderboard`);
  }
  return differences;
}
