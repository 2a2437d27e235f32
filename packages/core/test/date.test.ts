import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formatDateTime, isExpired, toDate, weekdayName } from "../src/date.ts";

// A machine far from UTC proves that zone-less strings do not fall back to local time.
beforeAll(() => {
  vi.stubEnv("TZ", "Asia/Shanghai");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

it("runs east of UTC, so local-time parsing would show", () => {
  expect(new Date(2024, 0, 2).getTimezoneOffset()).toBe(-480);
});

const iso = (value: Parameters<typeof toDate>[0]) => toDate(value)?.toISOString();

describe("toDate", () => {
  it("reads 10-digit numbers and numeric strings as unix seconds", () => {
    expect(iso(1_700_000_000)).toBe("2023-11-14T22:13:20.000Z");
    expect(iso("1700000000")).toBe("2023-11-14T22:13:20.000Z");
    expect(iso(1_700_000_000.5)).toBe("2023-11-14T22:13:20.500Z");
  });

  it("reads 13-digit numbers and numeric strings as milliseconds", () => {
    expect(iso(1_700_000_000_123)).toBe("2023-11-14T22:13:20.123Z");
    expect(iso("1700000000123")).toBe("2023-11-14T22:13:20.123Z");
  });

  it("reads every other length as milliseconds, as JavaScript does", () => {
    expect(iso(0)).toBe("1970-01-01T00:00:00.000Z");
    expect(iso("2024")).toBe("1970-01-01T00:00:02.024Z");
  });

  it.each([
    ["2024-01-02 03:04:05", "2024-01-02T03:04:05.000Z"],
    ["2024-01-02T03:04:05", "2024-01-02T03:04:05.000Z"],
    ["2024-01-02T03:04:05.678", "2024-01-02T03:04:05.678Z"],
    ["2024-01-02 03:04", "2024-01-02T03:04:00.000Z"],
    ["2024/1/2 3:04", "2024-01-02T03:04:00.000Z"],
    ["2024-01-02", "2024-01-02T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["Jan 2, 2024 03:04", "2024-01-02T03:04:00.000Z"],
  ])("reads the zone-less string %j as GMT", (value, expected) => {
    expect(iso(value)).toBe(expected);
  });

  it.each([
    ["2024-01-02T03:04:05Z", "2024-01-02T03:04:05.000Z"],
    ["2024-01-02 03:04:05 GMT", "2024-01-02T03:04:05.000Z"],
    ["2024-01-02T03:04:05+08:00", "2024-01-01T19:04:05.000Z"],
    ["2024-01-02T03:04:05-0530", "2024-01-02T08:34:05.000Z"],
    ["2024-01-02T03:04+01", "2024-01-02T02:04:00.000Z"],
    ["Tue, 02 Jan 2024 03:04:05 GMT", "2024-01-02T03:04:05.000Z"],
    ["Tue Jan 02 2024 11:04:05 GMT+0800", "2024-01-02T03:04:05.000Z"],
  ])("honours the zone written in %j", (value, expected) => {
    expect(iso(value)).toBe(expected);
  });

  it("copies a valid Date so callers cannot mutate each other's", () => {
    const original = new Date("2024-01-02T03:04:05Z");
    const copy = toDate(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
  });

  it.each([
    ["an empty string", ""],
    ["blanks", "   "],
    ["text", "not a date"],
    ["February 30th", "2024-02-30"],
    ["hour 24", "2024-01-02 24:00"],
    ["minute 60", "2024-01-02 10:60"],
    ["month 13", "2024-13-01"],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["a number beyond the Date range", 9e15],
    ["an invalid Date", new Date(Number.NaN)],
    ["null", null],
    ["undefined", undefined],
  ])("gives undefined for %s", (_, value) => {
    expect(toDate(value)).toBeUndefined();
  });

  it("round-trips every Date through its ISO string and its milliseconds", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1971-01-01T00:00:00Z"),
          max: new Date("2200-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (date) => {
          expect(toDate(date.toISOString())?.getTime()).toBe(date.getTime());
          expect(toDate(date.toISOString().replace("Z", ""))?.getTime()).toBe(date.getTime());
          if (String(date.getTime()).length === 13)
            expect(toDate(date.getTime())?.getTime()).toBe(date.getTime());
        },
      ),
    );
  });
});

describe("formatDateTime", () => {
  it("renders YYYY-MM-DD HH:mm in UTC by default", () => {
    expect(formatDateTime(1_700_000_000)).toBe("2023-11-14 22:13");
    expect(formatDateTime("2024-01-02 03:04:59")).toBe("2024-01-02 03:04");
    expect(formatDateTime(new Date("2024-12-31T23:59:59Z"))).toBe("2024-12-31 23:59");
  });

  it("renders in the given offset", () => {
    expect(formatDateTime(1_700_000_000, { offsetMinutes: 480 })).toBe("2023-11-15 06:13");
    expect(formatDateTime(1_700_000_000, { offsetMinutes: -330 })).toBe("2023-11-14 16:43");
  });

  it("renders unreadable input as empty", () => {
    expect(formatDateTime("garbage")).toBe("");
  });
});

describe("weekdayName", () => {
  it("names the UTC weekday in English or Chinese", () => {
    expect(weekdayName(1_700_000_000, "en")).toBe("Tuesday");
    expect(weekdayName(1_700_000_000, "cn")).toBe("星期二");
    expect(weekdayName("2024-01-07", "cn")).toBe("星期日");
    expect(weekdayName("2024-01-13", "cn")).toBe("星期六");
  });

  it("follows the given offset across midnight", () => {
    expect(weekdayName(1_700_000_000, "cn", { offsetMinutes: 480 })).toBe("星期三");
  });

  it("renders unreadable input as empty", () => {
    expect(weekdayName("", "en")).toBe("");
  });
});

describe("isExpired", () => {
  const now = Date.parse("2024-01-02T00:00:00Z");

  it("is false before the expiry and true from the expiry on", () => {
    expect(isExpired(now / 1000 + 1, now)).toBe(false);
    expect(isExpired(now + 1, now)).toBe(false);
    expect(isExpired(now, now)).toBe(true);
    expect(isExpired(now / 1000 - 1, now)).toBe(true);
    expect(isExpired("2024-01-03 00:00", now)).toBe(false);
  });

  it.each([undefined, null, "", "soon", Number.NaN])(
    "treats a missing or unreadable expiry (%j) as expired",
    (expireAt) => {
      expect(isExpired(expireAt, now)).toBe(true);
    },
  );

  it("defaults to the current time", () => {
    expect(isExpired(Date.now() + 60_000)).toBe(false);
    expect(isExpired(Date.now() - 60_000)).toBe(true);
  });
});
