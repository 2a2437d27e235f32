import { sql } from "drizzle-orm";
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * An X, Discord or Telegram account proven by its owner (a live Sign in with X session, Discord OAuth 2.0, the
 * Telegram login check) and bound to the wallet user who proved it. One account binds to one wallet, so a social-list airdrop pays one wallet per id.
 */
export const socialLinks = pgTable(
  "social_links",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"x" | "discord" | "telegram">().notNull(),
    accountId: text("account_id").notNull(),
    username: text("username"),
    displayName: text("display_name").notNull(),
    avatarUrl: text("avatar_url"),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    uniqueIndex("social_links_account_key").on(table.provider, table.accountId),
    index("social_links_username_idx").on(table.provider, sql`lower(${table.username})`),
  ],
);

/** A started link: the OAuth state (and PKCE verifier) or the Telegram return path, single use, short-lived. */
export const socialLinkStates = pgTable(
  "social_link_states",
  {
    state: text("state").primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"discord" | "telegram">().notNull(),
    codeVerifier: text("code_verifier"),
    redirectUri: text("redirect_uri").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [index("social_link_states_expires_at_idx").on(table.expiresAt)],
);
