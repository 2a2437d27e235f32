import { describe, expect, it } from "vitest";
import { exclusionLabelKey, sortedExclusions } from "./exclusion";

describe("exclusion reasons", () => {
  it("label a rejected winner as such, and anything unknown as other", () => {
    expect(exclusionLabelKey("rejected")).toBe("exclusion.rejected");
    expect(exclusionLabelKey("banned")).toBe("exclusion.banned");
    expect(exclusionLabelKey("something-new")).toBe("exclusion.other");
  });

  it("list counts in the filter order, rejected winners after the collection's reasons, unknown last", () => {
    expect(sortedExclusions({ "something-new": 1, rejected: 2, banned: 3, host: 1, "no-reply": 0 })).toEqual([
      ["host", 1],
      ["banned", 3],
      ["rejected", 2],
      ["something-new", 1],
    ]);
  });
});
