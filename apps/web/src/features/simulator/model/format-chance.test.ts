import { describe, expect, it } from "vitest";
import { formatChance, formatCount } from "./format-chance";
import { progressPercent } from "./progress";

describe("formatChance", () => {
  it("shows 2 decimals, and two significant digits for chances below 0.01%", () => {
    expect(formatChance(0.025)).toBe("2.50%");
    expect(formatChance(1 / 3)).toBe("33.33%");
    expect(formatChance(1)).toBe("100.00%");
    expect(formatChance(0)).toBe("0.00%");
    expect(formatChance(1 / 100_000)).toBe("0.0010%");
    expect(formatChance(0.0001)).toBe("0.01%");
  });

  it("groups counts", () => {
    expect(formatCount(100_000)).toBe("100,000");
  });
});

describe("progressPercent", () => {
  it("moves forward through ranking and the re-draws", () => {
    const steps = [
      progressPercent(undefined),
      progressPercent({ stage: "ranking", done: 0, total: 1 }),
      progressPercent({ stage: "ranking", done: 1, total: 1 }),
      progressPercent({ stage: "simulating", done: 50, total: 100 }),
      progressPercent({ stage: "simulating", done: 100, total: 100 }),
    ];
    expect(steps).toEqual([...steps].sort((left, right) => left - right));
    expect(steps.at(-1)).toBe(100);
  });
});
