import {
  accountAgeOptions,
  lastPostOptions,
  maxCustomInfoLength,
  maxFollowTargets,
  maxReasonLength,
  maxWinnerCount,
  pickerInfoTypes,
} from "@dropfair/core/picker";
import { z } from "zod";
import { pickerDrawKinds, pickerDrawStatuses, pickerParticipantFilters, pickerViewerRoles } from "./codes.ts";

const username = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@/, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9_]{1,15}$/, { message: "validation.request.fieldInvalid" }));

const reason = z
  .string()
  .trim()
  .min(1, { message: "validation.picker.redrawReasonRequired" })
  .max(maxReasonLength);

export const pickerFiltersSchema = z
  .object({
    profilePicture: z.boolean().optional(),
    banner: z.boolean().optional(),
    description: z.boolean().optional(),
    location: z.boolean().optional(),
    verified: z.boolean().optional(),
    minTweetCount: z.number().int().min(0).max(10_000_000).optional(),
    minAccountAgeDays: z
      .number()
      .int()
      .refine((value) => (accountAgeOptions as readonly number[]).includes(value))
      .optional(),
    lastPostWithinDays: z
      .number()
      .int()
      .refine((value) => (lastPostOptions as readonly number[]).includes(value))
      .optional(),
  })
  .strict();

/** Decimal string with up to 10 decimals (the decimal input rule), never a float. */
const decimalAmount = z
  .string()
  .regex(/^(0|[1-9]\d{0,27})(\.\d{1,10})?$/, { message: "validation.amount.invalid" });

export const createPickerBodySchema = z
  .object({
    postUrl: z.string().trim().min(1, { message: "validation.picker.postUrlRequired" }).max(500),
    winnerCount: z.number().int().min(1).max(maxWinnerCount),
    rewardAmount: decimalAmount.optional(),
    rewardText: z.string().trim().max(200).default(""),
    followTargets: z.array(username).max(maxFollowTargets).default([]),
    requireRetweet: z.boolean().default(true),
    requireReply: z.boolean().default(false),
    infoType: z.enum(pickerInfoTypes).default("evm"),
    infoName: z.string().trim().max(60).default(""),
    filters: pickerFiltersSchema.default({}),
    /** Picker 1.0 is closed (Code175); anything but 2 is refused. */
    version: z.number().int().default(2),
  })
  .strict();
export type CreatePickerBody = z.input<typeof createPickerBodySchema>;
export type CreatePickerInput = z.output<typeof createPickerBodySchema>;

/** Edits allowed only before the first commitment (T20). */
export const updatePickerBodySchema = z
  .object({
    winnerCount: z.number().int().min(1).max(maxWinnerCount).optional(),
    rewardAmount: decimalAmount.nullable().optional(),
    rewardText: z.string().trim().max(200).optional(),
  })
  .strict();

export const pickerIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});
export const pickerRefParamsSchema = z.object({ id: z.string().min(1).max(40) });

export const redrawBodySchema = z.object({ reason }).strict();
export const replaceWinnerBodySchema = z.object({ xUserId: z.string().regex(/^\d{1,20}$/), reason }).strict();
export const confirmWinnersBodySchema = z
  .object({ xUserIds: z.array(z.string().regex(/^\d{1,20}$/)).max(maxWinnerCount) })
  .strict();
export const submitInfoBodySchema = z.object({ info: z.string().trim().max(maxCustomInfoLength) }).strict();
export const banBodySchema = z.object({ username, reason }).strict();
export const adminBodySchema = z.object({ username }).strict();
export const userIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
  xUserId: z.string().regex(/^\d{1,20}$/),
});

const txHash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, { message: "validation.request.fieldInvalid" })
  .transform((value) => value.toLowerCase() as `0x${string}`);

