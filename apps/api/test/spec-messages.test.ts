// T12: every user-facing validation message of the product's rules that the API says, in one table, each reached
// through the API by its bad input, in English and in Chinese (Accept-Language: en-us / zh-cn), with the exact
// text, status and typeCode. The rules the browser alone applies (wallet balance, confirmations, the CSV report,
// the safe check, the simulator) are listed apart, and the mission-check failures, which need a world of posts,
// live in their own tests: the list below makes sure each is named somewhere.
import { readFileSync } from "node:fs";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  context,
  createDraft,
  creatorToken,
  prepared,
  releasedAirdrop,
  useAirdropApi,
} from "./airdrop-api-helper.ts";
import { newWallet, signIn } from "./helper.ts";
import { createMission, player } from "./missions-helper.ts";
import { codeOf } from "./referral-helper.ts";
import {
  airdropCases,
  ask,
  type Case,
  fixture,
  giveawayUrl,
  picker,
  pickerCases,
} from "./spec-messages-cases.ts";
import { signInWithX } from "./x-helper.ts";

const admin = newWallet();
useAirdropApi({
  environment: {
    ADMIN_ADDRESSES: admin.address,
    PICKER_BETA_WHITELIST: "dropfair_host",
    MISSION_CHECK_RATE_LIMIT_PER_MINUTE: "100000",
    MISSION_CHECK_IP_RATE_LIMIT_PER_MINUTE: "100000",
    FEEDBACK_RATE_LIMIT_PER_HOUR: "100000",
  },
  // Pickers are created only to be refused later requests: nothing is collected or drawn.
  pickerJobs: { pipeline: async () => {}, draw: async () => {} },
});

const otherCases: Case[] = [
  // Referral codes
  {
    key: "validation.referral.codeInvalid",
    input: "a code of 3 characters",
    send: (language) =>
      ask("PUT", "/api/bounty/referral/me/code", { token: fixture.referralToken, body: { code: "abc" } })(
        language,
      ),
    status: 400,
    typeCode: 640,
    en: "The code must be 4-16 characters of lowercase letters, digits, _ or -.",
    cn: "邀请码须为 4-16 位小写字母、数字、下划线或连字符。",
  },
  {
    key: "validation.referral.codeReserved",
    input: "a reserved word as the code",
    send: (language) =>
      ask("PUT", "/api/bounty/referral/me/code", {
        token: fixture.referralToken,
        body: { code: "referral" },
      })(language),
    status: 400,
    typeCode: 641,
    en: "This code is reserved. Please choose another one.",
    cn: "该邀请码为保留字，请换一个。",
  },
  {
    key: "validation.referral.codeTaken",
    input: "another user's code",
    send: (language) =>
      ask("PUT", "/api/bounty/referral/me/code", {
        token: fixture.referralToken,
        body: { code: fixture.takenCode },
      })(language),
    status: 409,
    typeCode: 642,
    en: "This code is already taken.",
    cn: "该邀请码已被使用。",
  },
  // E-mail subscription
  {
    key: "validation.email.empty",
    input: "an empty e-mail address",
    send: (language) => ask("POST", "/api/bounty/feedback/subscriptions", { body: { email: "" } })(language),
    status: 400,
    typeCode: 400,
    en: "E-mail address is empty",
    cn: "邮箱地址为空",
  },
  {
    key: "validation.email.invalid",
    input: "an e-mail address without a domain",
    send: (language) =>
      ask("POST", "/api/bounty/feedback/subscriptions", { body: { email: "alice@" } })(language),
    status: 400,
    typeCode: 400,
    en: "Input is not a valid e-mail address, please re-enter.",
    cn: "邮箱地址格式不正确，请重新输入。",
  },
  // Mission checks
  {
    key: "validation.mission.tweetIdRequired",
    input: "a tweet mission checked without a tweet id",
    send: (language) =>
      context.app.inject({
        method: "POST",
        url: `/api/bounty/missions/${fixture.tweetMission}/check`,
        headers: {
          "accept-language": language,
          authorization: `Bearer ${fixture.tweeter.walletToken}`,
          "x-twitter-token": fixture.tweeter.xToken!,
        },
        payload: {},
      }),
    status: 400,
    typeCode: 612,
    en: "Please input the tweet id.",
    cn: "请输入推文 ID。",
  },
  // Sessions
  {
    key: "errors.unauthorized",
    input: "a token that is not (or no longer) a session",
    send: (language) => ask("GET", "/api/bounty/referral/me", { token: "a".repeat(64) })(language),
    status: 401,
    typeCode: 420,
    en: "Your token is expired, please re-login.",
    cn: "您的登录已过期，请重新登录。",
  },
];

