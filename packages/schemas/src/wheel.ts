// The lucky wheel's wire contract: games, prizes, tickets, spin vouchers, draw records, claims and the game file.
import { isWheelPartnerSlug } from "@dropfair/core/partners";
import { hasVisibleCharacter, stripBidiControls } from "@dropfair/core/text";
import { z } from "zod";
import { addressSchema } from "./address.ts";
import {
  wheelClaimStates,
  wheelListFilters,
  wheelMaxPrizes,
  wheelPrizeKinds,
  wheelStages,
  wheelTicketReasons,
  wheelTitleMaxLength,
} from "./codes.ts";
import { distributorClaimVoucherSchema } from "./distributor.ts";

export {
  type WheelClaimState,
  type WheelPrizeKind,
  type WheelStage,
  type WheelStatus,
  type WheelTicketReason,
  wheelClaimStates,
  wheelMaxPrizes,
  wheelPrizeKinds,
  wheelStages,
  wheelStatuses,
  wheelTicketReasons,
} from "./codes.ts";

const readableText = z.string().transform(stripBidiControls);
const fieldInvalid = { message: "validation.request.fieldInvalid" };
const isoTime = z.iso
  .datetime({ offset: true, ...fieldInvalid })
  .transform((value) => new Date(value).toISOString());
const idParam = z.coerce
  .number(fieldInvalid)
  .int(fieldInvalid)
  .min(1, fieldInvalid)
  .max(Number.MAX_SAFE_INTEGER);
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

export const wheelGameParamsSchema = z.object({ id: idParam }).strict();
export const wheelPrizeParamsSchema = z
  .object({ id: idParam, prizeId: z.string().regex(/^p[0-9]{1,2}$/, fieldInvalid) })
  .strict();
export const wheelSpinParamsSchema = z.object({ id: idParam, spinId: idParam }).strict();
export const wheelClaimParamsSchema = z.object({ id: idParam, claimId: idParam }).strict();
export const wheelMissionParamsSchema = z.object({ id: idParam, missionId: idParam }).strict();

const title = readableText.pipe(
  z
    .string()
    .trim()
    .min(1, { message: "validation.airdrop.titleRequired" })
    .refine(hasVisibleCharacter, { message: "validation.airdrop.titleRequired" })
    .max(wheelTitleMaxLength, { message: "validation.airdrop.titleTooLong" }),
);

/**
 * A prize as its creator describes it. `amount`: whole EP for `ep`; for `token`, in token units as people write
 * them (up to the token's decimals; the server converts to base units with the decimals it reads on chain); NFT
 * and nothing prizes take none. Token and NFT prizes need a `count` (they are funded up front).
 */
export const wheelPrizeInputSchema = z
  .object({
    kind: z.enum(wheelPrizeKinds),
    label: readableText.pipe(z.string().trim().max(40)).optional(),
    weight: z
      .number(fieldInvalid)
      .int(fieldInvalid)
      .min(1, fieldInvalid)
      .max(1_000_000_000_000, fieldInvalid),
    count: z
      .number(fieldInvalid)
      .int(fieldInvalid)
      .min(1, fieldInvalid)
      .max(1_000_000, fieldInvalid)
      .nullable(),
    amount: z
      .string()
      .trim()
      .regex(/^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/, { message: "validation.amount.invalid" })
      .optional(),
    token: addressSchema.optional(),
  })
  .strict();
export type WheelPrizeInput = z.infer<typeof wheelPrizeInputSchema>;

/** One of the configured partner activities' slugs (packages/core/src/partners.ts); any other is a 400. */
const partnerSlug = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, fieldInvalid)
  .refine(isWheelPartnerSlug, { message: "validation.wheel.partnerUnknown" });

const timeOrderIssue = { code: "custom" as const, path: ["endAt"], message: "validation.airdrop.timeOrder" };

