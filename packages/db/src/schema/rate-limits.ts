import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Request counters shared by every API replica: one row per key (a limit and a client) in a fixed window that
 * starts at the key's first hit. A hit past `expires_at` starts a new window; rows past it are purged. The
 * table is UNLOGGED (migration 0022: drizzle cannot say so here): a crash empties it, which only resets windows.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index("rate_limit_counters_expires_at_idx").on(table.expiresAt)],
);
