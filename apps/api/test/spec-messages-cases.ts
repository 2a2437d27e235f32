// The table of spec-messages.test.ts: how to reach each validation message of the airdrops and pickers through
// the API, and what it must answer. `fixture` is filled by that file's beforeAll.
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import type { LightMyRequestResponse } from "fastify";
import { appNow, context, creatorToken } from "./airdrop-api-helper.ts";

export const giveawayUrl = "https://x.com/dropfair_host/status/2002842258109890560";
const partnerUrl = "https://x.com/partner_labs/status/2004536924698050563";
const oldPostUrl = "https://x.com/dropfair_host/status/1995612116874690562";

export type Language = "en-us" | "zh-cn";
type Send = (language: Language) => Promise<LightMyRequestResponse>;

/** A request to the app: `token` as the bearer, the caller's language, a JSON body or the text of a list. */
export function ask(
  method: "GET" | "POST" | "PUT" | "PATCH",
  url: string,
  options: { token?: string; body?: unknown; text?: string } = {},
): Send {
  return (language) =>
    context.app.inject({
      method,
      url,
      headers: {
        "accept-language": language,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.text === undefined ? {} : { "content-type": "text/plain" }),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
      ...(options.text === undefined ? {} : { payload: options.text }),
    });
}

/** What the requests act on: made by spec-messages.test.ts before the table runs. */
export const fixture = {} as {
  host: string;
  alice: string;
  pickerId: number;
  airdrops: Record<"noList" | "noAmount" | "noShares" | "overflow" | "unfunded" | "funded", AirdropDetail>;
  referralToken: string;
  takenCode: string;
  tweetMission: number;
  tweeter: { walletToken: string; xToken?: string };
};

export const airdrop = (path = "") => `/api/bounty/airdrop${path}`;
export const picker = (path = "") => `/api/bounty/picker${path}`;
const times = () => {
  const start = new Date(Math.floor(appNow().getTime() / 60_000) * 60_000);
  return { startAt: start.toISOString(), endAt: new Date(start.getTime() + 3_600_000).toISOString() };
};
const pngOf = (bytes: number) =>
  `data:image/png;base64,${Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(bytes),
  ]).toString("base64")}`;

export type Case = {
  /** The catalogue key of the message. */
  key: string;
  /** What is wrong, as the table's row name. */
  input: string;
  send: Send;
  status: number;
  typeCode: number;
  en: string;
  cn: string;
};

