import { describe, expect, it } from "vitest";
import { checkConfirmSelection } from "./confirm-selection";

describe("confirm winners selection: at least one, at most the winner count", () => {
  it("requires at least one winner", () => {
    expect(checkConfirmSelection([], 3)).toEqual({ key: "validation:validation.picker.selectAtLeastOne" });
  });

  it("refuses more winners than the limit", () => {
    expect(checkConfirmSelection(["1", "2", "3", "4"], 3)).toEqual({
      key: "validation:validation.picker.winnersExceedLimit",
      params: { limit: 3 },
    });
  });

  it("accepts a selection within the limit", () => {
    expect(checkConfirmSelection(["1", "2"], 3)).toBeUndefined();
  });
});
