import { z } from "zod";
import { addressSchema } from "./address.ts";

/** A single grant or revocation moves at most this many points either way. */
export const maxGrantAmount = 1_000_000_000;

export const pointsSummarySchema = z.object({
  points: z.number().int().describe("The balance: the sum of the user's ledger rows"),
  level: z.number().int().describe("startLevel + floor(points / pointsPerLevel)"),
  pointsIntoLevel: z.number().int(),
  pointsToNextLevel: z.number().int(),
  pointsPerLevel: z.number().int(),
  pointName: z.string().describe("What the platform calls its points (EP by default)"),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;

export const pointsHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * What a client needs to word a ledger row in its own language, per source kind (all absent for a kind
 * without parameters, or when the source no longer exists).
 */
export const pointsHistoryParamsSchema = z.object({
  title: z
    .string()
    .optional()
    .describe("mission: the mission's title, when it has one; wheel: the game's title"),
  address: addressSchema.optional().describe("referral: the referee's wallet (EIP-55)"),
  note: z.string().optional().describe("admin: the administrator's reason, as typed"),
});
export type PointsHistoryParams = z.infer<typeof pointsHistoryParamsSchema>;

export const pointsHistoryEntrySchema = z.object({
  amount: z.number().int().describe("Positive for a credit, negative for a revocation"),
  reason: z
    .string()
    .describe("The ledger's stored audit text (English); clients word the row from sourceKind and params"),
  sourceKind: z.string().describe("What earned the points: mission, referral, admin…"),
  sourceId: z
    .string()
    .describe(
      "mission: the mission id; referral: the referee's user id; admin: the grant id; wheel: the spin id",
    ),
  params: pointsHistoryParamsSchema,
  createdAt: z.iso.datetime(),
});
export type PointsHistoryEntry = z.infer<typeof pointsHistoryEntrySchema>;

export const pointsHistoryPageSchema = z.object({
  rows: z.array(pointsHistoryEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PointsHistoryPage = z.infer<typeof pointsHistoryPageSchema>;

export const leaderboardQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const leaderboardEntrySchema = z.object({
  rank: z.number().int().describe("1 + the number of users with more points (equal balances share a rank)"),
  address: addressSchema,
  points: z.number().int(),
  level: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  rows: z.array(leaderboardEntrySchema),
  me: leaderboardEntrySchema
    .extend({ rank: z.number().int().nullable().describe("null while the balance is 0") })
    .nullable()
    .describe("The signed-in wallet's own place; null when signed out"),
  pointName: z.string(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const pointsGrantBodySchema = z
  .object({
    address: addressSchema,
    amount: z
      .number({ error: "points.amountInvalid" })
      .int("points.amountInvalid")
      .min(-maxGrantAmount, "points.amountInvalid")
      .max(maxGrantAmount, "points.amountInvalid")
      .refine((amount) => amount !== 0, "points.amountInvalid")
      .describe("Whole points; negative to revoke (never below a zero balance)"),
    reason: z
      .string({ error: "points.reasonInvalid" })
      .trim()
      .min(1, "points.reasonInvalid")
      .max(200, "points.reasonInvalid"),
  })
  .strict();
export type PointsGrantBody = z.infer<typeof pointsGrantBodySchema>;

export const pointsGrantSchema = z.object({
  id: z.string(),
  address: addressSchema,
  amount: z.number().int(),
  reason: z.string(),
  actor: addressSchema,
  createdAt: z.iso.datetime(),
});
export type PointsGrant = z.infer<typeof pointsGrantSchema>;

export const pointsGrantResultSchema = pointsGrantSchema.extend({
  balance: z.number().int().describe("The user's balance after the grant"),
});

export const pointsGrantsQuerySchema = pointsHistoryQuerySchema;

export const pointsGrantsPageSchema = z.object({
  rows: z.array(pointsGrantSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PointsGrantsPage = z.infer<typeof pointsGrantsPageSchema>;