export const airdropCases: Case[] = [
  {
    key: "validation.airdrop.titleRequired",
    input: "an empty title",
    send: (language) =>
      ask("POST", airdrop(), { token: creatorToken, body: { ...times(), title: "" } })(language),
    status: 400,
    typeCode: 400,
    en: "Please input title",
    cn: "请输入标题",
  },
  {
    key: "validation.airdrop.titleTooLong",
    input: "a title of 61 characters",
    send: (language) =>
      ask("POST", airdrop(), { token: creatorToken, body: { ...times(), title: "t".repeat(61) } })(language),
    status: 400,
    typeCode: 400,
    en: "The title can be up to 60 characters.",
    cn: "标题最多 60 个字符。",
  },
  {
    key: "validation.airdrop.timeOrder",
    input: "a start after the end",
    send: (language) => {
      const { startAt, endAt } = times();
      return ask("POST", airdrop(), {
        token: creatorToken,
        body: { title: "x", startAt: endAt, endAt: startAt },
      })(language);
    },
    status: 400,
    typeCode: 400,
    en: "The start time cannot be later than the end time",
    cn: "开始时间不能晚于结束时间",
  },
  {
    key: "validation.airdrop.tokenAddressInvalid",
    input: "a token address that is not one",
    send: (language) =>
      ask("POST", airdrop(), {
        token: creatorToken,
        body: { ...times(), title: "x", tokenAddress: "0x1234" },
      })(language),
    status: 400,
    typeCode: 400,
    en: "Token address not valid",
    cn: "代币地址无效",
  },
  {
    key: "validation.airdrop.amountRequired",
    input: "an empty token amount",
    send: (language) =>
      ask("POST", airdrop(), { token: creatorToken, body: { ...times(), title: "x", totalAmount: "" } })(
        language,
      ),
    status: 400,
    typeCode: 400,
    en: "Need input amount.",
    cn: "请输入数量。",
  },
  {
    key: "validation.airdrop.amountRequired",
    input: "preparing without a token amount",
    send: (language) =>
      ask("POST", airdrop(`/${fixture.airdrops.noAmount.id}/prepare`), { token: creatorToken })(language),
    status: 400,
    typeCode: 400,
    en: "Need input amount.",
    cn: "请输入数量。",
  },
  {
    key: "validation.airdrop.amountTooManyDecimals",
    input: "a token amount with 5 decimals",
    send: (language) =>
      ask("POST", airdrop(), {
        token: creatorToken,
        body: { ...times(), title: "x", totalAmount: "1.23456" },
      })(language),
    status: 400,
    typeCode: 400,
    en: "The amount can have up to 4 decimals.",
    cn: "数量最多保留 4 位小数。",
  },
  {
    key: "validation.airdrop.depositRequired",
    input: "releasing before the deposit",
    send: (language) =>
      ask("POST", airdrop(`/${fixture.airdrops.unfunded.id}/release`), { token: creatorToken })(language),
    status: 409,
    typeCode: 202,
    en: "Need Deposit.",
    cn: "请先充值。",
  },
  {
    key: "validation.airdrop.logoTooLarge",
    input: "a logo over 1 MB",
    send: (language) =>
      ask("PUT", airdrop(`/${fixture.airdrops.noList.id}/logo`), {
        token: creatorToken,
        body: { image: pngOf(1024 * 1024 + 1) },
      })(language),
    status: 400,
    typeCode: 400,
    en: "The logo can be at most 1M.",
    cn: "Logo 不能超过 1M。",
  },
  {
    key: "validation.airdrop.participantsRequired",
    input: "preparing without a participant list",
    send: (language) =>
      ask("POST", airdrop(`/${fixture.airdrops.noList.id}/prepare`), { token: creatorToken })(language),
    status: 400,
    typeCode: 400,
    en: "Need upload participants.",
    cn: "请上传参与者名单。",
  },
  {
    key: "validation.airdrop.shareRequired",
    input: "preparing first come, first served without shares",
    send: (language) =>
      ask("POST", airdrop(`/${fixture.airdrops.noShares.id}/prepare`), { token: creatorToken })(language),
    status: 400,
    typeCode: 400,
    en: "Need input Airdrop Share.",
    cn: "请输入空投份数。",
  },
  {
    key: "validation.airdrop.shareOverflow",
    input: "more shares than participants",
    send: (language) =>
      ask("POST", airdrop(`/${fixture.airdrops.overflow.id}/prepare`), { token: creatorToken })(language),
    status: 400,
    typeCode: 400,
    en: "Airdrop Share overflow.",
    cn: "空投份数超出参与人数。",
  },
  {
    key: "validation.airdrop.refundFirst",
    input: "changing the amount while the campaign holds the prize",
    send: (language) =>
      ask("PATCH", airdrop(`/${fixture.airdrops.funded.id}`), {
        token: creatorToken,
        body: { totalAmount: "1" },
      })(language),
    status: 409,
    typeCode: 201,
    en: "Charged prize must be refunded first.",
    cn: "请先退回已充值的奖励。",
  },
  {
    key: "validation.address.invalid",
    input: "a claim looked up for an address of 39 hex digits",
    send: (language) =>
      ask("GET", airdrop(`/${fixture.airdrops.funded.id}/claim?account=0x${"1".repeat(39)}`))(language),
    status: 400,
    typeCode: 400,
    en: "Please enter the correct address format.",
    cn: "请输入正确的地址格式。",
  },
  {
    key: "validation.address.invalid",
    input: "a claim looked up for a mixed-case address with a wrong checksum",
    send: (language) =>
      ask(
        "GET",
        airdrop(`/${fixture.airdrops.funded.id}/claim?account=0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266`),
      )(language),
    status: 400,
    typeCode: 400,
    en: "Please enter the correct address format.",
    cn: "请输入正确的地址格式。",
  },
];

