import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * A programme that owns an ordered list of missions: the platform's achievements, a wheel game, a partner
 * activity or a tips campaign (`referenceId` names that game or campaign). `ownerUserId` null = the platform.
 */
export const missionCampaigns = pgTable(
  "mission_campaigns",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<"achievement" | "wheel" | "partner" | "tips">().notNull(),
    referenceId: text("reference_id"),
    ownerUserId: bigint("owner_user_id", { mode: "number" }).references(() => users.id),
    title: text("title").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One campaign per game, activity or tips campaign; one platform achievement programme.
    uniqueIndex("mission_campaigns_reference_key").on(table.kind, sql`coalesce(${table.referenceId}, '')`),
  ],
);

/**
 * One mission of a campaign. `parameters` hold what its kind needs (a post id, an account, a guild and role…),
 * validated by the missions wire schema before they are stored. Deleting hides a mission but keeps its
 * completions (and the credit they earned) meaningful.
 */
export const missions = pgTable(
  "missions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => missionCampaigns.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").notNull(),
    parameters: jsonb("parameters").$type<Record<string, unknown>>().notNull(),
    title: text("title").notNull().default(""),
    rewardEp: integer("reward_ep").notNull().default(0),
    rewardTickets: integer("reward_tickets").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    index("missions_campaign_position_idx").on(table.campaignId, table.position),
    check("missions_rewards_not_negative", sql`${table.rewardEp} >= 0 and ${table.rewardTickets} >= 0`),
  ],
);

/**
 * A mission done by a user: recorded once per (user, mission), in the transaction that credits its EP.
 * `accountId` is the X, Discord or Telegram account the check used; an X tweet mission's tweet serves one
 * account and one mission (`tweetId` is unique). `rewardTickets` are the wheel tickets it earned.
 */
export const missionCompletions = pgTable(
  "mission_completions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    missionId: bigint("mission_id", { mode: "number" })
      .notNull()
      .references(() => missions.id, { onDelete: "cascade" }),
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => missionCampaigns.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"x" | "discord" | "telegram">().notNull(),
    accountId: text("account_id").notNull(),
    tweetId: text("tweet_id"),
    rewardEp: integer("reward_ep").notNull(),
    rewardTickets: integer("reward_tickets").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("mission_completions_user_mission_key").on(table.userId, table.missionId),
    uniqueIndex("mission_completions_tweet_key").on(table.tweetId),
    index("mission_completions_user_idx").on(table.userId, table.completedAt),
    index("mission_completions_mission_idx").on(table.missionId),
  ],
);
