import { describe, expect, it } from "vitest";
import { mergeHandles } from "./route-handle";

describe("route meta", () => {
  it("merges handles with the deepest winning", () => {
    expect(
      mergeHandles([
        { handle: { locale: "cn" } },
        { handle: { layout: "pro" } },
        { handle: { name: "picker2" } },
      ]),
    ).toEqual({
      locale: "cn",
      layout: "pro",
      name: "picker2",
    });
  });

  it("keeps the network rule of the leaf only, so absence means the default chain", () => {
    expect(mergeHandles([{ handle: { network: "1" } }, { handle: { name: "x" } }]).network).toBeUndefined();
    expect(
      mergeHandles([{ handle: { layout: "bounty" } }, { handle: { name: "x", network: "" } }]).network,
    ).toBe("");
    expect(mergeHandles([{ handle: { name: "x", network: "1" } }]).network).toBe("1");
  });
});