export const wheelCreateBodySchema = z
  .object({
    title,
    description: readableText.pipe(z.string().trim().max(2000)).default(""),
    chainId: z.number(fieldInvalid).int(fieldInvalid).positive(fieldInvalid),
    startAt: isoTime,
    endAt: isoTime,
    prizes: z.array(wheelPrizeInputSchema).min(1, fieldInvalid).max(wheelMaxPrizes, fieldInvalid),
    dailyFreeTicket: z.boolean().default(false),
    referralTickets: z
      .number(fieldInvalid)
      .int(fieldInvalid)
      .min(0, fieldInvalid)
      .max(10, fieldInvalid)
      .default(0),
    /** A partner activity's slug (one of the configured partners): administrators only. */
    partnerSlug: partnerSlug.optional(),
  })
  .strict()
  .check((context) => {
    if (context.value.startAt >= context.value.endAt)
      context.issues.push({ ...timeOrderIssue, input: context.value });
  });
export type WheelCreateBody = z.input<typeof wheelCreateBodySchema>;
export type WheelCreateInput = z.output<typeof wheelCreateBodySchema>;

export const wheelListQuerySchema = z
  .object({
    filter: z.enum(wheelListFilters).default("all"),
    partner: partnerSlug.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const wheelPrizeSchema = z.object({
  id: z.string(),
  kind: z.enum(wheelPrizeKinds),
  label: z.string(),
  weight: z.number().int(),
  count: z.number().int().nullable(),
  /** Base units (token), whole EP (ep), 1 (nft), 0 (nothing). */
  amount: z.string(),
  token: z.string().nullable(),
  tokenSymbol: z.string().nullable(),
  tokenDecimals: z.number().int().nullable(),
  /** How many were won so far. */
  won: z.number().int(),
  /**
   * Token and NFT prizes: the AirdropDistributor campaign that pays them, once funded; an NFT prize's campaign is
   * named as soon as it is opened, so while `funded` is false it is the campaign its NFTs are being moved into.
   */
  campaignId: z.string().nullable(),
  funded: z.boolean(),
});
export type WheelPrize = z.infer<typeof wheelPrizeSchema>;

export const wheelGameSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.number().int().describe("0 created, 1 running, 2 closed, 4 not started, 9 ended, 10 error"),
  chainId: z.number().int(),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime(),
  creator: z.string(),
  partnerSlug: z.string().nullable(),
  prizeCount: z.number().int(),
  spinCount: z.number().int(),
});
export type WheelGameSummary = z.infer<typeof wheelGameSummarySchema>;

