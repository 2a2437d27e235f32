// The tips (social-mining) campaigns' wire contract: campaigns, joining, the leaderboard and its formula, the
// reload, bans and abuse reports, funding and payouts. The snapshot file itself is `@dropfair/core/tips`'s.

import { hasVisibleCharacter, stripBidiControls } from "@dropfair/core/text";
import { defaultDailyTweets, defaultTipsWeights, defaultTweetCap, tipsLimits } from "@dropfair/core/tips";
import { z } from "zod";
import { addressSchema } from "./address.ts";
import {
  tipsBanReasonMaxLength,
  tipsClaimStates,
  tipsDescriptionMaxLength,
  tipsListFilters,
  tipsSortColumns,
  tipsTitleMaxLength,
} from "./codes.ts";
import { distributorClaimVoucherSchema } from "./distributor.ts";

export {
  type TipsClaimState,
  type TipsListFilter,
  type TipsSortColumn,
  type TipsStatus,
  tipsBanReasonMaxLength,
  tipsClaimDays,
  tipsClaimStates,
  tipsListFilters,
  tipsReloadIntervalSeconds,
  tipsSortColumns,
  tipsStatuses,
  tipsTitleMaxLength,
} from "./codes.ts";

const readableText = z.string().transform(stripBidiControls);
const fieldInvalid = { message: "validation.request.fieldInvalid" };
const idParam = z.coerce
  .number(fieldInvalid)
  .int(fieldInvalid)
  .min(1, fieldInvalid)
  .max(Number.MAX_SAFE_INTEGER);
const xUserId = z.string().regex(/^[0-9]{1,20}$/, fieldInvalid);
const txHash = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, fieldInvalid)
  .transform((value) => value.toLowerCase() as `0x${string}`);
/** A positive whole number of at most 78 digits (a uint256), as a decimal string. */
const uintText = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,77}$/, { message: "validation.amount.invalid" });

export const tipsCampaignParamsSchema = z.object({ id: idParam }).strict();
export const tipsParticipantParamsSchema = z.object({ id: idParam, xUserId }).strict();
export const tipsMissionParamsSchema = z.object({ id: idParam, missionId: idParam }).strict();
export const tipsClaimParamsSchema = z.object({ id: idParam, claimId: idParam }).strict();
export const tipsHelperParamsSchema = z.object({ id: idParam, address: addressSchema }).strict();

/** Start and end are kept to the minute: seconds and milliseconds are dropped. */
const minuteTime = z.iso.datetime({ offset: true, ...fieldInvalid }).transform((value) => {
  const date = new Date(value);
  date.setUTCSeconds(0, 0);
  return date.toISOString();
});

const title = readableText.pipe(
  z
    .string()
    .trim()
    .min(1, { message: "validation.airdrop.titleRequired" })
    .refine(hasVisibleCharacter, { message: "validation.airdrop.titleRequired" })
    .max(tipsTitleMaxLength, { message: "validation.airdrop.titleTooLong" }),
);

/** The prize in token units as people write them: up to 4 decimals, more than zero. */
const totalPrize = z
  .string()
  .trim()
  .min(1, { message: "validation.airdrop.amountRequired" })
  .regex(/^\d+(\.\d+)?$/, { message: "validation.amount.invalid" })
  .regex(/^\d+(\.\d{1,4})?$/, { message: "validation.airdrop.amountTooManyDecimals" })
  .regex(/^(0|[1-9]\d{0,29})(\.\d{1,4})?$/, { message: "validation.amount.invalid" })
  .refine((value) => /[1-9]/.test(value), { message: "validation.amount.invalid" });

