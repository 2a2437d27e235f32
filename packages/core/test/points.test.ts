import { describe, expect, it } from "vitest";
import { defaultLevelRules, levelOf } from "../src/points.ts";

describe("levelOf", () => {
  it("starts at the start level with a full level to go", () => {
    expect(levelOf(0)).toEqual({ level: 0, pointsIntoLevel: 0, pointsToNextLevel: 100 });
  });

  it("stays on the level until the last point of it", () => {
    expect(levelOf(99)).toEqual({ level: 0, pointsIntoLevel: 99, pointsToNextLevel: 1 });
  });

  it("reaches the next level on exactly pointsPerLevel points", () => {
    expect(levelOf(100)).toEqual({ level: 1, pointsIntoLevel: 0, pointsToNextLevel: 100 });
    expect(levelOf(101)).toEqual({ level: 1, pointsIntoLevel: 1, pointsToNextLevel: 99 });
    expect(levelOf(12_345)).toEqual({ level: 123, pointsIntoLevel: 45, pointsToNextLevel: 55 });
  });

  it("counts a negative balance as zero", () => {
    expect(levelOf(-1)).toEqual({ level: 0, pointsIntoLevel: 0, pointsToNextLevel: 100 });
    expect(levelOf(-250, { startLevel: 3, pointsPerLevel: 50 })).toEqual({
      level: 3,
      pointsIntoLevel: 0,
      pointsToNextLevel: 50,
    });
  });

  it("follows a custom start level and level size", () => {
    const rules = { startLevel: 1, pointsPerLevel: 250 };
    expect(levelOf(0, rules)).toEqual({ level: 1, pointsIntoLevel: 0, pointsToNextLevel: 250 });
    expect(levelOf(249, rules)).toEqual({ level: 1, pointsIntoLevel: 249, pointsToNextLevel: 1 });
    expect(levelOf(250, rules)).toEqual({ level: 2, pointsIntoLevel: 0, pointsToNextLevel: 250 });
    expect(levelOf(1000, rules)).toEqual({ level: 5, pointsIntoLevel: 0, pointsToNextLevel: 250 });
    expect(levelOf(7, { startLevel: 0, pointsPerLevel: 1 })).toEqual({
      level: 7,
      pointsIntoLevel: 0,
      pointsToNextLevel: 1,
    });
  });

  it("uses start level 0 and 100 points per level by default", () => {
    expect(defaultLevelRules).toEqual({ startLevel: 0, pointsPerLevel: 100 });
  });

  it("refuses rules or balances that are not integers", () => {
    expect(() => levelOf(10, { startLevel: 0, pointsPerLevel: 0 })).toThrow(RangeError);
    expect(() => levelOf(10, { startLevel: 0, pointsPerLevel: -5 })).toThrow(RangeError);
    expect(() => levelOf(10, { startLevel: 0, pointsPerLevel: 2.5 })).toThrow(RangeError);
    expect(() => levelOf(10, { startLevel: 0.5, pointsPerLevel: 100 })).toThrow(RangeError);
    expect(() => levelOf(1.5)).toThrow(RangeError);
    expect(() => levelOf(Number.NaN)).toThrow(RangeError);
  });
});
