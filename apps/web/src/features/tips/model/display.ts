import { formatNumber, formatTokenAmount } from "@dropfair/core/format";
import { tipsStatuses } from "@dropfair/schemas/tips";

/** A campaign's status as a catalogue key (status.<key>). */
export type TipsStatusKey = keyof typeof tipsStatuses | "unknown";

export function tipsStatusKey(status: number): TipsStatusKey {
  const entry = Object.entries(tipsStatuses).find(([, value]) => value === status);
  return (entry?.[0] as TipsStatusKey | undefined) ?? "unknown";
}

export const tipsStatusColors: Record<TipsStatusKey, string> = {
  notStarted: "blue",
  running: "green",
  processing: "orange",
  awaitingConfirmation: "yellow",
  ended: "gray",
  error: "red",
  unknown: "gray",
};

/** Base units (a decimal string) as a grouped token amount with 2 decimals (up to 6 below 1); "" if invalid. */
export function formatPrize(value: string | null | undefined, decimals: number): string {
  if (value === null || value === undefined) return "";
  try {
    return formatNumber(formatTokenAmount(BigInt(value), decimals));
  } catch {
    return "";
  }
}

/** A big whole number (a decimal string) grouped by thousands ("1,234,567"). */
export function formatWhole(value: string | number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Whole days, hours and minutes between now and `until` (all 0 once it has passed). */
export function timeLeft(until: string | Date, now: number = Date.now()) {
  const milliseconds = Math.max(0, new Date(until).getTime() - now);
  const totalMinutes = Math.ceil(milliseconds / 60_000);
  return {
    passed: milliseconds === 0,
    days: Math.floor(totalMinutes / (24 * 60)),
    hours: Math.floor((totalMinutes % (24 * 60)) / 60),
    minutes: totalMinutes % 60,
  };
}

/** Hours and minutes left until `until`, for the reload message ("Try again in 2 h 5 min"). */
export function hoursMinutesLeft(until: string | Date, now: number = Date.now()) {
  const totalMinutes = Math.max(0, Math.ceil((new Date(until).getTime() - now) / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/**
 * Why a campaign stopped (status 10), as a catalogue key (tips namespace) from the API's `errorReason`. The start
 * job writes "funding <what> no longer matches" when the distributor campaign changed before the start, and "not
 * funded before the end" when the prize never came; any other
 * reason reads as a general error rather than as it came.
 */
export function errorReasonKey(reason: string): string {
  if (reason === "not funded before the end") return "campaign.notFunded";
  const mismatch = /^funding ([a-z]+) no longer matches$/.exec(reason);
  if (!mismatch) return "campaign.errorUnknown";
  const what = mismatch[1] === "refunded" || mismatch[1] === "deposit" ? mismatch[1] : "changed";
  return `campaign.fundingWithdrawn.${what}`;
}
