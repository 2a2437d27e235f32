export type Locale = "en" | "cn";

export type DateInput = number | string | Date;

export interface TimeZoneOptions {
  /** Minutes east of UTC to display in, e.g. 480 for UTC+8. Defaults to UTC. */
  offsetMinutes?: number;
}

const secondsDigits = 10;
const millisecondsPerSecond = 1000;

// Date.parse reads "2024-01-02 03:04" as local time and "2024-01-02" as UTC; we read every zone-less
// date string as GMT, so ISO-like strings are parsed by hand.
const isoLikePattern =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|GMT|UTC|[+-]\d{2}(?::?\d{2})?)?$/i;
const zoneSuffixPattern = /(?:Z|GMT|UTC|[+-]\d{2}:?\d{2})$/i;

function fromTimestamp(value: number): Date | undefined {
  if (!Number.isFinite(value)) return undefined;
  const digits = String(Math.trunc(Math.abs(value))).length;
  const date = new Date(digits === secondsDigits ? value * millisecondsPerSecond : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function zoneOffsetMinutes(zone: string | undefined): number {
  if (zone === undefined || /^(?:Z|GMT|UTC)$/i.test(zone)) return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || "0"));
}

function fromIsoLike(match: RegExpExecArray): Date | undefined {
  const [, year, month, day, hour = "0", minute = "0", second = "0", fraction = "", zone] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const milliseconds = Number(fraction.padEnd(3, "0").slice(0, 3));
  const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], milliseconds);
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-30 over into March; a calendar date that does not exist is invalid.
  if (
    check.getUTCFullYear() !== parts[0] ||
    check.getUTCMonth() !== parts[1] - 1 ||
    check.getUTCDate() !== parts[2] ||
    check.getUTCHours() !== parts[3] ||
    check.getUTCMinutes() !== parts[4] ||
    check.getUTCSeconds() !== parts[5]
  ) {
    return undefined;
  }
  return new Date(utc - zoneOffsetMinutes(zone) * 60_000);
}

/**
 * A 10-digit numeric timestamp is unix seconds, any other number is milliseconds (13 digits
 * today); a date string without a time zone is read as GMT. Returns undefined for anything unreadable.
 */
export function toDate(value: DateInput | null | undefined): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : new Date(value.getTime());
  if (typeof value === "number") return fromTimestamp(value);
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+$/.test(text)) return fromTimestamp(Number(text));
  const isoLike = isoLikePattern.exec(text);
  if (isoLike) return fromIsoLike(isoLike);
  const parsed = Date.parse(zoneSuffixPattern.test(text) ? text : `${text} GMT`);
  return Number.isNaN(parsed) ? undefined : new Date(parsed);
}

function shifted(value: DateInput, options: TimeZoneOptions): Date | undefined {
  const date = toDate(value);
  return date && new Date(date.getTime() + (options.offsetMinutes ?? 0) * 60_000);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** 'YYYY-MM-DD HH:mm' in UTC or the given offset; the same in every locale. Unreadable input gives "". */
export function formatDateTime(value: DateInput, options: TimeZoneOptions = {}): string {
  const date = shifted(value, options);
  if (!date) return "";
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

const weekdayNames: Record<Locale, readonly string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  cn: ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"],
};

/** The weekday in UTC or the given offset. Unreadable input gives "". */
export function weekdayName(value: DateInput, locale: Locale, options: TimeZoneOptions = {}): string {
  const date = shifted(value, options);
  return date ? (weekdayNames[locale][date.getUTCDay()] ?? "") : "";
}

/** A token or cookie whose expiry is missing or unreadable counts as expired. */
export function isExpired(expireAt: DateInput | null | undefined, now: number = Date.now()): boolean {
  const expiry = toDate(expireAt);
  return expiry === undefined || expiry.getTime() <= now;
}
