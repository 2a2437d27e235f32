/** Small helpers for the simulator's hand-drawn SVG charts. */

/** Maps `domain` onto `range` linearly; a zero-width domain maps everything to the range start. */
export function linearScale(
  [domainStart, domainEnd]: readonly [number, number],
  [rangeStart, rangeEnd]: readonly [number, number],
): (value: number) => number {
  const width = domainEnd - domainStart;
  if (width === 0) return () => rangeStart;
  return (value) => rangeStart + ((value - domainStart) / width) * (rangeEnd - rangeStart);
}

/** The smallest 1, 2, 2.5 or 5 × 10^k at or above `value` (a pleasant axis maximum); 1 for non-positive input. */
export function niceCeiling(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    // Tolerate float noise such as 0.30000000000000004.
    if (step * magnitude >= value * (1 - 1e-9)) return step * magnitude;
  }
  return 10 * magnitude;
}

/** `count` + 1 evenly spaced ticks from 0 to `max`. */
export function axisTicks(max: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, index) => (max * index) / count);
}

/** An SVG path through the points, coordinates rounded to 0.1 px. */
export function svgLinePath(points: readonly (readonly [number, number])[]): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  return points.map(([x, y], index) => `${index === 0 ? "M" : "L"}${round(x)} ${round(y)}`).join(" ");
}

/** A closed SVG area between an upper and a lower line sharing x coordinates. */
export function svgBandPath(
  xs: readonly number[],
  upper: readonly number[],
  lower: readonly number[],
): string {
  if (xs.length === 0) return "";
  const top = xs.map((x, index) => [x, upper[index] ?? 0] as const);
  const bottom = xs.map((x, index) => [x, lower[index] ?? 0] as const).reverse();
  return `${svgLinePath([...top, ...bottom])} Z`;
}

/**
 * The axis maximum for the win-frequency chart: room for the line, twice the fair chance, and the sampling band
 * from the tenth draw on (its first draws are too wide to be worth flattening the chart for).
 */
export function frequencyAxisMax(
  frequencies: readonly number[],
  fairChance: number,
  bandUpper: readonly number[],
): number {
  const settledBand = bandUpper.slice(Math.min(9, bandUpper.length - 1));
  const highest = Math.max(fairChance * 2, ...frequencies.slice(9), ...settledBand, 0);
  return Math.min(1, niceCeiling(highest));
}
