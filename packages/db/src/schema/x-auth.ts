import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** X accounts we have seen signed in (profile data as X last answered it). */
export const xAccounts = pgTable("x_accounts", {
  /** X's numeric user id, as a string. */
  id: text("id").primaryKey(),
  username: text("username").notNull(),
  name: text("name").notNull(),
  avatarUrl: text("avatar_url"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One "Sign in with X" attempt: the OAuth `state` and the PKCE verifier kept server-side until the callback.
 * A state is consumed exactly once.
 */
export const xSignInStates = pgTable(
  "x_sign_in_states",
  {
    state: text("state").primaryKey(),
    project: text("project").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    /** The SPA path to return to after the sign-in. */
    returnTo: text("return_to").notNull(),
    /** A wallet session that started the flow; linking needs it to be fresh. */
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [index("x_sign_in_states_expires_at_idx").on(table.expiresAt)],
);

/** Our own session for an X-signed-in browser (the `{project}twitter_auth` cookie carries its token). */
export const xSessions = pgTable(
  "x_sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    xUserId: text("x_user_id")
      .notNull()
      .references(() => xAccounts.id, { onDelete: "cascade" }),
    project: text("project").notNull(),
    /** X's user-context access token, used for calls that need it (liking users, users/me). */
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("x_sessions_token_hash_key").on(table.tokenHash),
    index("x_sessions_x_user_id_idx").on(table.xUserId),
    index("x_sessions_expires_at_idx").on(table.expiresAt),
    check("x_sessions_expiry_after_creation", sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);
