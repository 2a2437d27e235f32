import { describe, expect, it, vi } from "vitest";
import { isChunkLoadError, reloadMarkerTtlMs, reloadOnceForChunkError } from "./chunk-reload";

describe("chunk-loading errors: reload once, never in a loop", () => {
  it("recognises dynamic import failures", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
  });

  it("reloads once, then not again within the marker's 10 s lifetime", () => {
    expect(reloadMarkerTtlMs).toBe(10_000);
    const reload = vi.fn();
    expect(reloadOnceForChunkError(1_000_000, reload)).toBe(true);
    expect(reloadOnceForChunkError(1_005_000, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunkError(1_010_001, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
