// The wire contract of achievement badges: programmes, badges and their rules, a user's achievements, mint
// vouchers and recorded mints, and the administrators' bodies.
import { badgeKinds, badgePeriods } from "@dropfair/core/badges";
import { hasVisibleCharacter, stripBidiControls } from "@dropfair/core/text";
import { z } from "zod";
import { addressSchema } from "./address.ts";

export {
  type BadgeKind,
  type BadgePeriod,
  type BadgeRule,
  type BadgeRuleKind,
  badgeKinds,
  badgePeriods,
  badgeRuleKinds,
} from "@dropfair/core/badges";

const invalid = { message: "validation.request.fieldInvalid" };
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const target = z.number().int().min(1).max(1_000_000_000);

export const badgeRuleSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("level"), level: target }),
  z.strictObject({ kind: z.literal("points"), points: target }),
  z.strictObject({
    kind: z.literal("missions"),
    missionIds: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .min(1)
      .max(50)
      .refine((ids) => new Set(ids).size === ids.length, invalid),
  }),
  z.strictObject({ kind: z.literal("airdrop_create"), count: target }),
  z.strictObject({ kind: z.literal("airdrop_claim"), count: target }),
  z.strictObject({ kind: z.literal("wheel_prize"), count: target }),
  z.strictObject({ kind: z.literal("list") }),
]);

/** A programme's public code: the configured EARLYBIRD_ID / GROWTH_ID, or what an administrator chose. */
export const programmeCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{3,32}$/, invalid);

const text = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => stripBidiControls(value).trim());
const name = text(60).refine(hasVisibleCharacter, { message: "validation.request.fieldRequired" });

/** An image link: https, or ipfs:// (shown through a public gateway). Uploaded images get their own route. */
export const badgeImageUrlSchema = z
  .string()
  .max(500)
  .refine((value) => /^(https:\/\/|ipfs:\/\/)[^\s"'<>]+$/.test(value), invalid);

const moment = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

export const programmeCreateBodySchema = z.strictObject({
  code: programmeCodeSchema,
  title: name,
  description: text(500).default(""),
});
export type ProgrammeCreateBody = z.infer<typeof programmeCreateBodySchema>;

export const programmeUpdateBodySchema = z
  .strictObject({
    title: name.optional(),
    description: text(500).optional(),
    season: z.number().int().min(1).max(10_000).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "validation.request.emptyContent",
  });
export type ProgrammeUpdateBody = z.infer<typeof programmeUpdateBodySchema>;

const mintWindowRefinement = {
  check: (body: { mintStart?: Date | null; mintEnd?: Date | null }) =>
    !body.mintStart || !body.mintEnd || body.mintStart < body.mintEnd,
  message: "validation.airdrop.timeOrder",
};

export const badgeCreateBodySchema = z
  .strictObject({
    name,
    description: text(500).default(""),
    image: badgeImageUrlSchema.optional().describe("https or ipfs URL; our artwork when left out"),
    rule: badgeRuleSchema,
    period: z.enum(badgePeriods),
    kind: z.enum(badgeKinds),
    chainId: z.number().int().positive().describe("A chain with a DropfairBadges deployment"),
    mintStart: moment.nullable().optional(),
    mintEnd: moment.nullable().optional(),
  })
  .refine(mintWindowRefinement.check, { message: mintWindowRefinement.message });
export type BadgeCreateBody = z.infer<typeof badgeCreateBodySchema>;

/** Period, kind and chain stay as created: tokens already minted carry them. */
export const badgeUpdateBodySchema = z
  .strictObject({
    name: name.optional(),
    description: text(500).optional(),
    image: badgeImageUrlSchema.optional(),
    rule: badgeRuleSchema.optional(),
    mintStart: moment.nullable().optional(),
    mintEnd: moment.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "validation.request.emptyContent",
  })
  .refine(mintWindowRefinement.check, { message: mintWindowRefinement.message });
export type BadgeUpdateBody = z.infer<typeof badgeUpdateBodySchema>;

export const badgeListBodySchema = z.strictObject({
  addresses: z.array(addressSchema).max(10_000),
});

export const badgeImageBodySchema = z.strictObject({
  image: z
    .string()
    .max(1_500_000)
    .describe("A data URL of a PNG, JPEG, WebP or SVG image (SVG sanitised), at most 1 MB"),
});

export const programmeCodeParamsSchema = z.strictObject({ code: programmeCodeSchema });
export const badgeIdParamsSchema = z.strictObject({ badgeId: id });
export const imageIdParamsSchema = z.strictObject({ imageId: id });
export const artworkParamsSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/, invalid),
});
export const metadataParamsSchema = z.strictObject({
  chainId: id,
  tokenId: z.string().regex(/^[0-9]{1,78}$/, invalid),
});
export const achievementsQuerySchema = z.strictObject({ programme: programmeCodeSchema.optional() });

