import i18next from "i18next";
import { describe, expect, it } from "vitest";
import cnBadges from "../../../../locales/cn/badges.json";
import enBadges from "../../../../locales/en/badges.json";
import {
  badgeDescription,
  mintableByChain,
  periodText,
  progressPercent,
  ruleText,
  timeLeft,
  timeLeftText,
} from "./badge-display";

const t = (key: string, options?: Record<string, unknown>) =>
  `${key}${options ? JSON.stringify(options) : ""}`;

describe("badge display", () => {
  it("names the points in seeded descriptions as the platform calls them (POINT_NAME), in en and cn", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { badges: enBadges }, cn: { badges: cnBadges } } });
    const translate = (language: string) => i18n.getFixedT(language);
    const firstSteps = { seed: "first-steps", description: "stored text" };
    expect(badgeDescription(translate("en"), firstSteps, "XP")).toBe(
      "Earn your first 20 XP by finishing missions.",
    );
    expect(badgeDescription(translate("cn"), firstSteps, "XP")).toBe("完成任务，获得您的前 20 XP。");
    expect(badgeDescription(translate("en"), { seed: "monthly", description: "" }, "Stars")).toBe(
      "Hold 50 Stars: one transferable badge each month.",
    );
    expect(badgeDescription(translate("en"), { seed: "earlybird", description: "" }, "XP")).toContain(
      "earn XP on Dropfair",
    );
    // Every seeded description reads the placeholder: none names EP itself.
    for (const catalogue of [enBadges, cnBadges])
      for (const seeded of Object.values(catalogue.seeded)) expect(seeded.description).not.toMatch(/\bEP\b/);
    // An administrator's badge keeps its own words.
    expect(badgeDescription(translate("en"), { seed: null, description: "Mine, 5 EP" }, "XP")).toBe(
      "Mine, 5 EP",
    );
  });

  it("names each rule with its target", () => {
    expect(ruleText(t, { kind: "points", points: 20 }, "EP")).toBe(
      'badges:rules.points{"points":20,"pointName":"EP"}',
    );
    expect(ruleText(t, { kind: "missions", missionIds: [1, 2, 3] }, "EP")).toBe(
      'badges:rules.missions{"count":3}',
    );
    expect(ruleText(t, { kind: "list" }, "EP")).toBe("badges:rules.list");
  });

  it("shows a monthly period as its year and month", () => {
    expect(periodText(t, { period: "monthly", currentPeriod: 202607 })).toBe(
      'badges:periods.monthly{"month":"2026-07"}',
    );
    expect(periodText(t, { period: "season", currentPeriod: 3 })).toBe('badges:periods.season{"season":3}');
    expect(periodText(t, { period: "once", currentPeriod: 0 })).toBe("badges:periods.once");
  });

  it("counts the time left in whole minutes and never below zero", () => {
    const now = new Date("2026-07-20T00:00:00Z");
    expect(timeLeft("2026-07-23T04:30:59Z", now)).toEqual({ days: 3, hours: 4, minutes: 30 });
    expect(timeLeft("2026-07-19T00:00:00Z", now)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(timeLeft(null, now)).toBeNull();
    expect(timeLeftText(t, { days: 0, hours: 2, minutes: 5 })).toBe(
      'badges:timeLeft.hoursMinutes{"hours":2,"minutes":5}',
    );
    expect(timeLeftText(t, { days: 0, hours: 0, minutes: 5 })).toBe('badges:timeLeft.minutes{"minutes":5}');
  });

  it("caps progress at 100 and groups mintable badges by chain", () => {
    expect(progressPercent({ current: 19, target: 20 })).toBe(95);
    expect(progressPercent({ current: 30, target: 20 })).toBe(100);
    const groups = mintableByChain([
      { id: 1, state: "mintable", chainId: 1 },
      { id: 2, state: "locked", chainId: 1 },
      { id: 3, state: "mintable", chainId: 31337 },
      { id: 4, state: "mintable", chainId: 1 },
    ]);
    expect([...groups.entries()].map(([chainId, list]) => [chainId, list.map((badge) => badge.id)])).toEqual([
      [1, [1, 4]],
      [31337, [3]],
    ]);
  });
});
