import { isEvmAddress, toChecksumAddress } from "@dropfair/core/address";
import { limits } from "@dropfair/core/limits";
import { hasVisibleCharacter, stripBidiControls } from "@dropfair/core/text";
import { z } from "zod";

import {
  airdropIdTypes,
  airdropListFilters,
  airdropModes,
  airdropPosterStyles,
  airdropRewardTypes,
  participantImportPhases,
  participantImportStates,
} from "./codes.ts";

export {
  type AirdropIdType,
  type AirdropMode,
  type AirdropRewardType,
  type AirdropStatus,
  airdropClaimStates,
  airdropIdTypes,
  airdropModes,
  airdropPosterStyles,
  airdropRewardTypes,
  airdropStatuses,
  type ParticipantImportPhase,
  participantImportPhases,
  participantImportStates,
} from "./codes.ts";

const snowflake = z.string().regex(/^[0-9]{17,20}$/, { message: "validation.request.fieldInvalid" });

const tokenAddress = z
  .string()
  .trim()
  .refine((value) => isEvmAddress(value), { message: "validation.airdrop.tokenAddressInvalid" })
  .transform((value) => toChecksumAddress(value));

/** The total token amount: a decimal string with up to 4 decimals (never a float). */
const totalAmount = z
  .string()
  .trim()
  .min(1, { message: "validation.airdrop.amountRequired" })
  .regex(/^\d+(\.\d+)?$/, { message: "validation.amount.invalid" })
  .regex(/^\d+(\.\d{1,4})?$/, { message: "validation.airdrop.amountTooManyDecimals" })
  .regex(/^(0|[1-9]\d{0,29})(\.\d{1,4})?$/, { message: "validation.amount.invalid" })
  .refine((value) => /[1-9]/.test(value), { message: "validation.amount.invalid" });

/** Start and end are kept to the minute, as the form picks them: seconds and milliseconds are dropped. */
const minuteTime = z.iso
  .datetime({ offset: true, message: "validation.request.fieldInvalid" })
  .transform((value) => {
    const date = new Date(value);
    date.setUTCSeconds(0, 0);
    return date.toISOString();
  });

/** Text people read: direction controls are dropped, so nothing can read backwards or hide part of it. */
const readableText = z.string().transform(stripBidiControls);

const title = readableText.pipe(
  z
    .string()
    .trim()
    .min(1, { message: "validation.airdrop.titleRequired" })
    .refine(hasVisibleCharacter, { message: "validation.airdrop.titleRequired" })
    .max(limits.airdropTitleMaxLength, { message: "validation.airdrop.titleTooLong" }),
);

