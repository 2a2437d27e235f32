import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** Each wallet user's own referral code, made at the first sign-in and changeable; unique over all users. */
export const referralCodes = pgTable(
  "referral_codes",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique("referral_codes_code_key"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("referral_codes_code_format", sql`${table.code} ~ '^[a-z0-9_-]{4,16}$'`)],
);

/**
 * Who referred whom: bound once, at the referee's first sign-in, to the user who held the code then (so a later
 * change of code keeps the link). One referrer per referee.
 */
export const referralLinks = pgTable(
  "referral_links",
  {
    refereeUserId: bigint("referee_user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    referrerUserId: bigint("referrer_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The code the referee came with. */
    code: text("code").notNull(),
    boundAt: timestamp("bound_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("referral_links_referrer_idx").on(table.referrerUserId, table.boundAt),
    check("referral_links_not_self", sql`${table.refereeUserId} <> ${table.referrerUserId}`),
  ],
);

/**
 * The reward a referrer earned for one referee: at most one per referee (the points ledger holds the EP under
 * source `referral:<referee id>`; this row is what the results page reads).
 */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    refereeUserId: bigint("referee_user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    referrerUserId: bigint("referrer_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountEp: integer("amount_ep").notNull(),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("referral_rewards_referrer_idx").on(table.referrerUserId, table.rewardedAt),
    check("referral_rewards_amount_positive", sql`${table.amountEp} > 0`),
  ],
);

/**
 * Every social account (X, Discord, Telegram) ever seen bound to a user. An account moved from one wallet to
 * another stays on both, so a referrer who hands their account to their referee is still the same person.
 */
export const referralIdentities = pgTable(
  "referral_identities",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    accountId: text("account_id").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider, table.accountId] }),
    index("referral_identities_account_idx").on(table.provider, table.accountId),
  ],
);
