import { describe, expect, it } from "vitest";
import { acceptParentCode } from "../src/referral.ts";

describe("acceptParentCode", () => {
  it("accepts a non-empty code, trimmed", () => {
    expect(acceptParentCode("abcd")).toBe("abcd");
    expect(acceptParentCode("  TMRZYR ")).toBe("TMRZYR");
  });

  it.each(["achievement", "referral", "collection", "Achievement", " REFERRAL "])(
    "ignores the reserved route name %j",
    (code) => {
      expect(acceptParentCode(code)).toBeUndefined();
    },
  );

  it.each([undefined, null, "", "   "])("ignores the missing code %j", (code) => {
    expect(acceptParentCode(code)).toBeUndefined();
  });

  it("accepts codes that merely contain a reserved word", () => {
    expect(acceptParentCode("referral2")).toBe("referral2");
  });
});
