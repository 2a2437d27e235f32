import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidAmountError, TooManyFractionDigitsError } from "../src/errors.ts";
import {
  formatAmount,
  formatCompact,
  formatNumber,
  formatPercent,
  formatTokenAmount,
  parseTokenAmount,
} from "../src/format.ts";
import { messageKeys } from "../src/messages.ts";

const plainDecimal = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,40}$/), fc.stringMatching(/^\d{0,30}$/))
  .map(
    ([negative, integer, fraction]) => `${negative ? "-" : ""}${integer}${fraction ? `.${fraction}` : ""}`,
  );

describe("formatNumber", () => {
  it("shows 2 decimals with thousands separators", () => {
    expect(formatNumber("1234567.891")).toBe("1,234,567.89");
    expect(formatNumber(1234.5)).toBe("1,234.50");
    expect(formatNumber(1)).toBe("1.00");
    expect(formatNumber(999)).toBe("999.00");
    expect(formatNumber(1000)).toBe("1,000.00");
  });

  it("shows up to 6 decimals when the integer part is 0, and at least 2", () => {
    expect(formatNumber("0.123456789")).toBe("0.123456");
    expect(formatNumber("0.000001")).toBe("0.000001");
    expect(formatNumber("0.5")).toBe("0.50");
    expect(formatNumber("0.10200")).toBe("0.102");
    expect(formatNumber(0)).toBe("0.00");
  });

  it("truncates toward zero instead of rounding, so an amount never looks bigger", () => {
    expect(formatNumber("1.999")).toBe("1.99");
    expect(formatNumber("-1.999")).toBe("-1.99");
    expect(formatNumber("0.9999999")).toBe("0.999999");
    expect(formatNumber("0.0000009")).toBe("0.00");
  });

  it("never renders a negative zero", () => {
    expect(formatNumber("-0.0000001")).toBe("0.00");
    expect(formatNumber("-0")).toBe("0.00");
    expect(formatNumber(-0)).toBe("0.00");
  });

  it("keeps every digit of values beyond 2^53", () => {
    expect(formatNumber("123456789012345678901234567890.123456789")).toBe(
      "123,456,789,012,345,678,901,234,567,890.12",
    );
    expect(formatNumber(2n ** 64n)).toBe("18,446,744,073,709,551,616.00");
    expect(formatNumber(-(10n ** 21n))).toBe("-1,000,000,000,000,000,000,000.00");
  });

  it("reads exponent notation, as JavaScript prints large and small numbers", () => {
    expect(formatNumber(1e21)).toBe("1,000,000,000,000,000,000,000.00");
    expect(formatNumber(1.5e-7)).toBe("0.00");
    expect(formatNumber(1.5e-5)).toBe("0.000015");
    expect(formatNumber("2.5E3")).toBe("2,500.00");
    expect(formatNumber(".5e1")).toBe("5.00");
  });

  it("accepts signs, leading zeros, a bare point and surrounding blanks", () => {
    expect(formatNumber("+12")).toBe("12.00");
    expect(formatNumber("007.5")).toBe("7.50");
    expect(formatNumber(".25")).toBe("0.25");
    expect(formatNumber("3.")).toBe("3.00");
    expect(formatNumber(" 42 ")).toBe("42.00");
  });

  it.each(["", " ", ".", "abc", "1,000", "0x10", "1e", "--1", "1.2.3", "Infinity", "1e1001"])(
    "renders %j as empty",
    (value) => {
      expect(formatNumber(value)).toBe("");
    },
  );

  it("renders non-finite numbers as empty", () => {
    expect(formatNumber(Number.NaN)).toBe("");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("");
  });

  it("never throws, and agrees with the input's integer part for any decimal string", () => {
    fc.assert(
      fc.property(plainDecimal, (value) => {
        const formatted = formatNumber(value);
        const printedInteger = BigInt(formatted.split(".")[0]!.replaceAll(",", ""));
        expect(printedInteger).toBe(BigInt(value.split(".")[0]!));
        expect(formatted).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2,6}$/);
      }),
    );
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(typeof formatNumber(value)).toBe("string");
      }),
    );
  });

  it("matches the float result for safe numbers (truncated, not rounded)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const text = `${whole}.${String(cents).padStart(2, "0")}`;
        expect(formatNumber(text).replaceAll(",", "")).toBe(
          whole === 0 ? `0.${String(cents).padStart(2, "0")}` : text,
        );
      }),
    );
  });
});

describe("formatAmount", () => {
  it("formats numeric strings, numbers and bigints like formatNumber", () => {
    expect(formatAmount("1234.5")).toBe("1,234.50");
    expect(formatAmount(0.25)).toBe("0.25");
    expect(formatAmount(10n)).toBe("10.00");
  });

  it.each([undefined, null, "", "n/a", {}, [], ["1"], true, Number.NaN])("renders %j as empty", (value) => {
    expect(formatAmount(value)).toBe("");
  });
});