/** A hashtag, with or without its `#` (stored with it); "" when the campaign does not ask for one. */
const hashtag = readableText.pipe(
  z
    .string()
    .trim()
    .max(tipsLimits.maxEssentialTextLength, { message: "validation.tips.hashtagInvalid" })
    .refine((value) => value === "" || /^#?[\p{L}\p{N}_]+$/u.test(value), {
      message: "validation.tips.hashtagInvalid",
    })
    .transform((value) => (value === "" || value.startsWith("#") ? value : `#${value}`)),
);
/** An X username to mention, with or without its `@` (stored with it); "" when not required. */
const mention = z
  .string()
  .trim()
  .refine((value) => value === "" || /^@?[A-Za-z0-9_]{1,15}$/.test(value), {
    message: "validation.tips.mentionInvalid",
  })
  .transform((value) => (value === "" || value.startsWith("@") ? value : `@${value}`));
const slogan = readableText.pipe(
  z.string().trim().max(tipsLimits.maxEssentialTextLength, { message: "validation.tips.sloganTooLong" }),
);

const weight = z
  .number(fieldInvalid)
  .int(fieldInvalid)
  .min(0, fieldInvalid)
  .max(tipsLimits.maxWeight, fieldInvalid);

/** The formula's integer weights (docs/tips.md); each defaults to the published default. */
export const tipsWeightsSchema = z
  .object({
    views: weight.default(defaultTipsWeights.views),
    likes: weight.default(defaultTipsWeights.likes),
    replies: weight.default(defaultTipsWeights.replies),
    retweets: weight.default(defaultTipsWeights.retweets),
    quotes: weight.default(defaultTipsWeights.quotes),
  })
  .strict();

const tweetCap = z
  .number(fieldInvalid)
  .int(fieldInvalid)
  .min(1, fieldInvalid)
  .max(tipsLimits.maxTweetCap, fieldInvalid);
const dailyTweets = z
  .number(fieldInvalid)
  .int(fieldInvalid)
  .min(1, fieldInvalid)
  .max(tipsLimits.maxDailyTweets, fieldInvalid);

const timeOrderIssue = { code: "custom" as const, path: ["endAt"], message: "validation.airdrop.timeOrder" };
const essentialIssue = {
  code: "custom" as const,
  path: ["hashtag"],
  message: "validation.tips.essentialTextRequired",
};

const campaignShape = {
  title,
  description: readableText.pipe(z.string().trim().max(tipsDescriptionMaxLength)),
  hashtag,
  mention,
  slogan,
  startAt: minuteTime,
  endAt: minuteTime,
  chainId: z.number(fieldInvalid).int(fieldInvalid).positive(fieldInvalid),
  /** The ERC-20 reward token on `chainId`. */
  token: addressSchema,
  /** In token units (up to 4 decimals); the server converts it with the decimals the token reports on chain. */
  totalPrize,
  weights: tipsWeightsSchema,
  tweetCap,
  dailyTweets,
};

export const tipsCreateBodySchema = z
  .object({
    ...campaignShape,
    description: campaignShape.description.default(""),
    hashtag: campaignShape.hashtag.default(""),
    mention: campaignShape.mention.default(""),
    slogan: campaignShape.slogan.default(""),
    weights: tipsWeightsSchema.default({ ...defaultTipsWeights }),
    tweetCap: tweetCap.default(defaultTweetCap),
    dailyTweets: dailyTweets.default(defaultDailyTweets),
  })
  .strict()
  .check((context) => {
    const value = context.value;
    if (value.startAt >= value.endAt) context.issues.push({ ...timeOrderIssue, input: value });
    if (value.hashtag === "" && value.mention === "" && value.slogan === "")
      context.issues.push({ ...essentialIssue, input: value });
  });
export type TipsCreateBody = z.input<typeof tipsCreateBodySchema>;
export type TipsCreateInput = z.output<typeof tipsCreateBodySchema>;

