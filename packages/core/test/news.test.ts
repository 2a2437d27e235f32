import { describe, expect, it } from "vitest";
import {
  dayKeyOf,
  dropStatusAt,
  groupByDay,
  isDropWindowDays,
  isInWindow,
  isWebLink,
  normalizeKeyword,
  weekdayOfDay,
  windowStart,
} from "../src/news.ts";

const at = (iso: string) => new Date(iso);

describe("dropStatusAt", () => {
  const times = { startAt: at("2026-11-20T10:00:00Z"), endAt: at("2026-11-25T10:00:00Z") };

  it("is 0 before the start, 1 from the start, 2 from the end", () => {
    expect(dropStatusAt(times, at("2026-11-20T09:59:59.999Z"))).toBe(0);
    expect(dropStatusAt(times, at("2026-11-20T10:00:00Z"))).toBe(1);
    expect(dropStatusAt(times, at("2026-11-25T09:59:59.999Z"))).toBe(1);
    expect(dropStatusAt(times, at("2026-11-25T10:00:00Z"))).toBe(2);
  });

  it("keeps an entry with no end running", () => {
    expect(dropStatusAt({ startAt: times.startAt, endAt: null }, at("2099-01-01T00:00:00Z"))).toBe(1);
    expect(dropStatusAt({ startAt: times.startAt, endAt: null }, at("2026-11-01T00:00:00Z"))).toBe(0);
  });
});

describe("time windows", () => {
  const now = at("2026-11-26T12:00:00Z");

  it("accepts only 1, 7 and 30 days", () => {
    expect([0, 1, 2, 7, 14, 30, 31].filter(isDropWindowDays)).toEqual([1, 7, 30]);
  });

  it("starts whole 24-hour periods before now", () => {
    expect(windowStart(now, 1).toISOString()).toBe("2026-11-25T12:00:00.000Z");
    expect(windowStart(now, 7).toISOString()).toBe("2026-11-19T12:00:00.000Z");
    expect(windowStart(now, 30).toISOString()).toBe("2026-10-27T12:00:00.000Z");
  });

  it("includes its first instant and now, and nothing before or in the future", () => {
    expect(isInWindow(at("2026-11-19T12:00:00Z"), now, 7)).toBe(true);
    expect(isInWindow(at("2026-11-19T11:59:59.999Z"), now, 7)).toBe(false);
    expect(isInWindow(now, now, 1)).toBe(true);
    expect(isInWindow(at("2026-11-26T12:00:00.001Z"), now, 30)).toBe(false);
  });
});

describe("days and weekdays", () => {
  it("takes the day at the viewer's offset", () => {
    const instant = at("2026-11-25T20:30:00Z");
    expect(dayKeyOf(instant)).toBe("2026-11-25");
    expect(dayKeyOf(instant, 480)).toBe("2026-11-26");
    expect(dayKeyOf(at("2026-11-26T02:00:00Z"), -300)).toBe("2026-11-25");
  });

  it("names weekdays in Chinese in cn and in English in en", () => {
    expect(weekdayOfDay("2026-11-26", "cn")).toBe("星期四");
    expect(weekdayOfDay("2026-11-29", "cn")).toBe("星期日");
    expect(weekdayOfDay("2026-11-28", "cn")).toBe("星期六");
    expect(weekdayOfDay("2026-11-26", "en")).toBe("Thursday");
  });

  it("groups by day, newest day first, keeping the order inside a day", () => {
    const items = [
      { id: 1, listedAt: at("2026-11-26T09:00:00Z") },
      { id: 2, listedAt: at("2026-11-24T23:00:00Z") },
      { id: 3, listedAt: at("2026-11-26T01:00:00Z") },
      { id: 4, listedAt: at("2026-11-25T17:00:00Z") },
    ];
    const utc = groupByDay(items, (item) => item.listedAt);
    expect(utc.map((group) => [group.day, group.items.map((item) => item.id)])).toEqual([
      ["2026-11-26", [1, 3]],
      ["2026-11-25", [4]],
      ["2026-11-24", [2]],
    ]);
    const beijing = groupByDay(items, (item) => item.listedAt, 480);
    expect(beijing.map((group) => [group.day, group.items.map((item) => item.id)])).toEqual([
      ["2026-11-26", [1, 3, 4]],
      ["2026-11-25", [2]],
    ]);
    expect(groupByDay([], () => new Date())).toEqual([]);
  });
});

describe("links and keywords", () => {
  it("accepts http and https links only", () => {
    expect(isWebLink("https://example.org/airdrop")).toBe(true);
    expect(isWebLink("http://example.org")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,hi",
      "ftp://example.org",
      "//example.org",
      "example.org",
      "",
      `https://example.org/${"a".repeat(500)}`,
    ]) {
      expect(isWebLink(bad), bad).toBe(false);
    }
  });

  it("trims and collapses a keyword", () => {
    expect(normalizeKeyword("  zk   rollup ")).toBe("zk rollup");
    expect(normalizeKeyword(undefined)).toBe("");
    expect(normalizeKeyword("x".repeat(100))).toHaveLength(60);
  });
});
