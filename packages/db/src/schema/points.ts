import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * The points (EP) ledger: append-only, one row per change. A source (a mission completion, a referral, an
 * admin grant…) credits a user once: retried or concurrent credits of the same source hit the unique key.
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whole points; negative for a revocation. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    sourceKind: text("source_kind").notNull(),
    sourceId: text("source_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("points_ledger_source_key").on(table.userId, table.sourceKind, table.sourceId),
    // A user's history, newest first, and the sums of one source kind over a period.
    index("points_ledger_user_created_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    index("points_ledger_user_kind_created_idx").on(table.userId, table.sourceKind, table.createdAt),
  ],
);

/**
 * Each user's balance: the sum of their ledger rows, kept in the statement that inserts the row, so the
 * leaderboard reads an index instead of summing the ledger. Never negative.
 */
export const pointsTotals = pgTable(
  "points_totals",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    points: bigint("points", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("points_totals_not_negative", sql`${table.points} >= 0`),
    index("points_totals_rank_idx").on(table.points.desc(), table.userId),
  ],
);

/** A grant or revocation by a platform administrator; its ledger row has source kind 'admin' and this id. */
export const pointsGrants = pgTable(
  "points_grants",
  {
    id: uuid("id").primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorUserId: bigint("actor_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    amount: bigint("amount", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("points_grants_created_idx").on(table.createdAt.desc(), table.id)],
);

/**
 * How many users hold each positive balance, for a user's rank without counting everyone above them. Only the
 * fold job writes it (from pointsBalanceDeltas), so credits never wait on a shared counter row.
 */
export const pointsBalanceCounts = pgTable("points_balance_counts", {
  points: bigint("points", { mode: "number" }).primaryKey(),
  users: bigint("users", { mode: "number" }).notNull(),
  /** The users holding this balance or more, as of the last fold: a rank is one index probe, not a sum. */
  usersAtOrAbove: bigint("users_at_or_above", { mode: "number" }).notNull().default(0),
});

/**
 * Changes to pointsBalanceCounts not folded in yet: every credit appends -1 at the user's old balance and +1 at
 * the new one (inserts only, in the credit's statement). counts + deltas is exact at every moment.
 */
export const pointsBalanceDeltas = pgTable("points_balance_deltas", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  points: bigint("points", { mode: "number" }).notNull(),
  delta: integer("delta").notNull(),
});