export const programmeSchema = z.object({
  code: z.string(),
  kind: z.enum(["earlybird", "growth", "custom"]),
  title: z.string(),
  description: z.string(),
  season: z.number().int(),
  seed: z
    .string()
    .nullable()
    .describe(
      "A seeded programme (earlybird, growth) whose texts are still ours: pages show them translated",
    ),
  badgeCount: z.number().int(),
});
export type Programme = z.infer<typeof programmeSchema>;

export const badgeMintStates = ["locked", "mintable", "minted", "upcoming", "closed"] as const;

export const badgeSchema = z.object({
  id: z.number().int(),
  programme: z.string().describe("The programme's code"),
  name: z.string(),
  description: z.string(),
  image: z
    .string()
    .describe(
      "A path on this API (our artwork, uploads) or an https URL (ipfs links rewritten to a gateway)",
    ),
  rule: badgeRuleSchema,
  period: z.enum(badgePeriods),
  kind: z.enum(badgeKinds),
  chainId: z.number().int(),
  contractAddress: z
    .string()
    .nullable()
    .describe("DropfairBadges on the badge's chain; null when none is set"),
  mintStart: z.iso.datetime().nullable(),
  mintEnd: z.iso.datetime().nullable(),
  holders: z.number().int().describe("Tokens minted so far"),
  currentPeriod: z.number().int().describe("The period a mint now belongs to: 0, YYYYMM or the season"),
  closesAt: z.iso.datetime().nullable().describe("When the current chance to mint ends, if it does"),
  seed: z
    .string()
    .nullable()
    .describe("A seeded badge whose name and description are still ours (translated)"),
});
export type Badge = z.infer<typeof badgeSchema>;

export const mintedTokenSchema = z.object({
  tokenId: z.string(),
  period: z.number().int(),
  txHash: z.string(),
  mintedAt: z.iso.datetime(),
});
export type MintedToken = z.infer<typeof mintedTokenSchema>;

export const badgeWithStateSchema = badgeSchema.extend({
  state: z.enum(badgeMintStates),
  progress: z.object({ current: z.number().int(), target: z.number().int(), eligible: z.boolean() }),
  minted: mintedTokenSchema.nullable().describe("The caller's token of the current period"),
  mintedTotal: z.number().int().describe("The caller's tokens of this badge, every period"),
});
export type BadgeWithState = z.infer<typeof badgeWithStateSchema>;

export const achievementsSchema = z.object({
  signedIn: z.boolean(),
  points: z.number().int(),
  level: z.number().int(),
  pointsIntoLevel: z.number().int(),
  pointsPerLevel: z.number().int(),
  pointName: z.string(),
  mintedSbt: z.number().int(),
  mintedNft: z.number().int(),
  mintable: z.number().int(),
  balance: z.number().int().describe("Badge tokens the caller's wallet was minted (all kinds)"),
  programme: programmeSchema.nullable(),
  badges: z.array(badgeWithStateSchema),
  contracts: z.array(z.object({ chainId: z.number().int(), address: z.string() })),
});
export type Achievements = z.infer<typeof achievementsSchema>;

export const badgeDetailSchema = z.object({
  badge: badgeWithStateSchema,
  programme: programmeSchema,
  listed: z.number().int().nullable().describe("List badges: how many wallets are listed"),
});
export type BadgeDetail = z.infer<typeof badgeDetailSchema>;

export const dropSchema = badgeSchema.extend({
  programmeTitle: z.string(),
  programmeSeed: z.string().nullable(),
});
export type Drop = z.infer<typeof dropSchema>;

export const mintVoucherSchema = z.object({
  badgeId: z.number().int(),
  chainId: z.number().int(),
  contractAddress: z.string(),
  voucher: z.object({
    account: z.string(),
    badgeId: z.string(),
    soulbound: z.boolean(),
    period: z.string(),
    nonce: z.string(),
    deadline: z.string(),
  }),
  signature: z.string(),
});
export type MintVoucher = z.infer<typeof mintVoucherSchema>;

export const voucherBatchBodySchema = z.strictObject({
  programme: programmeCodeSchema.optional(),
  chainId: z.number().int().positive().optional(),
});

export const mintReportBodySchema = z.strictObject({
  chainId: z.number().int().positive(),
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, invalid),
});

export const recordedMintSchema = z.object({
  badgeId: z.number().int(),
  account: z.string(),
  period: z.number().int(),
  kind: z.enum(badgeKinds),
  chainId: z.number().int(),
  tokenId: z.string(),
  txHash: z.string(),
});
export type RecordedMint = z.infer<typeof recordedMintSchema>;
