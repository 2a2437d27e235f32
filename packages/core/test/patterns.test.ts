import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messageKeys } from "../src/messages.ts";
import {
  acceptInput,
  type InputType,
  inputPatterns,
  isValidEmail,
  isValidReferralCode,
  validateEmail,
} from "../src/patterns.ts";

describe("inputPatterns", () => {
  it.each(["", "0", "12", "12.", ".", ".5", "1.0123456789", "007"])("decimal accepts %j", (value) => {
    expect(inputPatterns.decimal.test(value)).toBe(true);
  });

  it.each(["1.01234567891", "-1", "1e5", "1,000", "1.2.3", " 1", "１"])("decimal rejects %j", (value) => {
    expect(inputPatterns.decimal.test(value)).toBe(false);
  });

  it.each(["", "0", "123456789012345678901234567890"])("integer accepts %j", (value) => {
    expect(inputPatterns.integer.test(value)).toBe(true);
  });

  it.each(["1.", "1.5", "-1", "+1", "a"])("integer rejects %j", (value) => {
    expect(inputPatterns.integer.test(value)).toBe(false);
  });

  it.each(["", "a", "abc_def-123", "a".repeat(16)])("code accepts %j", (value) => {
    expect(inputPatterns.code.test(value)).toBe(true);
  });

  it.each(["a".repeat(17), "ABC", "a b", "a.b", "ä"])("code rejects %j", (value) => {
    expect(inputPatterns.code.test(value)).toBe(false);
  });
});

describe("acceptInput", () => {
  it("keeps a value that matches the type", () => {
    expect(acceptInput("decimal", "1.5", "1.")).toBe("1.5");
    expect(acceptInput("integer", "42", "4")).toBe("42");
    expect(acceptInput("code", "my-code", "my-cod")).toBe("my-code");
  });

  it("restores the previous value when the new one does not match", () => {
    expect(acceptInput("decimal", "1.5a", "1.5")).toBe("1.5");
    expect(acceptInput("decimal", "1.01234567891", "1.0123456789")).toBe("1.0123456789");
    expect(acceptInput("integer", "4.", "4")).toBe("4");
    expect(acceptInput("code", "Code", "")).toBe("");
  });

  it("always allows clearing the field", () => {
    expect(acceptInput("integer", "", "42")).toBe("");
  });

  it("accepts anything without a type", () => {
    expect(acceptInput(undefined, "anything at all", "")).toBe("anything at all");
  });

  it("rejects a change that grows past maxLength", () => {
    expect(acceptInput(undefined, "abcd", "abc", { maxLength: 3 })).toBe("abc");
    expect(acceptInput(undefined, "abc", "ab", { maxLength: 3 })).toBe("abc");
  });

  it("counts characters, not UTF-16 units, for maxLength", () => {
    expect(acceptInput(undefined, "空投🎁", "空投", { maxLength: 3 })).toBe("空投🎁");
    expect(acceptInput(undefined, "空投🎁!", "空投🎁", { maxLength: 3 })).toBe("空投🎁");
  });

  it("lets an already over-long value shrink", () => {
    expect(acceptInput(undefined, "abcd", "abcde", { maxLength: 3 })).toBe("abcd");
  });

  it("rejects a change that adds rows past maxRows, whatever the line ending", () => {
    expect(acceptInput(undefined, "a\nb", "a", { maxRows: 2 })).toBe("a\nb");
    expect(acceptInput(undefined, "a\nb\n", "a\nb", { maxRows: 2 })).toBe("a\nb");
    expect(acceptInput(undefined, "a\r\nb\rc", "a\r\nb", { maxRows: 2 })).toBe("a\r\nb");
    expect(acceptInput(undefined, "a\nb", "a\nb\nc", { maxRows: 2 })).toBe("a\nb");
  });

  it("applies the pattern and the limits together", () => {
    expect(acceptInput("integer", "1234", "123", { maxLength: 3 })).toBe("123");
    expect(acceptInput("integer", "12a", "12", { maxLength: 3 })).toBe("12");
  });

  it("always returns either next or previous, and next only when it is allowed", () => {
    const types = fc.constantFrom<InputType | undefined>("decimal", "integer", "code", undefined);
    fc.assert(
      fc.property(types, fc.string(), fc.string(), fc.nat(20), (type, next, previous, maxLength) => {
        const result = acceptInput(type, next, previous, { maxLength });
        expect([next, previous]).toContain(result);
        if (result === next && next !== previous && type !== undefined && next !== "") {
          expect(inputPatterns[type].test(next)).toBe(true);
        }
      }),
    );
  });
});

describe("isValidReferralCode", () => {
  it.each(["abcd", "a".repeat(16), "my_code-01"])("accepts %j", (code) => {
    expect(isValidReferralCode(code)).toBe(true);
  });

  it.each(["abc", "a".repeat(17), "", "ABCD", "ab cd", "abcd!"])("rejects %j", (code) => {
    expect(isValidReferralCode(code)).toBe(false);
  });
});

describe("isValidEmail", () => {
  it.each(["user@example.com", "first.last+tag@mail.example.co.uk", "a_b-c@sub-domain.io", "X@Y.ZZ"])(
    "accepts %j",
    (value) => {
      expect(isValidEmail(value)).toBe(true);
    },
  );

  it.each([
    "",
    "plain",
    "user@",
    "@example.com",
    "user@localhost",
    "user@@example.com",
    "user name@example.com",
    "user@example..com",
    "user@-example.com",
    "user@example.com ",
    `${"a".repeat(250)}@b.co`,
  ])("rejects %j", (value) => {
    expect(isValidEmail(value)).toBe(false);
  });
});

describe("validateEmail", () => {
  it("names the e-mail message for an empty and a malformed address", () => {
    expect(validateEmail("")).toBe(messageKeys.email.empty);
    expect(validateEmail("   ")).toBe(messageKeys.email.empty);
    expect(validateEmail("user@")).toBe(messageKeys.email.invalid);
  });

  it("accepts a good address with surrounding blanks", () => {
    expect(validateEmail(" user@example.com ")).toBeUndefined();
  });
});