const cases = [...airdropCases, ...pickerCases, ...otherCases];

/** Mission-check failures: each checked in en and cn, with its exact text, by the file named. */
const missionFailureTests: Record<string, string> = {
  "validation.mission.notFollowing": "missions-x-checks.test.ts",
  "validation.mission.notRetweeted": "missions-x-checks.test.ts",
  "validation.mission.notQuoted": "missions-x-checks.test.ts",
  "validation.mission.notLiked": "missions-x-checks.test.ts",
  "validation.mission.tweetMissing": "missions-x-checks.test.ts",
  "validation.mission.contentInvalid": "missions-x-checks.test.ts",
  "validation.mission.metricsInvalidViews": "missions-x-checks.test.ts",
  "validation.mission.metricsInvalidEngagement": "missions-x-checks.test.ts",
  "validation.mission.notFound": "missions-x-checks.test.ts",
  "validation.mission.alreadyUsed": "missions-x-checks.test.ts",
  "validation.mission.notYourTweet": "missions-x-checks.test.ts",
  "validation.mission.discordNotJoined": "missions-social-checks.test.ts",
  "validation.mission.discordWrongRole": "missions-social-checks.test.ts",
  "validation.mission.telegramNotJoined": "missions-social-checks.test.ts",
};

/**
 * Tips messages, which need a campaign on the local chain (funded, running, joined): checked in both languages by
 * the tips tests named here.
 */
const tipsMessageTests: Record<string, string> = {
  "validation.tips.reloadCooldown": "tips-api-lifecycle.test.ts",
  "validation.tips.essentialTextRequired": "tips-api-campaigns.test.ts",
};

/** Messages of the rules that only the browser applies: no API answers them. */
const browserOnly = [
  "validation.airdrop.balanceInsufficient", // the wallet's balance, read by the page before the deposit
  "validation.airdrop.idTypeChangeConfirm", // a confirmation dialog
  "validation.csv.wrongLines", // the upload's report: the API answers the line numbers
  "validation.csv.duplicateLines",
  "validation.safeCheck.addressFormat", // the safe check runs in the browser against the chain's RPC
  "validation.safeCheck.notContract",
  "validation.safeCheck.selfDestructed",
  "validation.simulator.seedRequired", // the simulator runs in the browser
  "validation.simulator.usernameRequired",
];

/** Every message the product's validation rules name, by catalogue key. */
const ruleMessages = [
  "validation.airdrop.titleRequired",
  "validation.airdrop.titleTooLong",
  "validation.airdrop.timeOrder",
  "validation.airdrop.tokenAddressInvalid",
  "validation.airdrop.amountRequired",
  "validation.airdrop.amountTooManyDecimals",
  "validation.airdrop.depositRequired",
  "validation.airdrop.logoTooLarge",
  "validation.airdrop.participantsRequired",
  "validation.airdrop.shareRequired",
  "validation.airdrop.shareOverflow",
  "validation.airdrop.balanceInsufficient",
  "validation.airdrop.refundFirst",
  "validation.airdrop.idTypeChangeConfirm",
  "validation.csv.wrongLines",
  "validation.csv.duplicateLines",
  "validation.quickCreate.notFound",
  "validation.picker.postUrlRequired",
  "picker.replyLookupLimit",
  "validation.picker.infoNameRequired",
  "validation.picker.selectAtLeastOne",
  "validation.picker.winnersExceedLimit",
  "validation.picker.notOwner",
  "validation.picker.notCreator",
  "validation.address.invalid",
  "validation.amount.invalid",
  "validation.referral.codeInvalid",
  "validation.referral.codeTaken",
  "validation.email.empty",
  "validation.email.invalid",
  "validation.safeCheck.addressFormat",
  "validation.safeCheck.notContract",
  "validation.safeCheck.selfDestructed",
  "validation.simulator.seedRequired",
  "validation.simulator.usernameRequired",
  "validation.mission.tweetIdRequired",
  ...Object.keys(missionFailureTests),
  ...Object.keys(tipsMessageTests),
  "errors.unauthorized",
];

