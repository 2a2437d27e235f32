import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { addressColumn } from "../address-column.ts";
import { users } from "./auth.ts";

/**
 * The audit trail of platform administrators: one append-only row per action (who, what, on which object,
 * when), written in the same transaction as the change it records.
 */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorUserId: bigint("actor_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    actorAddress: addressColumn("actor_address").notNull(),
    /** `<module>.<verb>`, for instance `points.grant` or `news.publish`. */
    action: text("action").notNull(),
    targetKind: text("target_kind").notNull(),
    targetId: text("target_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("admin_actions_created_idx").on(table.createdAt, table.id),
    index("admin_actions_action_idx").on(table.action, table.createdAt),
  ],
);