export const pickerCases: Case[] = [
  {
    key: "validation.picker.postUrlRequired",
    input: "an empty post URL",
    send: (language) =>
      ask("POST", picker(), { token: fixture.host, body: { postUrl: "", winnerCount: 1 } })(language),
    status: 400,
    typeCode: 400,
    en: "Please input the post URL.",
    cn: "请输入帖子链接。",
  },
  {
    key: "validation.quickCreate.notFound",
    input: "a quick-creation input that is no picker, post or seed",
    send: (language) => ask("GET", picker("/resolve?q=not%20a%20thing"))(language),
    status: 404,
    typeCode: 189,
    en: "Cannot find a picker, tweet or seed matching this input, please re-enter.",
    cn: "找不到与输入内容匹配的抽奖、推文或种子，请重新输入。",
  },
  {
    key: "validation.picker.infoNameRequired",
    input: "custom info collection without a name",
    send: (language) =>
      ask("POST", picker(), {
        token: fixture.host,
        body: { postUrl: giveawayUrl, winnerCount: 1, infoType: "custom", infoName: " " },
      })(language),
    status: 400,
    typeCode: 400,
    en: "The info collection name cannot be empty.",
    cn: "信息收集名称不能为空。",
  },
  {
    key: "picker.replyLookupLimit",
    input: "a reply requirement for more winners than the plan allows",
    send: (language) =>
      ask("POST", picker(), {
        token: fixture.host,
        body: { postUrl: giveawayUrl, winnerCount: 11, requireReply: true },
      })(language),
    status: 400,
    typeCode: 400,
    en: "The reply requirement is available for up to 10 winners.",
    cn: "回复要求最多适用于 10 名中奖者。",
  },
  {
    key: "validation.picker.selectAtLeastOne",
    input: "confirming no winner",
    send: (language) =>
      ask("POST", picker(`/${fixture.pickerId}/confirm`), { token: fixture.host, body: { xUserIds: [] } })(
        language,
      ),
    status: 400,
    typeCode: 400,
    en: "Please select at least one winner.",
    cn: "请至少选择一位中奖者。",
  },
  {
    key: "validation.picker.winnersExceedLimit",
    input: "confirming more winners than the picker has",
    send: (language) =>
      ask("POST", picker(`/${fixture.pickerId}/confirm`), {
        token: fixture.host,
        body: { xUserIds: ["1", "2", "3"] },
      })(language),
    status: 400,
    typeCode: 400,
    en: "Winners cannot exceed 2.",
    cn: "中奖人数不能超过 2。",
  },
  {
    key: "validation.picker.redrawReasonRequired",
    input: "a redraw without a reason",
    send: (language) =>
      ask("POST", picker(`/${fixture.pickerId}/redraw`), { token: fixture.host, body: { reason: " " } })(
        language,
      ),
    status: 400,
    typeCode: 400,
    en: "Please input the reason for the redraw.",
    cn: "请输入重新抽奖的原因。",
  },
  {
    key: "validation.picker.notOwner",
    input: "another X user drawing",
    send: (language) => ask("POST", picker(`/${fixture.pickerId}/draw`), { token: fixture.alice })(language),
    status: 403,
    typeCode: 430,
    en: "You are not owner",
    cn: "您不是所有者",
  },
  {
    key: "validation.picker.notCreator",
    input: "another X user adding a helper",
    send: (language) =>
      ask("POST", picker(`/${fixture.pickerId}/admins`), {
        token: fixture.alice,
        body: { username: "sandbox_carol" },
      })(language),
    status: 403,
    typeCode: 430,
    en: "You Are Not The Creator",
    cn: "您不是创建者",
  },
  {
    key: "validation.amount.invalid",
    input: "a reward amount with 11 decimals",
    send: (language) =>
      ask("POST", picker(), {
        token: fixture.host,
        body: { postUrl: giveawayUrl, winnerCount: 1, rewardAmount: "1.12345678901" },
      })(language),
    status: 400,
    typeCode: 400,
    en: "Please enter a valid amount.",
    cn: "请输入有效的数量。",
  },
  {
    key: "validation.picker.seedNotFound",
    input: "a seed no picker has",
    send: (language) => ask("GET", picker("/seed/zzzzzzzzzz"))(language),
    status: 404,
    typeCode: 188,
    en: "Cannot find picker with this seed",
    cn: "找不到该种子对应的抽奖",
  },
  {
    key: "validation.picker.usageLimit",
    input: "creating without signing in with X (Code174)",
    send: (language) => ask("POST", picker(), { body: { postUrl: giveawayUrl, winnerCount: 1 } })(language),
    status: 401,
    typeCode: 174,
    en: "You have reached the usage limit. Log in with X for more.",
    cn: "您已达到使用上限，登录 X 可获得更多次数。",
  },
  {
    key: "validation.picker.versionClosed",
    input: "creating a Picker 1.0 (Code175)",
    send: (language) =>
      ask("POST", picker(), {
        token: fixture.host,
        body: { postUrl: giveawayUrl, winnerCount: 1, version: 1 },
      })(language),
    status: 410,
    typeCode: 175,
    en: "Service unavailable: Picker 1.0 is closing, please use Picker 2.0.",
    cn: "服务不可用：抽奖 1.0 即将关闭，请使用抽奖 2.0。",
  },
  {
    key: "validation.picker.notPostOwner",
    input: "creating for another account's post (Code177)",
    send: (language) =>
      ask("POST", picker(), { token: fixture.host, body: { postUrl: partnerUrl, winnerCount: 1 } })(language),
    status: 403,
    typeCode: 177,
    en: "You are not the owner or an admin of the post's account. Please sign in with the correct account.",
    cn: "您不是该帖子所属账号的所有者或管理员，请使用正确的账号登录。",
  },
  {
    key: "validation.picker.followTargetMissing",
    input: "a follow target X does not know (Code181)",
    send: (language) =>
      ask("POST", picker(), {
        token: fixture.host,
        body: { postUrl: giveawayUrl, winnerCount: 1, followTargets: ["no_such_user_x1"] },
      })(language),
    status: 422,
    typeCode: 181,
    en: "The account to follow was not found or is suspended.",
    cn: "要关注的账号不存在或已被封禁。",
  },
  {
    key: "validation.picker.betaWhitelist",
    input: "creating while not on the beta whitelist (Code183)",
    send: (language) =>
      ask("POST", picker(), { token: fixture.alice, body: { postUrl: giveawayUrl, winnerCount: 1 } })(
        language,
      ),
    status: 403,
    typeCode: 183,
    en: "Join our community group to request access to the Picker 2.0 beta whitelist.",
    cn: "请加入社区群组申请抽奖 2.0 内测白名单。",
  },
  {
    key: "validation.picker.replyNotFound",
    input: "a reply requirement on a post with no reply in the last 7 days",
    send: (language) =>
      ask("POST", picker(), {
        token: fixture.host,
        body: { postUrl: oldPostUrl, winnerCount: 1, requireReply: true },
      })(language),
    status: 404,
    typeCode: 185,
    en: "Reply not found. Only replies from the last 7 days can be found.",
    cn: "未找到回复，仅能查找最近 7 天内的回复。",
  },
];
