import { describe, expect, it } from "vitest";
import { formatBaseUnits, multiplyDecimal, parseAmountInput } from "./amount";

describe("parseAmountInput", () => {
  it("converts to base units with parseUnits, exactly", () => {
    expect(parseAmountInput("10", 6)).toEqual({ ok: true, value: 10_000_000n });
    expect(parseAmountInput("0.1", 18)).toEqual({ ok: true, value: 100_000_000_000_000_000n });
    expect(parseAmountInput(".5", 6)).toEqual({ ok: true, value: 500_000n });
    expect(parseAmountInput("3.", 2)).toEqual({ ok: true, value: 300n });
    // Far beyond 2^53 and with 18 decimals: a float would lose digits here.
    expect(parseAmountInput("123456789012345678.123456789012345678", 18)).toEqual({
      ok: true,
      value: 123456789012345678123456789012345678n,
    });
  });

  it("refuses instead of rounding digits the token cannot hold", () => {
    expect(parseAmountInput("1.0000001", 6)).toEqual({ ok: false, problem: "tooManyDecimals" });
    expect(parseAmountInput("1.500000000", 6)).toEqual({ ok: true, value: 1_500_000n });
    expect(parseAmountInput("1.5", 0)).toEqual({ ok: false, problem: "tooManyDecimals" });
  });

  it("names what is wrong", () => {
    expect(parseAmountInput(" ", 6)).toEqual({ ok: false, problem: "required" });
    expect(parseAmountInput("1e3", 6)).toEqual({ ok: false, problem: "invalid" });
    expect(parseAmountInput("-1", 6)).toEqual({ ok: false, problem: "invalid" });
    expect(parseAmountInput("1,5", 6)).toEqual({ ok: false, problem: "invalid" });
    expect(parseAmountInput("0.000", 6)).toEqual({ ok: false, problem: "zero" });
  });
});

describe("amount display", () => {
  it("formats base units and multiplies decimals exactly", () => {
    expect(formatBaseUnits(120_000_000n, 6)).toBe("120");
    expect(formatBaseUnits(1n, 18)).toBe("0.000000000000000001");
    expect(multiplyDecimal("0.1", 3)).toBe("0.3");
    expect(multiplyDecimal("2.5", 7)).toBe("17.5");
    expect(multiplyDecimal("0", 7)).toBeUndefined();
    expect(multiplyDecimal("abc", 7)).toBeUndefined();
  });
});
