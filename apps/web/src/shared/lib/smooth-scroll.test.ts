import { describe, expect, it } from "vitest";
import { animateScrollTo, scrollDefaults, scrollFrame } from "./smooth-scroll";

/** A window stand-in whose animation frames the test runs by hand, 60 per second. */
function fakeView({ reducedMotion = false, scrollHeight = 100_000, innerHeight = 800 } = {}) {
  const positions: number[] = [];
  const frames = new Map<number, (now: number) => void>();
  const listeners = new Map<string, () => void>();
  let next = 0;
  let now = 1000;
  const view = {
    scrollY: 0,
    innerHeight,
    document: { documentElement: { scrollHeight } },
    matchMedia: (query: string) => ({ matches: reducedMotion && query.includes("reduce") }),
    scrollTo(_x: number, y: number) {
      view.scrollY = y;
      positions.push(y);
    },
    requestAnimationFrame(callback: (now: number) => void) {
      next += 1;
      frames.set(next, callback);
      return next;
    },
    cancelAnimationFrame(id: number) {
      frames.delete(id);
    },
    addEventListener(type: string, listener: () => void) {
      listeners.set(type, listener);
    },
    removeEventListener(type: string) {
      listeners.delete(type);
    },
  };
  /** Runs frames until none is pending (or `limit`), returning how many ran. */
  const run = (limit = 10_000) => {
    let count = 0;
    while (frames.size > 0 && count < limit) {
      const [id, callback] = [...frames.entries()][0]!;
      frames.delete(id);
      callback(now);
      now += 1000 / 60;
      count += 1;
    }
    return count;
  };
  return { view: view as unknown as Window, positions, run, listeners, pending: () => frames.size };
}

describe("scrollFrame", () => {
  const base = { start: 0, target: 1000, current: 0, durationMs: 2000, maxStep: 80 };

  it("never moves more than the maximum step in one frame", () => {
    expect(scrollFrame({ ...base, elapsedMs: 1000 })).toBe(80);
    expect(scrollFrame({ ...base, target: -1000, elapsedMs: 1000 })).toBe(-80);
  });

  it("follows the ease-out curve when it moves less than the step, and lands on the target", () => {
    expect(scrollFrame({ ...base, target: 100, elapsedMs: 1000 })).toBe(80);
    expect(scrollFrame({ ...base, target: 100, current: 80, elapsedMs: 1000 })).toBeCloseTo(87.5);
    expect(scrollFrame({ ...base, target: 100, current: 99.8, elapsedMs: 2000 })).toBe(100);
    expect(scrollFrame({ ...base, current: 1000, elapsedMs: 5000 })).toBe(1000);
  });
});

describe("animateScrollTo", () => {
  it("uses the 2 s, 80 px settings by default", () => {
    expect(scrollDefaults).toEqual({ durationMs: 2000, maxStep: 80, hashDurationMs: 1000 });
  });

  it("animates to the target in steps of at most 80 px, over about 2 s for a short distance", () => {
    const { view, positions, run } = fakeView();
    animateScrollTo(1200, { view });
    const frames = run();
    expect(positions.at(-1)).toBe(1200);
    const steps = positions.map((position, at) => position - (positions[at - 1] ?? 0));
    expect(Math.max(...steps)).toBeLessThanOrEqual(80);
    expect(frames).toBeGreaterThanOrEqual(100);
    expect(frames).toBeLessThanOrEqual(125);
  });

  it("takes longer than the duration when the distance needs more than 80 px a frame", () => {
    const { view, positions, run } = fakeView();
    animateScrollTo(20_000, { view });
    expect(run()).toBeGreaterThanOrEqual(250);
    expect(positions.at(-1)).toBe(20_000);
  });

  it("stays within the page and jumps at once when reduced motion is asked for", () => {
    const { view, positions, run } = fakeView({ reducedMotion: true, scrollHeight: 3000, innerHeight: 800 });
    animateScrollTo(5000, { view });
    expect(positions).toEqual([2200]);
    expect(run()).toBe(0);
  });

  it("stops when the user scrolls with the wheel, or when cancelled", () => {
    const first = fakeView();
    animateScrollTo(5000, { view: first.view });
    first.run(10);
    first.listeners.get("wheel")!();
    expect(first.pending()).toBe(0);
    expect(first.positions.at(-1)).toBeLessThan(5000);

    const second = fakeView();
    const cancel = animateScrollTo(5000, { view: second.view });
    second.run(5);
    cancel();
    expect(second.pending()).toBe(0);
  });
});