/** An edit before the start: any field of the creation; the result is checked as a whole again. */
export const tipsEditBodySchema = z
  .object({
    title: campaignShape.title.optional(),
    description: campaignShape.description.optional(),
    hashtag: campaignShape.hashtag.optional(),
    mention: campaignShape.mention.optional(),
    slogan: campaignShape.slogan.optional(),
    startAt: campaignShape.startAt.optional(),
    endAt: campaignShape.endAt.optional(),
    chainId: campaignShape.chainId.optional(),
    token: campaignShape.token.optional(),
    totalPrize: campaignShape.totalPrize.optional(),
    weights: tipsWeightsSchema.optional(),
    tweetCap: tweetCap.optional(),
    dailyTweets: dailyTweets.optional(),
  })
  .strict();
export type TipsEditBody = z.input<typeof tipsEditBodySchema>;
export type TipsEditInput = z.output<typeof tipsEditBodySchema>;

export const tipsListQuerySchema = z
  .object({
    filter: z.enum(tipsListFilters).default("all"),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const tipsWeightsViewSchema = z.object({
  views: z.number().int(),
  likes: z.number().int(),
  replies: z.number().int(),
  retweets: z.number().int(),
  quotes: z.number().int(),
});

/** The published formula a leaderboard is computed with (shown in "how points are counted"). */
export const tipsFormulaSchema = z.object({
  algorithm: z.literal("dropfair-tips-v1"),
  weights: tipsWeightsViewSchema,
  tweetCap: z.number().int(),
  dailyTweets: z.number().int(),
});
export type TipsFormula = z.infer<typeof tipsFormulaSchema>;

export const tipsCampaignSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z
    .number()
    .int()
    .describe("0 not started, 1 running, 4 processing, 5 ended, 7 awaiting confirmation, 10 error"),
  chainId: z.number().int(),
  token: z.string(),
  tokenSymbol: z.string(),
  tokenDecimals: z.number().int(),
  /** Base units, decimal. */
  totalPrize: z.string(),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime(),
  creator: z.string(),
  participants: z.number().int(),
  funded: z.boolean(),
  /** The caller's estimated (or, once confirmed, final) earnings in base units; null when not a participant. */
  myEarned: z.string().nullable(),
});
export type TipsCampaignSummary = z.infer<typeof tipsCampaignSummarySchema>;

