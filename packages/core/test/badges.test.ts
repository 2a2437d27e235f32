import { describe, expect, it } from "vitest";
import {
  type BadgeFacts,
  mintClosesAt,
  mintWindowState,
  missionIdsOf,
  periodEndsAt,
  periodKey,
  ruleProgress,
} from "../src/badges.ts";

const facts: BadgeFacts = {
  points: 250,
  level: 2,
  completedMissionIds: new Set([1, 3]),
  airdropsCreated: 0,
  airdropsClaimed: 2,
  wheelPrizes: 1,
  onListOf: new Set([9]),
};

describe("badge rules", () => {
  it("measures each rule kind against the user's facts, capping the progress at the target", () => {
    expect(ruleProgress({ kind: "level", level: 2 }, facts, 1)).toEqual({
      current: 2,
      target: 2,
      eligible: true,
    });
    expect(ruleProgress({ kind: "level", level: 3 }, facts, 1)).toEqual({
      current: 2,
      target: 3,
      eligible: false,
    });
    expect(ruleProgress({ kind: "points", points: 100 }, facts, 1)).toEqual({
      current: 100,
      target: 100,
      eligible: true,
    });
    expect(ruleProgress({ kind: "points", points: 251 }, facts, 1).eligible).toBe(false);
    expect(ruleProgress({ kind: "missions", missionIds: [1, 2, 3] }, facts, 1)).toEqual({
      current: 2,
      target: 3,
      eligible: false,
    });
    expect(ruleProgress({ kind: "missions", missionIds: [3, 1] }, facts, 1).eligible).toBe(true);
    expect(ruleProgress({ kind: "airdrop_create", count: 1 }, facts, 1)).toEqual({
      current: 0,
      target: 1,
      eligible: false,
    });
    expect(ruleProgress({ kind: "airdrop_claim", count: 2 }, facts, 1).eligible).toBe(true);
    expect(ruleProgress({ kind: "wheel_prize", count: 1 }, facts, 1)).toEqual({
      current: 1,
      target: 1,
      eligible: true,
    });
    expect(ruleProgress({ kind: "wheel_prize", count: 2 }, facts, 1).eligible).toBe(false);
    expect(ruleProgress({ kind: "list" }, facts, 9)).toEqual({ current: 1, target: 1, eligible: true });
    expect(ruleProgress({ kind: "list" }, facts, 8)).toEqual({ current: 0, target: 1, eligible: false });
  });

  it("collects the mission ids of many rules once", () => {
    expect(
      missionIdsOf([
        { kind: "missions", missionIds: [4, 2] },
        { kind: "points", points: 5 },
        { kind: "missions", missionIds: [2, 7] },
      ]).sort(),
    ).toEqual([2, 4, 7]);
  });
});

describe("badge periods", () => {
  it("keys one-off badges 0, monthly ones YYYYMM in UTC and seasonal ones by the programme's season", () => {
    const lateJuly = new Date("2026-07-31T23:59:59.999Z");
    expect(periodKey("once", lateJuly, 3)).toBe(0);
    expect(periodKey("monthly", lateJuly, 3)).toBe(202607);
    expect(periodKey("monthly", new Date("2026-08-01T00:00:00Z"), 3)).toBe(202608);
    expect(periodKey("monthly", new Date("2026-12-15T10:00:00Z"), 3)).toBe(202612);
    expect(periodKey("season", lateJuly, 3)).toBe(3);
  });

  it("ends a monthly period at the next month's first instant (December rolls into January)", () => {
    expect(periodEndsAt("monthly", new Date("2026-12-15T10:00:00Z"))).toEqual(
      new Date("2027-01-01T00:00:00Z"),
    );
    expect(periodEndsAt("once", new Date())).toBeNull();
    expect(periodEndsAt("season", new Date())).toBeNull();
  });

  it("opens the mint window at its start (inclusive) and closes it at its end (exclusive)", () => {
    const window = { mintStart: new Date("2026-07-01T00:00:00Z"), mintEnd: new Date("2026-07-10T00:00:00Z") };
    expect(mintWindowState(window, new Date("2026-06-30T23:59:59Z"))).toBe("upcoming");
    expect(mintWindowState(window, new Date("2026-07-01T00:00:00Z"))).toBe("open");
    expect(mintWindowState(window, new Date("2026-07-10T00:00:00Z"))).toBe("closed");
    expect(mintWindowState({ mintStart: null, mintEnd: null }, new Date(0))).toBe("open");
  });

  it("closes the current chance to mint at the earlier of the window's end and the period's end", () => {
    const now = new Date("2026-07-20T00:00:00Z");
    expect(mintClosesAt({ mintStart: null, mintEnd: null, period: "once" }, now)).toBeNull();
    expect(mintClosesAt({ mintStart: null, mintEnd: null, period: "monthly" }, now)).toEqual(
      new Date("2026-08-01T00:00:00Z"),
    );
    expect(
      mintClosesAt({ mintStart: null, mintEnd: new Date("2026-07-25T00:00:00Z"), period: "monthly" }, now),
    ).toEqual(new Date("2026-07-25T00:00:00Z"));
    expect(
      mintClosesAt({ mintStart: null, mintEnd: new Date("2026-09-01T00:00:00Z"), period: "season" }, now),
    ).toEqual(new Date("2026-09-01T00:00:00Z"));
  });
});
