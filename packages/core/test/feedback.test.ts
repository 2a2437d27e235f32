import fc from "fast-check";
import { describe, expect, it } from "vitest";
import cnValidation from "../locales/cn/validation.json" with { type: "json" };
import enValidation from "../locales/en/validation.json" with { type: "json" };
import { csvCell, csvRow } from "../src/csv.ts";
import { emailMessage, emailProblem, isHoneypotTripped, maskEmail, normalizeEmail } from "../src/feedback.ts";

describe("emailProblem", () => {
  it("calls a blank address empty", () => {
    expect(emailProblem("")).toBe("empty");
    expect(emailProblem("   \t")).toBe("empty");
  });

  it.each([
    "alice@example.com",
    "  Alice.Smith+news@Mail.Example.co.uk ",
    "a_b-c@sub-domain.example.io",
    "x@xn--fiqs8s.cn",
  ])("accepts %s", (email) => {
    expect(emailProblem(email)).toBeUndefined();
  });

  it.each([
    "alice",
    "alice@",
    "@example.com",
    "alice@example",
    "alice@@example.com",
    "alice@example..com",
    "al ice@example.com",
    ".alice@example.com",
    "alice.@example.com",
    "al..ice@example.com",
    "alice@-example.com",
    "alice@example.c",
    '"alice"@example.com',
    "alice@[127.0.0.1]",
    `${"a".repeat(65)}@example.com`,
    `a@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(63)}.com`,
  ])("refuses %s", (email) => {
    expect(emailProblem(email)).toBe("invalid");
  });

  it("never throws, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (input) => {
        expect([undefined, "empty", "invalid"]).toContain(emailProblem(input));
      }),
    );
  });

  it("maps each problem to its message, in en and cn", () => {
    expect(emailMessage("empty")).toBe("validation.email.empty");
    expect(emailMessage("invalid")).toBe("validation.email.invalid");
    expect(enValidation.validation.email).toEqual({
      empty: "E-mail address is empty",
      invalid: "Input is not a valid e-mail address, please re-enter.",
    });
    expect(cnValidation.validation.email.empty).not.toBe("");
    expect(cnValidation.validation.email.invalid).not.toBe(enValidation.validation.email.invalid);
  });
});

describe("normalizeEmail and maskEmail", () => {
  it("stores one form per mailbox", () => {
    expect(normalizeEmail("  Alice@Example.COM ")).toBe("alice@example.com");
  });

  it("masks all but the start of the local part", () => {
    expect(maskEmail("alice@example.com")).toBe("al***@example.com");
    expect(maskEmail("a@example.com")).toBe("***@example.com");
    expect(maskEmail("ab@example.com")).toBe("a***@example.com");
    expect(maskEmail("nope")).toBe("***");
  });
});

describe("isHoneypotTripped", () => {
  it("is tripped by any visible value only", () => {
    expect(isHoneypotTripped(undefined)).toBe(false);
    expect(isHoneypotTripped(null)).toBe(false);
    expect(isHoneypotTripped("")).toBe(false);
    expect(isHoneypotTripped("  ")).toBe(false);
    expect(isHoneypotTripped("https://spam.example")).toBe(true);
  });
});

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", `"'\r=1"`],
  ])("neutralises the formula %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("quotes commas, quotes and line breaks, and leaves plain text alone", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("alice@example.com")).toBe("alice@example.com");
    expect(csvCell(null)).toBe("");
    expect(csvCell(-3)).toBe("-3");
  });

  it("never lets a text cell start with a formula character", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const cell = csvCell(input).replace(/^"/, "");
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it("ends each row with CRLF", () => {
    expect(csvRow(["a", 1, null, "=x"])).toBe("a,1,,'=x\r\n");
  });
});