export const tipsCampaignListSchema = z.object({
  rows: z.array(tipsCampaignSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TipsCampaignList = z.infer<typeof tipsCampaignListSchema>;

/** The caller's place in the campaign. */
export const tipsMembershipSchema = z.object({
  joined: z.boolean(),
  banned: z.boolean(),
  /** The X account that takes part (bound to the wallet). */
  xUserId: z.string().nullable(),
  /** When the caller may reload their metrics next (null: now, or not a participant). */
  reloadAvailableAt: z.iso.datetime().nullable(),
});

export const tipsCampaignDetailSchema = tipsCampaignSummarySchema.extend({
  description: z.string(),
  hashtag: z.string(),
  mention: z.string(),
  slogan: z.string(),
  formula: tipsFormulaSchema,
  /** The AirdropDistributor on the chain that pays the rewards, and the creator's campaign on it once funded. */
  distributor: z.string().nullable(),
  distributorCampaignId: z.string().nullable(),
  /** Until when rewards can be claimed (30 days after the end). */
  claimableUntil: z.iso.datetime(),
  missionCampaignId: z.number().int().nullable(),
  /** When the leaderboard was last computed. */
  computedAt: z.iso.datetime().nullable(),
  /** The creator's refund of what was left after the claim window (base units, transaction), once recorded. */
  refund: z.object({ amount: z.string(), txHash: z.string(), refundedAt: z.iso.datetime() }).nullable(),
  /** The caller is the creator (edits, funding, join missions, helpers, confirmation, refund). */
  canManage: z.boolean(),
  /** The caller is an organizer: the creator, a helper or a platform administrator (bans, abuse reports). */
  canModerate: z.boolean(),
  me: tipsMembershipSchema,
  errorReason: z.string().nullable(),
});
export type TipsCampaignDetail = z.infer<typeof tipsCampaignDetailSchema>;

export const tipsFundingBodySchema = z.object({ campaignId: uintText }).strict();

export const tipsLeaderboardQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
    sort: z.enum(tipsSortColumns).default("rank"),
    order: z.enum(["asc", "desc"]).optional(),
  })
  .strict();

export const tipsStandingSchema = z.object({
  rank: z.number().int(),
  xUserId: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** Decimal strings: they may exceed 2^53. */
  points: z.string(),
  tweets: z.number().int(),
  views: z.string(),
  retweets: z.string(),
  replies: z.string(),
  likes: z.string(),
  quotes: z.string(),
  interactions: z.string(),
  /** Base units of the reward token. */
  estimatedEarned: z.string(),
});
export type TipsStanding = z.infer<typeof tipsStandingSchema>;

export const tipsLeaderboardSchema = z.object({
  formula: tipsFormulaSchema,
  totalPrize: z.string(),
  totalPoints: z.string(),
  computedAt: z.iso.datetime().nullable(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(tipsStandingSchema),
  /** The signed-in participant's own row (null when not ranked). */
  me: tipsStandingSchema.nullable(),
});
export type TipsLeaderboard = z.infer<typeof tipsLeaderboardSchema>;

export const tipsReloadSchema = z.object({
  /** Tweets of the participant read from X in this reload. */
  tweets: z.number().int(),
  reloadAvailableAt: z.iso.datetime(),
});
export type TipsReload = z.infer<typeof tipsReloadSchema>;

const reason = readableText.pipe(
  z
    .string()
    .trim()
    .min(1, { message: "validation.tips.reasonRequired" })
    .refine(hasVisibleCharacter, { message: "validation.tips.reasonRequired" })
    .max(tipsBanReasonMaxLength, { message: "validation.tips.reasonTooLong" }),
);

export const tipsBanBodySchema = z.object({ xUserId, reason }).strict();
export const tipsReportBodySchema = z.object({ xUserId, reason }).strict();
export const tipsBanListQuerySchema = z
  .object({
    order: z.enum(["latest", "oldest"]).default("latest"),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

const accountSchema = z.object({
  xUserId: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});

export const tipsBanSchema = z.object({
  user: accountSchema,
  /** The wallet that added the ban. */
  adder: z.string(),
  reason: z.string(),
  time: z.iso.datetime(),
});
export const tipsBanListSchema = z.object({
  rows: z.array(tipsBanSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TipsBanList = z.infer<typeof tipsBanListSchema>;

export const tipsReportSchema = z.object({
  id: z.number().int(),
  user: accountSchema,
  reporter: z.string(),
  reason: z.string(),
  time: z.iso.datetime(),
});
export const tipsReportListSchema = z.object({ rows: z.array(tipsReportSchema) });
export type TipsReportList = z.infer<typeof tipsReportListSchema>;

/** A helper the creator names by wallet address (any valid form; answered EIP-55 checksummed). */
export const tipsHelperBodySchema = z.object({ address: addressSchema }).strict();
export type TipsHelperBody = z.input<typeof tipsHelperBodySchema>;
export const tipsHelperSchema = z.object({
  address: z.string(),
  addedAt: z.iso.datetime(),
});
export const tipsHelperListSchema = z.object({ rows: z.array(tipsHelperSchema) });
export type TipsHelperList = z.infer<typeof tipsHelperListSchema>;

export const tipsClaimSchema = z.object({
  state: z.enum(tipsClaimStates),
  /** Base units; "0" when none. */
  amount: z.string(),
  chainId: z.number().int(),
  claimableUntil: z.iso.datetime(),
  claimId: z.number().int().nullable(),
  claimedAt: z.iso.datetime().nullable(),
  txHash: z.string().nullable(),
});
export type TipsClaim = z.infer<typeof tipsClaimSchema>;

export const tipsClaimVoucherSchema = distributorClaimVoucherSchema;
export type TipsClaimVoucher = z.infer<typeof tipsClaimVoucherSchema>;

export const tipsTransactionBodySchema = z.object({ txHash }).strict();