export const wheelGameListSchema = z.object({
  rows: z.array(wheelGameSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WheelGameList = z.infer<typeof wheelGameListSchema>;

export const wheelGameDetailSchema = wheelGameSummarySchema.extend({
  description: z.string(),
  contract: z.string().describe("The LuckyWheel the game's spins go to"),
  distributor: z.string().nullable().describe("The AirdropDistributor that pays token and NFT prizes"),
  fromBlock: z.string(),
  saltHash: z.string().describe("keccak256 of the salt: published at creation, never changes"),
  salt: z.string().nullable().describe("Published once the game is over and every spin is recorded"),
  prizes: z.array(wheelPrizeSchema),
  dailyFreeTicket: z.boolean(),
  referralTickets: z.number().int(),
  missionCampaignId: z.number().int().nullable(),
  /** The caller created the game (or, for a partner game, is an administrator). */
  canManage: z.boolean(),
  errorReason: z.string().nullable(),
});
export type WheelGameDetail = z.infer<typeof wheelGameDetailSchema>;

export const wheelTicketRowSchema = z.object({
  time: z.iso.datetime(),
  count: z.number().int(),
  reason: z.enum(wheelTicketReasons),
  note: z.string().nullable(),
});
export const wheelTicketsSchema = z.object({
  balance: z.number().int(),
  spent: z.number().int(),
  /** A spin voucher was given out and not used on chain yet: asking for a spin resumes it without a ticket. */
  openVoucher: z.boolean(),
  rows: z.array(wheelTicketRowSchema),
});
export type WheelTickets = z.infer<typeof wheelTicketsSchema>;

export const wheelTicketGrantBodySchema = z
  .object({
    address: addressSchema,
    count: z.number(fieldInvalid).int(fieldInvalid).min(1, fieldInvalid).max(100, fieldInvalid),
    note: readableText.pipe(z.string().trim().max(200)).optional(),
  })
  .strict();

export const wheelSpinVoucherSchema = z.object({
  spinId: z.number().int(),
  chainId: z.number().int(),
  contract: z.string(),
  voucher: z.object({
    gameId: z.string(),
    account: z.string(),
    nonce: z.string(),
    deadline: z.string().describe("Unix seconds"),
  }),
  signature: z.string(),
});
export type WheelSpinVoucher = z.infer<typeof wheelSpinVoucherSchema>;

export const wheelTransactionBodySchema = z.object({ txHash }).strict();

export const wheelSpinSchema = z.object({
  spinId: z.number().int(),
  nonce: z.string(),
  account: z.string(),
  stage: z.enum(wheelStages).or(z.literal("issued")),
  txHash: z.string().nullable(),
  blockNumber: z.string().nullable(),
  blockHash: z.string().nullable(),
  position: z.string().nullable(),
  prizeId: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  recordedAt: z.iso.datetime().nullable(),
});
export type WheelSpin = z.infer<typeof wheelSpinSchema>;

export const wheelDrawRecordSchema = z.object({
  time: z.iso.datetime(),
  account: z.string(),
  prizeId: z.string().nullable(),
  nonce: z.string(),
  position: z.string().nullable(),
  hash: z.string().describe("The block hash of the spin's block"),
  txHash: z.string(),
  mine: z.boolean(),
  stage: z.enum(wheelStages),
});
export const wheelDrawRecordsSchema = z.object({
  rows: z.array(wheelDrawRecordSchema),
  total: z.number().int().describe("Every recorded spin of the game, not only this page's"),
});
/** A page of draw records: the caller's own first, then newest first in chain order. */
export const wheelDrawsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type WheelDrawsQuery = z.output<typeof wheelDrawsQuerySchema>;
export type WheelDrawRecords = z.infer<typeof wheelDrawRecordsSchema>;

export const wheelClaimRowSchema = z.object({
  prizeId: z.string(),
  kind: z.enum(wheelPrizeKinds),
  count: z.number().int(),
  total: z.string().describe("Base units (token), whole EP (ep), a count (nft)"),
  chainId: z.number().int(),
  endTime: z.iso.datetime().nullable().describe("Until when it can be claimed"),
  claimTime: z.iso.datetime().nullable(),
  state: z.enum(wheelClaimStates),
});
export const wheelClaimsSchema = z.object({ rows: z.array(wheelClaimRowSchema) });
export type WheelClaims = z.infer<typeof wheelClaimsSchema>;

export const wheelClaimVoucherSchema = distributorClaimVoucherSchema;
export type WheelClaimVoucher = z.infer<typeof wheelClaimVoucherSchema>;

export const wheelFundingBodySchema = z.object({ campaignId: uintText }).strict();

export const wheelGameFileSpinSchema = z.object({
  account: z.string(),
  nonce: z.string(),
  blockHash: z.string(),
  txHash: z.string(),
  position: z.string().nullable(),
  prizeId: z.string().nullable(),
});
export const wheelGameFileSchema = z.object({
  chainId: z.number().int(),
  contract: z.string(),
  fromBlock: z.string(),
  file: z.object({
    algorithm: z.literal("dropfair-wheel-v1"),
    gameId: z.string(),
    saltHash: z.string(),
    salt: z.string().nullable(),
    prizes: z.array(
      z.object({ id: z.string(), weight: z.number().int(), count: z.number().int().nullable() }),
    ),
    spins: z.array(wheelGameFileSpinSchema),
  }),
});
export type WheelGameFileAnswer = z.infer<typeof wheelGameFileSchema>;