export const payBodySchema = z.discriminatedUnion("mode", [
  z
    .object({
      mode: z.literal("batch"),
      chainId: z.number().int().positive(),
      txHash,
      /** Token address, or "native". */
      token: z.union([z.literal("native"), z.string().regex(/^0x[0-9a-fA-F]{40}$/)]),
      /** Base units each winner received. */
      amountPerWinner: z.string().regex(/^[1-9]\d{0,77}$/),
    })
    .strict(),
  z.object({ mode: z.literal("external"), chainId: z.number().int().positive(), txHash }).strict(),
]);

export const membershipBodySchema = z
  .object({ chainId: z.number().int().positive(), txHash, plan: z.enum(["month", "year"]) })
  .strict();

/** The custom poster (annual membership only): at most 1 MB, the same limit as a project logo. */
export const posterMaxBytes = 1024 * 1024;
export const posterContentTypes = ["image/png", "image/jpeg", "image/webp"] as const;
export type PosterContentType = (typeof posterContentTypes)[number];
/** A base64 data URL of a PNG, JPEG or WebP image. */
export const posterDataUrlPattern = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/;
const posterDataUrlPrefix = "data:image/jpeg;base64,".length;

/** An image upload body: a data URL of at most 1 MB, with the messages of what it is (poster or logo). */
export function imageBodySchema(messages: { tooLarge: string; invalid: string }) {
  return z
    .object({
      image: z
        .string()
        .max(posterDataUrlPrefix + Math.ceil(posterMaxBytes / 3) * 4, { message: messages.tooLarge })
        .regex(posterDataUrlPattern, { message: messages.invalid }),
    })
    .strict();
}

export const posterBodySchema = imageBodySchema({
  tooLarge: "picker.posterTooLarge",
  invalid: "picker.posterInvalid",
});

export const participantsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
  filter: z.enum(pickerParticipantFilters).default("all"),
  q: z.string().trim().max(50).optional(),
});

export const pickerListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  mine: z.enum(["0", "1"]).default("0"),
});

export const resolveQuerySchema = z.object({ q: z.string().max(500).default("") });

const viewerRole = z.enum(pickerViewerRoles);

export const pickerDrawSchema = z.object({
  count: z.number().int(),
  kind: z.enum(pickerDrawKinds),
  reason: z.string().nullable(),
  commitment: z.string(),
  entryCount: z.number().int(),
  winnerCount: z.number().int(),
  chainId: z.number().int(),
  /** The block whose hash seeds the draw: `headAtCommit` plus the margin, fixed before it existed. */
  targetBlock: z.string(),
  /** When the eligible list was frozen and this commitment fixed (ISO-8601 UTC); a replacement keeps its draw's. */
  committedAt: z.string(),
  /** The chain head read right after the commitment was fixed (decimal); null for draws made before it was kept. */
  headAtCommit: z.string().nullable(),
  blockHash: z.string().nullable(),
  status: z.enum(pickerDrawStatuses),
  replacedXUserIds: z.array(z.string()).nullable(),
  createdAt: z.string(),
  drawnAt: z.string().nullable(),
});

