import { describe, expect, it } from "vitest";
import {
  acceptParentCode,
  closesCycle,
  generatedCodeLength,
  isSelfReferral,
  isUserCode,
  monthStartUtc,
  type ReferralIdentity,
  referralReward,
  referralRewardRequirements,
  reservedUserCodes,
  userCodeFromBytes,
  userCodeMessage,
  userCodeProblem,
} from "../src/referral.ts";

describe("user codes", () => {
  it.each(["abcd", "a_b-c", "user2024", "0123456789abcdef"])("accepts %j", (code) => {
    expect(userCodeProblem(code)).toBeUndefined();
    expect(isUserCode(code)).toBe(true);
  });

  it.each([
    "abc",
    "0123456789abcdefg",
    "ABCD",
    "Abcd",
    "ab cd",
    "ab.cd",
    "<b>x</b>",
    "ab\u0000cd",
    "",
    "ab\ncd",
    "äbcd",
  ])("refuses the badly formed %j", (code) => {
    expect(userCodeProblem(code)).toBe("invalid");
    expect(userCodeMessage("invalid")).toBe("validation.referral.codeInvalid");
  });

  it.each(["achievement", "referral", "collection", "picker2", "airdrop", "simulator", "aurora", "admin"])(
    "refuses the reserved word %j",
    (code) => {
      expect(userCodeProblem(code)).toBe("reserved");
      expect(userCodeMessage("reserved")).toBe("validation.referral.codeReserved");
    },
  );

  it("reserves only words that are valid codes otherwise (so each one is a real refusal)", () => {
    for (const word of reservedUserCodes) {
      expect(/^[a-z0-9_-]{4,16}$/.test(word)).toBe(true);
    }
  });

  it("makes codes of the code alphabet from random bytes, without look-alike characters", () => {
    const code = userCodeFromBytes(new Uint8Array([0, 1, 2, 3, 31, 32, 255, 100]));
    expect(code).toHaveLength(generatedCodeLength);
    expect(isUserCode(code)).toBe(true);
    expect(code).not.toMatch(/[01lo]/);
    expect(() => userCodeFromBytes(new Uint8Array(3))).toThrow(RangeError);
  });
});

describe("acceptParentCode", () => {
  it("accepts a user code, trimmed", () => {
    expect(acceptParentCode("abcd")).toBe("abcd");
    expect(acceptParentCode("  alice-01 ")).toBe("alice-01");
  });

  it.each(["achievement", "referral", "collection", "Achievement", " REFERRAL ", "picker2"])(
    "ignores the reserved route name %j",
    (code) => {
      expect(acceptParentCode(code)).toBeUndefined();
    },
  );

  it.each([
    undefined,
    null,
    "",
    "   ",
    "<b>x</b>",
    "ab\u0000cd",
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "a".repeat(65),
    "TMRZYR",
    "abc",
  ])("ignores what cannot be a user code: %j", (code) => {
    expect(acceptParentCode(code)).toBeUndefined();
  });

  it("accepts codes that merely contain a reserved word", () => {
    expect(acceptParentCode("referral2")).toBe("referral2");
  });
});

const rules = { rewardEp: 50, monthlyCapEp: 1000, ...referralRewardRequirements };

function identity(
  userId: number,
  socialAccounts: string[] = [],
  wallet = `0x${String(userId).padStart(40, "0")}`,
) {
  return { userId, wallet, socialAccounts } satisfies ReferralIdentity;
}

const eligible = {
  referee: identity(2, ["discord:20", "telegram:21"]),
  referrer: identity(1, ["discord:10"]),
  referrerAncestors: [],
  refereeMissionsFinished: 1,
  refereeSocialAccountsBound: 2,
  referrerEarnedThisMonth: 0,
};

describe("referralReward", () => {
  it("pays the configured EP when the referee finished a mission and bound two accounts", () => {
    expect(referralReward(eligible, rules)).toEqual({ reward: 50 });
  });

  it("pays nothing before the referee finished a mission or bound two accounts", () => {
    expect(referralReward({ ...eligible, refereeMissionsFinished: 0 }, rules)).toEqual({
      refused: "noMissionFinished",
    });
    expect(referralReward({ ...eligible, refereeSocialAccountsBound: 1 }, rules)).toEqual({
      refused: "notEnoughSocialAccounts",
    });
  });

  it.each([
    ["the same user", { referee: identity(1), referrer: eligible.referrer }],
    [
      "the same wallet, in another case",
      { referee: identity(2, [], `0x${"AB".repeat(20)}`), referrer: identity(1, [], `0x${"ab".repeat(20)}`) },
    ],
    ["the same X account", { referee: identity(2, ["x:7", "discord:20"]), referrer: identity(1, ["x:7"]) }],
    ["the same Discord account", { referee: identity(2, ["discord:10"]), referrer: eligible.referrer }],
    [
      "the same Telegram account",
      { referee: identity(2, ["telegram:5"]), referrer: identity(1, ["telegram:5"]) },
    ],
  ])("refuses a self-referral: %s", (_, sides) => {
    expect(referralReward({ ...eligible, ...sides }, rules)).toEqual({ refused: "selfReferral" });
    expect(isSelfReferral(sides.referee, sides.referrer)).toBe(true);
  });

  it("does not mistake equal account ids of different providers for the same account", () => {
    expect(isSelfReferral(identity(2, ["discord:5"]), identity(1, ["telegram:5"]))).toBe(false);
  });

  it("refuses a cycle: the referee is among the referrer's own referrers", () => {
    expect(closesCycle(2, 1, [3, 2])).toBe(true);
    expect(closesCycle(2, 1, [3, 4])).toBe(false);
    expect(referralReward({ ...eligible, referrerAncestors: [2] }, rules)).toEqual({ refused: "cycle" });
  });

  it("keeps a referrer at the monthly cap: a reward that would pass it is refused", () => {
    expect(referralReward({ ...eligible, referrerEarnedThisMonth: 950 }, rules)).toEqual({ reward: 50 });
    expect(referralReward({ ...eligible, referrerEarnedThisMonth: 960 }, rules)).toEqual({
      refused: "monthlyCapReached",
    });
  });

  it("counts the month in UTC", () => {
    expect(monthStartUtc(new Date("2026-03-31T23:59:59.999Z")).toISOString()).toBe(
      "2026-03-01T00:00:00.000Z",
    );
    expect(monthStartUtc(new Date("2026-04-01T00:00:00.000Z")).toISOString()).toBe(
      "2026-04-01T00:00:00.000Z",
    );
  });
});
