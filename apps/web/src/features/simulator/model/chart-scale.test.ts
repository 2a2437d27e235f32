import { describe, expect, it } from "vitest";
import {
  axisTicks,
  frequencyAxisMax,
  linearScale,
  niceCeiling,
  svgBandPath,
  svgLinePath,
} from "./chart-scale";

describe("chart scales", () => {
  it("maps a domain onto a range, including inverted ranges for SVG's downward y", () => {
    const y = linearScale([0, 0.5], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(0.25)).toBe(100);
    expect(y(0.5)).toBe(0);
    expect(linearScale([3, 3], [10, 20])(99)).toBe(10);
  });

  it("rounds an axis maximum up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceCeiling(0.031)).toBe(0.05);
    expect(niceCeiling(0.3)).toBeCloseTo(0.5);
    expect(niceCeiling(0.1 + 0.2)).toBeCloseTo(0.5);
    expect(niceCeiling(0.2)).toBeCloseTo(0.2);
    expect(niceCeiling(0.21)).toBeCloseTo(0.25);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(Number.NaN)).toBe(1);
  });

  it("spaces ticks evenly from zero", () => {
    const ticks = axisTicks(0.2, 4);
    expect(ticks).toHaveLength(5);
    for (const [index, tick] of [0, 0.05, 0.1, 0.15, 0.2].entries())
      expect(ticks[index]).toBeCloseTo(tick, 12);
  });

  it("writes SVG paths with rounded coordinates", () => {
    expect(
      svgLinePath([
        [0, 0],
        [10.04, 5.26],
      ]),
    ).toBe("M0 0 L10 5.3");
    expect(svgBandPath([0, 10], [1, 2], [5, 6])).toBe("M0 1 L10 2 L10 6 L0 5 Z");
    expect(svgBandPath([], [], [])).toBe("");
  });

  it("keeps room for the line, twice the fair chance and the settled band", () => {
    const flat = Array.from({ length: 100 }, () => 0);
    expect(
      frequencyAxisMax(
        flat,
        0.05,
        Array.from({ length: 100 }, () => 0.09),
      ),
    ).toBeCloseTo(0.1);
    // An early lucky streak (100% after one draw) does not flatten the chart.
    expect(frequencyAxisMax([1, 0.5, ...flat.slice(2)], 0.01, flat)).toBeCloseTo(0.02);
    expect(frequencyAxisMax(flat, 0.9, flat)).toBe(1);
  });
});
