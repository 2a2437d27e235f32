import { describe, expect, it } from "vitest";
import { historyLabel, levelProgressPercent, parseGrantAmount, signedAmount } from "./points-display";

describe("signedAmount", () => {
  it("shows the sign of credits and revocations, grouped", () => {
    expect(signedAmount(25, "en")).toBe("+25");
    expect(signedAmount(-1500, "en")).toBe("\u22121,500");
    expect(signedAmount(0, "en")).toBe("0");
  });
});

describe("levelProgressPercent", () => {
  it("is the share of the level already earned, within 0-100", () => {
    expect(levelProgressPercent({ pointsIntoLevel: 0, pointsPerLevel: 100 })).toBe(0);
    expect(levelProgressPercent({ pointsIntoLevel: 99, pointsPerLevel: 100 })).toBe(99);
    expect(levelProgressPercent({ pointsIntoLevel: 1, pointsPerLevel: 3 })).toBe(33.3);
    expect(levelProgressPercent({ pointsIntoLevel: 5, pointsPerLevel: 0 })).toBe(0);
  });
});

describe("parseGrantAmount", () => {
  it("takes whole numbers other than zero, negative to revoke", () => {
    expect(parseGrantAmount("150")).toBe(150);
    expect(parseGrantAmount(" -20 ")).toBe(-20);
    expect(parseGrantAmount("1000000000")).toBe(1_000_000_000);
  });

  it("refuses zero, fractions, exponents, signs other than minus, and too much", () => {
    for (const text of ["0", "-0", "1.5", "1e3", "+5", "", "abc", "1000000001", "12345678901"])
      expect(parseGrantAmount(text)).toBeUndefined();
  });
});

describe("historyLabel", () => {
  it("words a lucky wheel prize with the game's title, and falls back to the stored reason without one", () => {
    expect(
      historyLabel({ amount: 50, sourceKind: "wheel", sourceId: "12", params: { title: "Spring wheel" } }),
    ).toEqual({ key: "wheel", values: { title: "Spring wheel" } });
    expect(historyLabel({ amount: 50, sourceKind: "wheel", sourceId: "12", params: {} })).toBeUndefined();
  });

  it("words missions, referrals and grants from their params", () => {
    expect(historyLabel({ amount: 5, sourceKind: "mission", sourceId: "3", params: {} })).toEqual({
      key: "missionUntitled",
      values: { id: "3" },
    });
    expect(historyLabel({ amount: -2, sourceKind: "admin", sourceId: "1", params: { note: "x" } })?.key).toBe(
      "revoke",
    );
  });
});
