import { createPickerBodySchema } from "@dropfair/schemas/picker";
import { describe, expect, it } from "vitest";
import {
  acceptInteger,
  acceptRewardAmount,
  initialCreateValues,
  normalizeDecimal,
  normalizeFollowTargets,
  schemaErrors,
  toCreatePickerBody,
  toFormErrors,
  validateCreateForm,
} from "./create-form";

const giveaway = "https://x.com/dropfair_host/status/2002842258109890560";

describe("the create form → request body", () => {
  it("maps the defaults to a minimal valid body", () => {
    const body = toCreatePickerBody(initialCreateValues(giveaway));
    expect(body).toEqual({
      postUrl: giveaway,
      winnerCount: 1,
      rewardText: "",
      followTargets: [],
      requireRetweet: true,
      requireReply: false,
      infoType: "evm",
      infoName: "",
      filters: {},
      version: 2,
    });
    expect(createPickerBodySchema.safeParse(body).success).toBe(true);
  });

  it("maps every option and filter, trimming and normalising what was typed", () => {
    const body = toCreatePickerBody({
      ...initialCreateValues(` ${giveaway} `),
      winnerCount: "3",
      rewardAmount: "12.",
      rewardText: "  50 USDT ",
      followTargets: ["@dropfair_host", "partner_labs", "@DROPFAIR_HOST"],
      requireReply: true,
      infoType: "custom",
      infoName: " E-mail ",
      profilePicture: true,
      banner: true,
      description: true,
      location: true,
      verified: true,
      minTweetCount: "20",
      minAccountAgeDays: "30",
      lastPostWithinDays: "7",
    });
    expect(body).toEqual({
      postUrl: giveaway,
      winnerCount: 3,
      rewardAmount: "12",
      rewardText: "50 USDT",
      followTargets: ["dropfair_host", "partner_labs"],
      requireRetweet: true,
      requireReply: true,
      infoType: "custom",
      infoName: "E-mail",
      filters: {
        profilePicture: true,
        banner: true,
        description: true,
        location: true,
        verified: true,
        minTweetCount: 20,
        minAccountAgeDays: 30,
        lastPostWithinDays: 7,
      },
      version: 2,
    });
    expect(createPickerBodySchema.safeParse(body).success).toBe(true);
  });

  it("drops the info name unless the info type is custom, and a zero tweet count", () => {
    const body = toCreatePickerBody({
      ...initialCreateValues(giveaway),
      infoType: "solana",
      infoName: "left over",
      minTweetCount: "0",
    });
    expect(body.infoName).toBe("");
    expect(body.filters).toEqual({});
  });
});

describe("typed inputs: a keystroke that breaks the pattern is refused", () => {
  it("rejects keystrokes that break the decimal pattern and keeps the previous value", () => {
    expect(acceptRewardAmount("1.5", "1.")).toBe("1.5");
    expect(acceptRewardAmount("1.5a", "1.5")).toBe("1.5");
    expect(acceptRewardAmount("1.2.3", "1.2")).toBe("1.2");
    expect(acceptRewardAmount("-1", "")).toBe("");
    expect(acceptRewardAmount("0.12345678901", "0.1234567890")).toBe("0.1234567890");
    expect(acceptRewardAmount("", "12")).toBe("");
  });

  it("accepts only digits in integer inputs", () => {
    expect(acceptInteger("12", "1")).toBe("12");
    expect(acceptInteger("1e3", "1")).toBe("1");
    expect(acceptInteger("12345", "1234", 4)).toBe("1234");
  });

  it("normalises accepted partial decimals to the wire shape", () => {
    expect(normalizeDecimal("12.")).toBe("12");
    expect(normalizeDecimal(".5")).toBe("0.5");
    expect(normalizeDecimal("007.50")).toBe("7.50");
    expect(normalizeDecimal("0")).toBe("0");
    expect(normalizeDecimal(".")).toBeUndefined();
    expect(normalizeDecimal("")).toBeUndefined();
  });

  it("keeps at most five valid, distinct follow handles", () => {
    expect(normalizeFollowTargets(["@a", "b", "not valid!", "A", "c", "d", "e", "f"])).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
    ]);
  });
});

describe("validateCreateForm", () => {
  const context = { replyWinnerLimit: 10 };

  it("requires the post URL with the validation catalogue's message", () => {
    expect(validateCreateForm(initialCreateValues(""), context).postUrl).toBe(
      "validation:validation.picker.postUrlRequired",
    );
  });

  it("rejects a URL that is not a post", () => {
    expect(validateCreateForm(initialCreateValues("https://example.com"), context).postUrl).toBe(
      "picker:create.errors.postUrlInvalid",
    );
    expect(validateCreateForm(initialCreateValues("2002842258109890560"), context).postUrl).toBeUndefined();
  });

  it("requires a name for custom info", () => {
    const errors = validateCreateForm({ ...initialCreateValues(giveaway), infoType: "custom" }, context);
    expect(errors.infoName).toBe("validation:validation.picker.infoNameRequired");
  });

  it("allows the reply requirement only up to the reply winner limit", () => {
    const values = { ...initialCreateValues(giveaway), requireReply: true };
    expect(validateCreateForm({ ...values, winnerCount: "10" }, context)).toEqual({});
    expect(validateCreateForm({ ...values, winnerCount: "11" }, context).requireReply).toBe(
      "picker:create.errors.replyLimit",
    );
    expect(validateCreateForm({ ...values, winnerCount: "11" }, { replyWinnerLimit: 100 })).toEqual({});
  });

  it("checks the winner count range", () => {
    for (const winnerCount of ["", "0", "1001"]) {
      expect(validateCreateForm({ ...initialCreateValues(giveaway), winnerCount }, context).winnerCount).toBe(
        "picker:create.errors.winnerCount",
      );
    }
  });
});

describe("the create form in react-hook-form", () => {
  it("turns the checks' catalogue keys into field errors, leaving out fields without one", () => {
    const found = validateCreateForm(
      { ...initialCreateValues(""), infoType: "custom" },
      { replyWinnerLimit: 10 },
    );
    expect(toFormErrors({ ...found, rewardAmount: undefined })).toEqual({
      postUrl: { type: "validate", message: "validation:validation.picker.postUrlRequired" },
      infoName: { type: "validate", message: "validation:validation.picker.infoNameRequired" },
    });
  });

  it("names a schema issue's field with its validation key, or the generic field message", () => {
    expect(
      schemaErrors([
        { path: ["rewardText"], message: "too long" },
        { path: ["postUrl"], message: "validation.picker.postUrlRequired" },
        { path: ["postUrl"], message: "validation.amount.invalid" },
      ]),
    ).toEqual({
      rewardText: "picker:create.errors.field",
      postUrl: "validation:validation.picker.postUrlRequired",
    });
  });
});
