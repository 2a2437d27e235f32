import { formatDateTime, toDate } from "@dropfair/core/date";

/** When the collection waits for X's rate limit: the reset it waits for, while that is still ahead. */
export function xResetAhead(progress: Record<string, unknown>, now: number = Date.now()): Date | undefined {
  const reset = typeof progress.waitingUntil === "string" ? toDate(progress.waitingUntil) : undefined;
  return reset && reset.getTime() > now ? reset : undefined;
}

/** "HH:MM" in the viewer's own time zone; "YYYY-MM-DD HH:MM" when that is not today there. */
export function localTimeOf(date: Date, now: Date = new Date()): string {
  const at = formatDateTime(date, { offsetMinutes: -date.getTimezoneOffset() });
  const today = formatDateTime(now, { offsetMinutes: -now.getTimezoneOffset() });
  return at.slice(0, 10) === today.slice(0, 10) ? at.slice(11) : at;
}
