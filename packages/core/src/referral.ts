// Imported by the web app's first route (the parent code of achievement links): only limits.ts at run time.
import { limits } from "./limits.ts";
import type { MessageKey } from "./messages.ts";

const userCodePattern = new RegExp(
  `^[a-z0-9_-]{${limits.referralCodeMinLength},${limits.referralCodeMaxLength}}$`,
);

/** The format of a user (referral) code: 4-16 of lowercase letters, digits, `_` and `-`. */
export function hasUserCodeFormat(code: string): boolean {
  return userCodePattern.test(code);
}

/**
 * Words a user code may not be: the names that land in the optional `{code}` segment of achievement and partner
 * routes (achievement, referral, collection), and every path segment of the web app's routes that could be a code, so a share
 * link can never be mistaken for a page. The web app's tests check this list against its route table.
 */
export const reservedUserCodes: ReadonlySet<string> = new Set([
  "achievement",
  "referral",
  "collection",
  // Route segments of the web app.
  "dropfair",
  "home",
  "auth",
  "twitter",
  "discord",
  "telegram",
  "earlybird",
  "unitag",
  "drop",
  "detail",
  "airdrop",
  "create",
  "picker",
  "picker2",
  "pickerpro",
  "banned",
  "simulator",
  "tips",
  "game",
  "drops",
  "daily",
  "chain",
  "safe",
  "checker",
  "points",
  "report",
  "feature",
  "newsletter",
  "unsubscribe",
  "feedback",
  "audit",
  "badges",
  // Partner activity slugs.
  "aurora",
  "nebula",
  "quartz",
  "lumen",
  "orbit",
  "tidal",
  "ember",
  // The server's own paths.
  "docs",
  "admin",
  "sandbox",
  "healthz",
  "readyz",
  "metrics",
]);

export type UserCodeProblem = "invalid" | "reserved";

/** Why a code cannot be a user code (format, then reserved words), or undefined when it can. */
export function userCodeProblem(code: string): UserCodeProblem | undefined {
  if (!hasUserCodeFormat(code)) return "invalid";
  if (reservedUserCodes.has(code)) return "reserved";
  return undefined;
}

/** The catalogue message for a code that cannot be a user code. */
export function userCodeMessage(problem: UserCodeProblem): MessageKey {
  return problem === "invalid" ? "validation.referral.codeInvalid" : "validation.referral.codeReserved";
}

export function isUserCode(code: string): boolean {
  return userCodeProblem(code) === undefined;
}

/**
 * A parent (referrer) code from a link or the sign-in payload counts only when it could be a user code (4-16 of
 * lowercase letters, digits, `_`, `-`, not a reserved word); anything else is ignored, never an error.
 */
export function acceptParentCode(code: string | null | undefined): string | undefined {
  const trimmed = typeof code === "string" ? code.trim() : "";
  return isUserCode(trimmed) ? trimmed : undefined;
}

const generatedCodeAlphabet = "abcdefghijkmnpqrstuvwxyz23456789";
export const generatedCodeLength = 8;

/**
 * A user code from random bytes (at least `generatedCodeLength`): letters and digits without the look-alikes
 * 0/o and 1/l. The caller supplies the randomness and retries when the code is taken or reserved.
 */
export function userCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < generatedCodeLength) throw new RangeError(`need ${generatedCodeLength} random bytes`);
  let code = "";
  for (let index = 0; index < generatedCodeLength; index += 1) {
    code += generatedCodeAlphabet[bytes[index]! % generatedCodeAlphabet.length];
  }
  return code;
}

/** One side of a referral: the wallet user and the ids of every social account seen bound to it. */
export type ReferralIdentity = {
  userId: number;
  /** Lowercase wallet address. */
  wallet: string;
  /** `provider:accountId` for every X, Discord and Telegram account seen bound to the user. */
  socialAccounts: readonly string[];
};

export type RewardRefusal =
  | "selfReferral"
  | "cycle"
  | "noMissionFinished"
  | "notEnoughSocialAccounts"
  | "monthlyCapReached";

export type RewardRules = {
  /** EP the referrer earns for one qualifying referee. */
  rewardEp: number;
  /** The most EP a referrer may earn from referrals in one calendar month (UTC). */
  monthlyCapEp: number;
  /** Missions the referee must have finished. */
  minimumMissions: number;
  /** Social accounts the referee must have bound. */
  minimumSocialAccounts: number;
};

export const referralRewardRequirements = { minimumMissions: 1, minimumSocialAccounts: 2 } as const;

/** Whether two identities share a wallet or any social account: the same person on both sides. */
export function isSelfReferral(referee: ReferralIdentity, referrer: ReferralIdentity): boolean {
  if (referee.userId === referrer.userId) return true;
  if (referee.wallet.toLowerCase() === referrer.wallet.toLowerCase()) return true;
  const refereeAccounts = new Set(referee.socialAccounts);
  return referrer.socialAccounts.some((account) => refereeAccounts.has(account));
}

/**
 * Whether rewarding `referrerId` for `refereeId` closes a cycle: the referee appears among the referrer's own
 * referrers (`referrerAncestors`, nearest first), or the referrer is the referee.
 */
export function closesCycle(
  refereeId: number,
  referrerId: number,
  referrerAncestors: readonly number[],
): boolean {
  return refereeId === referrerId || referrerAncestors.includes(refereeId);
}

/** The number of EP the referrer may be credited now, or the reason it earns nothing. */
export function referralReward(
  input: {
    referee: ReferralIdentity;
    referrer: ReferralIdentity;
    referrerAncestors: readonly number[];
    refereeMissionsFinished: number;
    refereeSocialAccountsBound: number;
    /** EP the referrer already earned from referrals this month. */
    referrerEarnedThisMonth: number;
  },
  rules: RewardRules,
): { reward: number } | { refused: RewardRefusal } {
  if (isSelfReferral(input.referee, input.referrer)) return { refused: "selfReferral" };
  if (closesCycle(input.referee.userId, input.referrer.userId, input.referrerAncestors))
    return { refused: "cycle" };
  if (input.refereeMissionsFinished < rules.minimumMissions) return { refused: "noMissionFinished" };
  if (input.refereeSocialAccountsBound < rules.minimumSocialAccounts)
    return { refused: "notEnoughSocialAccounts" };
  if (input.referrerEarnedThisMonth + rules.rewardEp > rules.monthlyCapEp)
    return { refused: "monthlyCapReached" };
  return { reward: rules.rewardEp };
}

/** The first instant of the UTC calendar month holding `now`: the monthly cap counts from there. */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