const settingsShape = {
  title,
  description: readableText.pipe(z.string().trim().max(2000)),
  startAt: minuteTime,
  endAt: minuteTime,
  posterStyle: z.enum(airdropPosterStyles),
  idType: z.enum(airdropIdTypes),
  rewardType: z.enum(airdropRewardTypes),
  chainId: z.number().int().positive().nullable(),
  tokenAddress: tokenAddress.nullable(),
  customToken: z.boolean(),
  /** A custom token's symbol as the creator names it; otherwise read from the chain. */
  tokenSymbol: readableText.pipe(z.string().trim().min(1).max(20).refine(hasVisibleCharacter)).nullable(),
  totalAmount: totalAmount.nullable(),
  shares: z.number().int().min(1, { message: "validation.airdrop.shareRequired" }).max(10_000_000).nullable(),
  mode: z.enum(airdropModes),
  discordGuildId: snowflake.nullable(),
  discordRoleId: snowflake.nullable(),
  /** The Telegram group or channel a Telegram list is checked against: its numeric id or @username. */
  telegramChatId: z
    .string()
    .trim()
    .regex(/^(-?[0-9]{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, {
      message: "validation.request.fieldInvalid",
    })
    .nullable(),
};

const timeOrderIssue = {
  code: "custom" as const,
  path: ["endAt"],
  message: "validation.airdrop.timeOrder",
};

/** Step 1 may be saved as a draft with only its own fields; reward fields are checked when preparing. */
export const createAirdropBodySchema = z
  .object({
    title: settingsShape.title,
    startAt: settingsShape.startAt,
    endAt: settingsShape.endAt,
    description: settingsShape.description.default(""),
    posterStyle: settingsShape.posterStyle.default("classic"),
    idType: settingsShape.idType.default("wallet"),
    rewardType: settingsShape.rewardType.default("token"),
    chainId: settingsShape.chainId.default(null),
    tokenAddress: settingsShape.tokenAddress.default(null),
    customToken: settingsShape.customToken.default(false),
    tokenSymbol: settingsShape.tokenSymbol.default(null),
    totalAmount: settingsShape.totalAmount.default(null),
    shares: settingsShape.shares.default(null),
    mode: settingsShape.mode.default("all"),
    discordGuildId: settingsShape.discordGuildId.default(null),
    discordRoleId: settingsShape.discordRoleId.default(null),
    telegramChatId: settingsShape.telegramChatId.default(null),
  })
  .strict()
  .check((context) => {
    if (context.value.startAt > context.value.endAt)
      context.issues.push({ ...timeOrderIssue, input: context.value });
  });
export type CreateAirdropBody = z.input<typeof createAirdropBodySchema>;
export type CreateAirdropInput = z.output<typeof createAirdropBodySchema>;

export const updateAirdropBodySchema = z
  .object({
    title: settingsShape.title.optional(),
    description: settingsShape.description.optional(),
    startAt: settingsShape.startAt.optional(),
    endAt: settingsShape.endAt.optional(),
    posterStyle: settingsShape.posterStyle.optional(),
    idType: settingsShape.idType.optional(),
    rewardType: settingsShape.rewardType.optional(),
    chainId: settingsShape.chainId.optional(),
    tokenAddress: settingsShape.tokenAddress.optional(),
    customToken: settingsShape.customToken.optional(),
    tokenSymbol: settingsShape.tokenSymbol.optional(),
    totalAmount: settingsShape.totalAmount.optional(),
    shares: settingsShape.shares.optional(),
    mode: settingsShape.mode.optional(),
    discordGuildId: settingsShape.discordGuildId.optional(),
    discordRoleId: settingsShape.discordRoleId.optional(),
    telegramChatId: settingsShape.telegramChatId.optional(),
  })
  .strict()
  .check((context) => {
    const { startAt, endAt } = context.value;
    if (startAt && endAt && startAt > endAt) context.issues.push({ ...timeOrderIssue, input: context.value });
  });
export type UpdateAirdropBody = z.input<typeof updateAirdropBodySchema>;
export type UpdateAirdropInput = z.output<typeof updateAirdropBodySchema>;

export const airdropIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});

export const airdropListQuerySchema = z
  .object({
    filter: z.enum(airdropListFilters).default("all"),
    status: z.coerce.number().int().min(0).max(3).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type AirdropListQuery = z.output<typeof airdropListQuerySchema>;

const txHash = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, { message: "validation.request.fieldInvalid" })
  .transform((value) => value.toLowerCase() as `0x${string}`);

export const airdropTransactionBodySchema = z.object({ txHash }).strict();

export const airdropParticipantsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    search: z.string().trim().max(100).optional(),
  })
  .strict();

export const airdropClaimQuerySchema = z
  .object({
    /** Wallet lists: whose claim to look up (defaults to the signed-in wallet). Proofs are public. */
    account: z
      .string()
      .trim()
      .refine((value) => isEvmAddress(value), { message: "validation.address.invalid" })
      .transform((value) => toChecksumAddress(value))
      .optional(),
  })
  .strict();

const decimalString = z.string().regex(/^\d+$/);
const nullableDecimal = decimalString.nullable();

export const airdropSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  creator: z.string(),
  status: z.number().int(),
  idType: z.enum(airdropIdTypes),
  rewardType: z.enum(airdropRewardTypes),
  mode: z.enum(airdropModes),
  chainId: z.number().int().nullable(),
  tokenAddress: z.string().nullable(),
  tokenSymbol: z.string().nullable(),
  tokenDecimals: z.number().int().nullable(),
  hasLogo: z.boolean(),
  /** Display units as the creator entered them. */
  totalAmount: z.string().nullable(),
  /** Base units: what is still claimable (deposit − claimed), or null before funding. */
  claimableAmount: nullableDecimal,
  participantCount: z.number().int(),
  claimCount: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  posterStyle: z.string(),
});
export type AirdropSummary = z.infer<typeof airdropSummarySchema>;

export const airdropListSchema = z.object({ items: z.array(airdropSummarySchema), total: z.number().int() });

export const campaignParamsSchema = z.object({
  token: z.string(),
  kind: z.number().int(),
  proofKind: z.number().int(),
  mode: z.number().int(),
  merkleRoot: z.string(),
  shares: decimalString,
  amountPerShare: decimalString,
  start: decimalString,
  end: decimalString,
});
export type CampaignParamsWire = z.infer<typeof campaignParamsSchema>;

