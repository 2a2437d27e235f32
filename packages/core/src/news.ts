// Rules of the airdrop news list (drops and daily): an entry's status from its times, the time windows of
// the filters, the weekday and day of a listing, and the grouping of a list by day.
import { type Locale, weekdayName } from "./date.ts";

/** Drops status: 0 not started, 1 running, 2 ended. */
export const dropStatuses = { notStarted: 0, running: 1, ended: 2 } as const;
export type DropStatus = (typeof dropStatuses)[keyof typeof dropStatuses];

/** The time filters of the lists: the last 1, 7 or 30 days. */
export const dropWindowDays = [1, 7, 30] as const;
export type DropWindowDays = (typeof dropWindowDays)[number];

/** The default categories; a deployment may configure its own. Each is a lowercase slug. */
export const defaultDropCategories = ["defi", "l2", "nft", "gamefi", "social", "infrastructure"] as const;
export const dropCategoryPattern = /^[a-z0-9][a-z0-9-]{0,29}$/;

export const newsLimits = {
  projectMaxLength: 60,
  titleMaxLength: 120,
  summaryMaxLength: 1000,
  urlMaxLength: 500,
  linksMax: 8,
  requirementsMax: 20,
  requirementActionMaxLength: 200,
  estimateMaxLength: 60,
  sourceNameMaxLength: 60,
  chainsMax: 10,
  keywordMaxLength: 60,
} as const;

/** The menu's search keyword is applied this long after the last keystroke. */
export const searchDebounceMs = 1500;

const dayMs = 86_400_000;

/**
 * The status at `now`: not started before the start, running from the start until the end (an entry with no
 * end keeps running), ended from the end on.
 */
export function dropStatusAt(times: { startAt: Date; endAt: Date | null }, now: Date): DropStatus {
  if (now.getTime() < times.startAt.getTime()) return dropStatuses.notStarted;
  if (times.endAt === null || now.getTime() < times.endAt.getTime()) return dropStatuses.running;
  return dropStatuses.ended;
}

export function isDropWindowDays(value: number): value is DropWindowDays {
  return (dropWindowDays as readonly number[]).includes(value);
}

/** The first instant of the last `days` days: a rolling window of whole 24-hour periods ending at `now`. */
export function windowStart(now: Date, days: DropWindowDays): Date {
  return new Date(now.getTime() - days * dayMs);
}

/** Whether something listed at `listedAt` falls in the last `days` days (nothing from the future does). */
export function isInWindow(listedAt: Date, now: Date, days: DropWindowDays): boolean {
  const time = listedAt.getTime();
  return time >= windowStart(now, days).getTime() && time <= now.getTime();
}

/** The calendar day (YYYY-MM-DD) of an instant at a UTC offset in minutes (480 for UTC+8). */
export function dayKeyOf(instant: Date, offsetMinutes = 0): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The weekday name of a YYYY-MM-DD day (Chinese names in cn: 星期日 … 星期六). */
export function weekdayOfDay(dayKey: string, locale: Locale): string {
  return weekdayName(`${dayKey}T00:00:00Z`, locale);
}

export type DayGroup<T> = { day: string; items: T[] };

/**
 * Groups a list by the day each item was listed on (at the viewer's offset), newest day first; items keep
 * their order within a day.
 */
export function groupByDay<T>(
  items: readonly T[],
  listedAtOf: (item: T) => Date,
  offsetMinutes = 0,
): DayGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const day = dayKeyOf(listedAtOf(item), offsetMinutes);
    const group = groups.get(day);
    if (group) group.push(item);
    else groups.set(day, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, dayItems]) => ({ day, items: dayItems }));
}

/** Only http and https links are shown or stored: no javascript:, data: or other schemes. */
export function isWebLink(value: string): boolean {
  if (value.length > newsLimits.urlMaxLength) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A search keyword as the lists use it: trimmed, inner whitespace collapsed, empty when blank. */
export function normalizeKeyword(value: string | null | undefined): string {
  return (value ?? "").trim().replace(/\s+/g, " ").slice(0, newsLimits.keywordMaxLength);
}
