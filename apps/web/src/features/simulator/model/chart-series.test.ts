import { describe, expect, it } from "vitest";
import { rankHistogram, runningWinFrequency, samplingBand } from "./chart-series";

describe("runningWinFrequency", () => {
  it("is wins so far over draws so far", () => {
    expect(runningWinFrequency([1, 5, 2, 9], 2)).toEqual([1, 0.5, 2 / 3, 0.5]);
    expect(runningWinFrequency([], 2)).toEqual([]);
  });
});

describe("samplingBand", () => {
  it("narrows around the fair chance as draws accumulate, clamped to [0, 1]", () => {
    const band = samplingBand(0.05, 100);
    expect(band).toHaveLength(100);
    expect(band[0]!.lower).toBe(0);
    expect(band[99]!.upper).toBeCloseTo(0.05 + 1.96 * Math.sqrt((0.05 * 0.95) / 100), 12);
    expect(band[99]!.upper - band[99]!.lower).toBeLessThan(band[9]!.upper - band[9]!.lower);
    for (const point of samplingBand(0.9, 5)) expect(point.upper).toBeLessThanOrEqual(1);
  });

  it("is a line when the chance is certain", () => {
    expect(samplingBand(1, 3)).toEqual([
      { lower: 1, upper: 1 },
      { lower: 1, upper: 1 },
      { lower: 1, upper: 1 },
    ]);
  });
});

describe("rankHistogram", () => {
  it("splits the ranking into contiguous slices and counts each draw once", () => {
    const ranks = [1, 2, 10, 11, 55, 100, 100, 37];
    const bins = rankHistogram(ranks, 100, 3);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toMatchObject({ fromRank: 1, toRank: 10, count: 3, winning: "some" });
    expect(bins[9]).toMatchObject({ fromRank: 91, toRank: 100, count: 2, winning: "none" });
    for (const [index, bin] of bins.slice(1).entries()) expect(bin.fromRank).toBe(bins[index]!.toRank + 1);
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(ranks.length);
  });

  it("expects each slice's share of the draws, with uneven slices when the count does not divide", () => {
    const bins = rankHistogram(
      Array.from({ length: 70 }, (_, index) => (index % 7) + 1),
      7,
      7,
      3,
    );
    expect(bins.map((bin) => [bin.fromRank, bin.toRank])).toEqual([
      [1, 3],
      [4, 5],
      [6, 7],
    ]);
    expect(bins.map((bin) => bin.expected)).toEqual([30, 20, 20]);
    expect(bins.map((bin) => bin.count)).toEqual([30, 20, 20]);
    expect(bins.every((bin) => bin.winning === "all")).toBe(true);
  });

  it("uses one slice per rank for tiny lists and nothing for none", () => {
    expect(rankHistogram([1, 2, 2], 2, 1).map((bin) => bin.count)).toEqual([1, 2]);
    expect(rankHistogram([], 0, 1)).toEqual([]);
  });
});
