import { z } from "zod";
import { addressSchema } from "./address.ts";

export const adminStatusSchema = z.object({
  isAdmin: z.boolean().describe("Whether the signed-in wallet is a platform administrator"),
});
export type AdminStatus = z.infer<typeof adminStatusSchema>;

export const adminActionSchema = z.object({
  id: z.number().int(),
  actor: addressSchema,
  action: z.string().describe("`<module>.<verb>`, for instance `points.grant`"),
  targetKind: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type AdminAction = z.infer<typeof adminActionSchema>;

export const adminActionsQuerySchema = z.object({
  action: z
    .string()
    .regex(
      /^[a-z][a-z0-9-]*\.([a-z][a-z0-9-]*)?$/,
      "an action such as points.grant, or a module prefix such as points.",
    )
    .max(64)
    .optional(),
  /** The `next` cursor of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,16}_\d{1,16}$/)
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminActionsPageSchema = z.object({
  rows: z.array(adminActionSchema),
  next: z.string().nullable().describe("Pass as `cursor` for the next (older) page; null on the last page"),
});
export type AdminActionsPage = z.infer<typeof adminActionsPageSchema>;

export const xSpendingSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .describe("The calendar month in UTC, YYYY-MM"),
  items: z.number().int().describe("Posts and users read from X this month (and held by requests in flight)"),
  requests: z.number().int().describe("Requests sent to X this month, retries included"),
  cap: z
    .number()
    .int()
    .nullable()
    .describe(
      "X_SPENDING_CAP: the most posts and users per month; null when no cap is set (nothing is counted)",
    ),
});
export type XSpending = z.infer<typeof xSpendingSchema>;