describe("formatPercent", () => {
  it("takes percent units and shows 2 truncated decimals", () => {
    expect(formatPercent(12.345)).toBe("12.34%");
    expect(formatPercent("100")).toBe("100.00%");
    expect(formatPercent(0.005)).toBe("0.00%");
    expect(formatPercent(-3.5)).toBe("-3.50%");
    expect(formatPercent(12345)).toBe("12,345.00%");
  });

  it("renders non-numeric input as empty", () => {
    expect(formatPercent("abc")).toBe("");
  });
});

describe("formatCompact", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    ["999.999", "999.99"],
    ["0.5", "0.5"],
    [1000, "1K"],
    [1500, "1.5K"],
    [1234, "1.23K"],
    [999_999, "999.99K"],
    [1_000_000, "1M"],
    [2_345_678_901, "2.34B"],
    [1e12, "1T"],
    ["1500000000000000", "1.5Qa"],
    [10n ** 18n, "1Qi"],
    [10n ** 21n, "1,000Qi"],
    [-1500, "-1.5K"],
    ["-0.001", "0"],
  ])("renders %s as %s", (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it("renders non-numeric input as empty", () => {
    expect(formatCompact("1K")).toBe("");
  });

  it("never shows a scaled part of 1000 or more below the last suffix", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), (value) => {
        const scaled = formatCompact(value).replace(/[A-Za-z]+$/, "");
        expect(Number(scaled)).toBeLessThan(1000);
      }),
    );
  });
});

describe("formatTokenAmount", () => {
  it("renders base units as a plain decimal without trailing zeros", () => {
    expect(formatTokenAmount(1_500_000_000_000_000_000n, 18)).toBe("1.5");
    expect(formatTokenAmount(1n, 18)).toBe("0.000000000000000001");
    expect(formatTokenAmount(1_000_000n, 6)).toBe("1");
    expect(formatTokenAmount(0n, 18)).toBe("0");
    expect(formatTokenAmount(123n, 0)).toBe("123");
    expect(formatTokenAmount(10n ** 30n, 6)).toBe("1000000000000000000000000");
  });

  it("truncates to maxFractionDigits", () => {
    expect(formatTokenAmount(1_999_999n, 6, 2)).toBe("1.99");
    expect(formatTokenAmount(1_000_009n, 6, 4)).toBe("1");
    expect(formatTokenAmount(999n, 6, 0)).toBe("0");
  });

  it("keeps the sign of negative amounts but never shows -0", () => {
    expect(formatTokenAmount(-1_500_000n, 6)).toBe("-1.5");
    expect(formatTokenAmount(-1n, 6, 2)).toBe("0");
  });

  it.each([
    [-1, undefined],
    [1.5, undefined],
    [256, undefined],
    [18, -1],
  ])("refuses decimals %j / maxFractionDigits %j", (decimals, maxFractionDigits) => {
    expect(() => formatTokenAmount(1n, decimals, maxFractionDigits)).toThrow(RangeError);
  });

  it("round-trips with parseTokenAmount", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        fc.integer({ min: 0, max: 36 }),
        (units, decimals) => {
          expect(parseTokenAmount(formatTokenAmount(units, decimals), decimals)).toBe(units);
        },
      ),
    );
  });
});

describe("parseTokenAmount", () => {
  it("converts a decimal string to base units", () => {
    expect(parseTokenAmount("1.5", 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseTokenAmount("0.000001", 6)).toBe(1n);
    expect(parseTokenAmount("42", 0)).toBe(42n);
    expect(parseTokenAmount(".5", 2)).toBe(50n);
    expect(parseTokenAmount("2.", 2)).toBe(200n);
    expect(parseTokenAmount(" 3 ", 1)).toBe(30n);
    expect(parseTokenAmount("123456789012345678901234567890", 18)).toBe(
      123456789012345678901234567890n * 10n ** 18n,
    );
  });

  it("accepts trailing zeros beyond the allowed decimals, since nothing is lost", () => {
    expect(parseTokenAmount("1.2300", 2)).toBe(123n);
    expect(parseTokenAmount("7.0", 0)).toBe(7n);
  });

  it("refuses more significant fraction digits than allowed instead of rounding", () => {
    expect(() => parseTokenAmount("1.23456", 4)).toThrow(TooManyFractionDigitsError);
    let error: unknown;
    try {
      parseTokenAmount("0.001", 2);
    } catch (caught) {
      error = caught;
    }
    if (error === undefined) expect.unreachable('parseTokenAmount("0.001", 2) returned instead of throwing');
    expect(error).toMatchObject({
      name: "TooManyFractionDigitsError",
      maxFractionDigits: 2,
      messageKey: messageKeys.amount.tooManyDecimals,
    });
  });

  it.each(["", " ", ".", "-1", "+1", "1e3", "1,000", "abc", "1.2.3", "0x10"])("refuses %j", (value) => {
    expect(() => parseTokenAmount(value, 18)).toThrow(InvalidAmountError);
  });

  it("refuses impossible decimals", () => {
    expect(() => parseTokenAmount("1", -1)).toThrow(RangeError);
  });
});
