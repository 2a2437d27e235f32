import { describe, expect, it } from "vitest";
import { saveCreateDraft, takeCreateDraft } from "./create-draft";
import { initialCreateValues } from "./create-form";

describe("the create draft across the X sign-in", () => {
  it("restores the saved form once", () => {
    const values = { ...initialCreateValues("https://x.com/a/status/123456789012345678"), winnerCount: "4" };
    saveCreateDraft(values);
    expect(takeCreateDraft()).toEqual(values);
    expect(takeCreateDraft()).toBeUndefined();
  });

  it("ignores foreign values and keeps the defaults for them", () => {
    sessionStorage.setItem(
      "dropfair.picker.create-draft",
      JSON.stringify({ postUrl: 5, infoType: "bitcoin", followTargets: ["a", 1], minAccountAgeDays: "30" }),
    );
    expect(takeCreateDraft()).toEqual({ ...initialCreateValues(), minAccountAgeDays: "30" });
  });
});