export const pickerDetailSchema = z.object({
  id: z.number().int(),
  seed: z.string(),
  version: z.number().int(),
  status: z.number().int(),
  owner: z.object({ xUserId: z.string(), username: z.string() }),
  postId: z.string(),
  postUrl: z.string(),
  postText: z.string(),
  winnerCount: z.number().int(),
  rewardAmount: z.string().nullable(),
  rewardText: z.string(),
  followTargets: z.array(z.object({ id: z.string(), username: z.string() })),
  requireRetweet: z.boolean(),
  requireReply: z.boolean(),
  infoType: z.enum(pickerInfoTypes),
  infoName: z.string(),
  filters: pickerFiltersSchema,
  entryLimit: z.number().int().nullable(),
  progress: z.record(z.string(), z.unknown()),
  errorMessage: z.string().nullable(),
  entryCount: z.number().int(),
  eligibleCount: z.number().int(),
  excludedCounts: z.record(z.string(), z.number()),
  drawCount: z.number().int(),
  currentDraw: pickerDrawSchema.nullable(),
  payment: z.object({ chainId: z.number().int(), txHash: z.string(), paidAt: z.string() }).nullable(),
  viewer: z.object({ role: viewerRole, xUserId: z.string().nullable(), entry: z.unknown().nullable() }),
  /** The custom poster (annual membership), versioned by its last change; null when none. */
  posterUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PickerDetail = z.infer<typeof pickerDetailSchema>;
export type PickerDraw = z.infer<typeof pickerDrawSchema>;

export const participantSchema = z.object({
  xUserId: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  retweeted: z.boolean(),
  quoted: z.boolean(),
  replied: z.boolean(),
  excludedReason: z.string().nullable(),
  /** uint64 as a decimal string. */
  score: z.string().nullable(),
  /** score / (2^64 − 1) × 100 with 2 decimals. */
  displayScore: z.string().nullable(),
  rank: z.number().int().nullable(),
  role: z.enum(["winner", "substitute"]).nullable(),
  rejectReason: z.string().nullable(),
  blackReason: z.string().nullable(),
  /** The collected info; null when not submitted or not visible to the viewer. */
  info: z.string().nullable(),
  infoSubmitted: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

export const participantsPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  rows: z.array(participantSchema),
});

export const pickerSummarySchema = z.object({
  id: z.number().int(),
  seed: z.string(),
  status: z.number().int(),
  ownerUsername: z.string(),
  postId: z.string(),
  postText: z.string(),
  winnerCount: z.number().int(),
  rewardText: z.string(),
  rewardAmount: z.string().nullable(),
  entryCount: z.number().int(),
  eligibleCount: z.number().int(),
  createdAt: z.string(),
});
export type PickerSummary = z.infer<typeof pickerSummarySchema>;

export const pickerListSchema = z.object({
  total: z.number().int(),
  rows: z.array(pickerSummarySchema),
});

export const banSchema = z.object({
  xUserId: z.string(),
  username: z.string(),
  reason: z.string(),
  addedBy: z.string(),
  createdAt: z.string(),
});
export const adminSchema = z.object({ xUserId: z.string(), username: z.string(), createdAt: z.string() });

export const membershipStatusSchema = z.object({
  member: z.boolean(),
  plan: z.enum(["month", "year"]).nullable(),
  expiresAt: z.string().nullable(),
  drawsToday: z.number().int(),
  drawsPerDay: z.number().int().nullable(),
  entriesPerPost: z.number().int().nullable(),
  payment: z
    .object({
      chainId: z.number().int(),
      token: z.string(),
      treasury: z.string(),
      decimals: z.number().int(),
      monthlyPrice: z.string(),
    })
    .nullable(),
});

export const resolveResultSchema = z.object({
  kind: z.enum(["picker", "post"]),
  pickerId: z.number().int().nullable(),
  postId: z.string().nullable(),
});

/** The draw file anyone can verify (docs/fairness.md), as GET /picker/{idOrSeed}/draw-file answers it. */
export const drawFileAnswerSchema = z.object({
  algorithm: z.string(),
  postId: z.string(),
  blockNumber: z.string(),
  blockHash: z.string(),
  winnerCount: z.number().int(),
  entries: z.array(z.string()),
  /** The commitment stored when the draw was committed (never recomputed from `entries`). */
  commitment: z.string(),
  /** When the commitment was fixed, ISO-8601 UTC: the target block's timestamp must be later. */
  committedAt: z.string(),
  /** The chain head read right after the commitment (decimal): `blockNumber` must be above it. */
  headAtCommit: z.string().nullable(),
  seed: z.string(),
  chainId: z.number().int(),
  /** The draw's `count` in the public history (`GET /picker/{id or seed}/history`). */
  drawCount: z.number().int(),
  /** The top `winnerCount` of the draw's ranking, as the server drew them. */
  publishedWinners: z.array(z.string()),
});
export type DrawFileAnswer = z.infer<typeof drawFileAnswerSchema>;

export const seedLookupSchema = z.object({ id: z.number().int(), seed: z.string() });