export const airdropDetailSchema = airdropSummarySchema.extend({
  description: z.string(),
  customToken: z.boolean(),
  shares: z.number().int().nullable(),
  totalWeight: z.number().int(),
  discordGuildId: z.string().nullable(),
  discordRoleId: z.string().nullable(),
  telegramChatId: z.string().nullable(),
  isCreator: z.boolean(),
  /** The creator may change list and reward (nothing is funded, or the prize was refunded). */
  editable: z.boolean(),
  prepared: z.boolean(),
  merkleRoot: z.string().nullable(),
  amountPerShare: nullableDecimal,
  requiredDeposit: nullableDecimal,
  /**
   * Token rewards, once prepared: the base units of the typed total that no share receives, because every share
   * is rounded down to a whole base unit. The deposit is the total less this; it stays with the creator.
   */
  undistributed: nullableDecimal,
  /** What `createCampaign` / `createCampaignAndDeposit` must be called with, once prepared. */
  campaignParams: campaignParamsSchema.nullable(),
  distributorAddress: z.string().nullable(),
  campaignId: nullableDecimal,
  deposited: decimalString,
  claimedAmount: decimalString,
  refundedAmount: nullableDecimal,
  refundedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The timestamp of the airdrop chain's latest block when this answer was made, or null if unread. */
  chainTime: z.string().nullable(),
  /** A claim sent now would land inside the campaign's window on chain (both clocks agree, with a margin). */
  claimOpen: z.boolean(),
  /** A refund sent now would land outside the campaign's window on chain. */
  refundOpen: z.boolean(),
});
export type AirdropDetail = z.infer<typeof airdropDetailSchema>;

export const participantReportSchema = z.object({
  accepted: z.number().int(),
  totalWeight: z.number().int(),
  /** File line numbers (1-based), ascending; the first 1,000 of each kind. */
  wrongLines: z.array(z.number().int()),
  wrongCount: z.number().int(),
  duplicateLines: z.array(z.number().int()),
  duplicateCount: z.number().int(),
  /** Social lists: accounts the platform could not find (or not in the airdrop's server or chat), by line. */
  unresolvedLines: z.array(z.number().int()),
  unresolvedCount: z.number().int(),
  /**
   * Telegram and Discord lines kept as typed without a check (usernames where no server or chat can look them
   * up, or when the upstream is not configured); they are matched when a participant claims.
   */
  uncheckedCount: z.number().int(),
});
export type ParticipantReport = z.infer<typeof participantReportSchema>;

/** A participant list too long for one request, imported in the background (GET …/participants/import). */
export const participantImportSchema = z.object({
  id: z.number().int(),
  state: z.enum(participantImportStates),
  /** Lines read so far, of `totalLines`. */
  processedLines: z.number().int(),
  totalLines: z.number().int(),
  /** The step a running import is at (null before it starts and once it ended). */
  phase: z.enum(participantImportPhases).nullable(),
  /** Of the step: lines read, upstream requests made (Discord, Telegram, X lookups), or participants stored. */
  phaseDone: z.number().int(),
  phaseTotal: z.number().int(),
  /** When done: the same report an upload of a short list answers. */
  report: participantReportSchema.nullable(),
  /** When failed: the error's typeCode and translated message (an upstream down, a newer upload, …). */
  error: z.object({ typeCode: z.number().int(), message: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ParticipantImport = z.infer<typeof participantImportSchema>;

export const airdropParticipantSchema = z.object({
  index: z.number().int(),
  account: z.string(),
  label: z.string(),
  weight: z.number().int(),
  amount: nullableDecimal,
  claimState: z.number().int(),
  claimedBy: z.string().nullable(),
  claimTxHash: z.string().nullable(),
});
export const airdropParticipantsPageSchema = z.object({
  items: z.array(airdropParticipantSchema),
  total: z.number().int(),
});

export const voucherSchema = z.object({
  campaignId: decimalString,
  recipient: z.string(),
  amount: decimalString,
  nonce: decimalString,
  deadline: decimalString,
});

export const airdropClaimSchema = z.object({
  /** The caller is on the list (for the account asked about). */
  eligible: z.boolean(),
  claimState: z.number().int().nullable(),
  index: z.number().int().nullable(),
  account: z.string().nullable(),
  amount: nullableDecimal,
  /** Wallet lists: the Merkle proof for `claim(campaignId, index, account, amount, proof)`. */
  proof: z.array(z.string()).nullable(),
  /** Social lists: the platform-signed voucher for `claimWithVoucher`. */
  voucher: voucherSchema.nullable(),
  signature: z.string().nullable(),
});
export type AirdropClaim = z.infer<typeof airdropClaimSchema>;