beforeAll(async () => {
  fixture.host = await signInWithX(context, "dropfair_host");
  fixture.alice = await signInWithX(context, "sandbox_alice");
  const created = await context.app.inject({
    method: "POST",
    url: picker(),
    headers: { authorization: `Bearer ${fixture.host}` },
    payload: { postUrl: giveawayUrl, winnerCount: 2 },
  });
  expect(created.statusCode, created.body).toBe(200);
  fixture.pickerId = created.json().content.id;

  const list = async (detail: AirdropDetail, lines = 2) => {
    const text = Array.from({ length: lines }, () => newWallet().address).join("\n");
    expect((await call("PUT", `/${detail.id}/participants`, { token: creatorToken, text })).status).toBe(200);
    return detail;
  };
  fixture.airdrops = {
    noList: await createDraft(),
    noAmount: await list(await createDraft({ totalAmount: null })),
    noShares: await list(await createDraft({ mode: "fcfs", shares: null })),
    overflow: await list(await createDraft({ mode: "fcfs", shares: 5 })),
    unfunded: await prepared((await list(await createDraft())).id),
    funded: await releasedAirdrop(),
  };

  fixture.referralToken = (await signIn(context.app)).token;
  fixture.takenCode = await codeOf(context.app, (await signIn(context.app)).token);

  const missions = { ...context, adminToken: (await signIn(context.app, admin)).token };
  fixture.tweetMission = (
    await createMission(missions, { kind: "x_tweet", parameters: { hashtag: "Dropfair" }, rewardEp: 5 })
  ).id;
  fixture.tweeter = await player(missions, { x: true });
}, 120_000);

describe("every validation message through the API, in English and Chinese (T12)", () => {
  it.each(cases.map((entry) => [`${entry.key}: ${entry.input}`, entry] as const))("%s", async (_, entry) => {
    for (const [language, message] of [
      ["en-us", entry.en],
      ["zh-cn", entry.cn],
    ] as const) {
      const answer = await entry.send(language);
      expect({ status: answer.statusCode, body: answer.json() }, language).toEqual({
        status: entry.status,
        body: { content: null, typeCode: entry.typeCode, message },
      });
    }
  });

  it("leaves no rule's message out: each is in the table, in its own test, or the browser's alone", () => {
    const covered = new Set([
      ...cases.map((entry) => entry.key),
      ...Object.keys(missionFailureTests),
      ...Object.keys(tipsMessageTests),
      ...browserOnly,
    ]);
    expect(ruleMessages.filter((key) => !covered.has(key))).toEqual([]);
  });

  it("names mission-check tests that check both texts of their message", () => {
    const catalogue = (language: string) =>
      JSON.parse(
        readFileSync(
          new URL(`../../../packages/core/locales/${language}/validation.json`, import.meta.url),
          "utf8",
        ),
      ) as { validation: { mission: Record<string, string> } };
    const [en, cn] = [catalogue("en"), catalogue("cn")];
    for (const [key, file] of Object.entries(missionFailureTests)) {
      const name = key.split(".").at(-1)!;
      const source = readFileSync(new URL(file, import.meta.url), "utf8");
      expect(source.includes(`"${en.validation.mission[name]}"`), `${key} in English in ${file}`).toBe(true);
      expect(source.includes(`"${cn.validation.mission[name]}"`), `${key} in Chinese in ${file}`).toBe(true);
    }
  });

  it("names tips tests that check both texts of their message (placeholders filled in)", () => {
    const catalogue = (language: string) =>
      JSON.parse(
        readFileSync(
          new URL(`../../../packages/core/locales/${language}/validation.json`, import.meta.url),
          "utf8",
        ),
      ) as { validation: { tips: Record<string, string> } };
    const pattern = (text: string) =>
      new RegExp(`"${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\{\w+\}\}/g, "\\d+")}"`);
    for (const [key, file] of Object.entries(tipsMessageTests)) {
      const name = key.split(".").at(-1)!;
      const source = readFileSync(new URL(file, import.meta.url), "utf8");
      for (const language of ["en", "cn"]) {
        const text = catalogue(language).validation.tips[name]!;
        expect(pattern(text).test(source), `${key} in ${language} in ${file}`).toBe(true);
      }
    }
  });
});
