import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { addressColumn } from "../address-column.ts";
import { byteaColumn } from "../bytea-column.ts";

/** A follow target as the creator entered it and X resolved it. */
export type PickerFollowTarget = { id: string; username: string };

/** The picker's profile filters on entrants; absent or false means "no filter". */
export type PickerFilters = {
  profilePicture?: boolean;
  banner?: boolean;
  description?: boolean;
  location?: boolean;
  verified?: boolean;
  /** Minimum number of posts. */
  minTweetCount?: number;
  /** Minimum account age in days: 7, 30, 180 or 365. */
  minAccountAgeDays?: number;
  /** Last post within this many days: 1, 7 or 30. */
  lastPostWithinDays?: number;
};

/** Live progress of the pipeline, shown on the detail page. */
export type PickerProgress = {
  stage?: string;
  fetched?: number;
  total?: number;
  pages?: number;
  /** The free plan's entry limit cut the collection short. */
  limited?: boolean;
  /**
   * X's rate limit is spent until this time (ISO 8601, as X announced it): the job is rescheduled to it and
   * goes on from its cursors then. Cleared once the collection writes again.
   */
  waitingUntil?: string;
};

export const pickers = pgTable(
  "pickers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Public code for seed search, share links and `dropfair verify <seed>`. */
    seed: text("seed").notNull(),
    version: smallint("version").notNull().default(2),
    /** The X account that owns the post (the author); admins of it may operate the picker. */
    ownerXUserId: text("owner_x_user_id").notNull(),
    ownerUsername: text("owner_username").notNull(),
    creatorXUserId: text("creator_x_user_id").notNull(),
    postId: text("post_id").notNull(),
    postUrl: text("post_url").notNull(),
    postText: text("post_text").notNull().default(""),
    postCreatedAt: timestamp("post_created_at", { withTimezone: true }),
    winnerCount: integer("winner_count").notNull(),
    /** Decimal string, never a float. */
    rewardAmount: numeric("reward_amount", { precision: 38, scale: 10 }),
    rewardText: text("reward_text").notNull().default(""),
    followTargets: jsonb("follow_targets").$type<PickerFollowTarget[]>().notNull().default([]),
    requireRetweet: boolean("require_retweet").notNull(),
    requireReply: boolean("require_reply").notNull(),
    infoType: text("info_type").$type<"evm" | "solana" | "custom">().notNull(),
    infoName: text("info_name").notNull().default(""),
    filters: jsonb("filters").$type<PickerFilters>().notNull().default({}),
    /** Entries counted per post: 1,000 on the free plan, null with membership. */
    entryLimit: integer("entry_limit"),
    status: smallint("status").notNull().default(0),
    progress: jsonb("progress").$type<PickerProgress>().notNull().default({}),
    errorMessage: text("error_message"),
    entryCount: integer("entry_count").notNull().default(0),
    eligibleCount: integer("eligible_count").notNull().default(0),
    /** Public counts of excluded entrants per reason. */
    excludedCounts: jsonb("excluded_counts").$type<Record<string, number>>().notNull().default({}),
    drawCount: integer("draw_count").notNull().default(0),
    paymentChainId: integer("payment_chain_id"),
    paymentTxHash: text("payment_tx_hash"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("pickers_seed_key").on(table.seed),
    index("pickers_owner_idx").on(table.ownerXUserId, table.createdAt),
    index("pickers_creator_idx").on(table.creatorXUserId, table.createdAt),
    index("pickers_post_idx").on(table.postId),
    check("pickers_winner_count_positive", sql`${table.winnerCount} > 0`),
  ],
);

/** One entrant of a picker. The primary key makes every collection stage idempotent. */
export const pickerEntries = pgTable(
  "picker_entries",
  {
    pickerId: bigint("picker_id", { mode: "number" })
      .notNull()
      .references(() => pickers.id, { onDelete: "cascade" }),
    xUserId: text("x_user_id").notNull(),
    username: text("username").notNull(),
    name: text("name").notNull().default(""),
    avatarUrl: text("avatar_url"),
    /** The profile fields the filters read, as X answered them at collection time. */
    profile: jsonb("profile").$type<Record<string, unknown>>().notNull().default({}),
    retweeted: boolean("retweeted").notNull().default(false),
    quoted: boolean("quoted").notNull().default(false),
    replied: boolean("replied").notNull().default(false),
    /** keccak256(utf8(postId + ":" + userId)), hashed once at collection time. */
    entryHash: text("entry_hash").notNull(),
    excludedReason: text("excluded_reason"),
    /** uint64 as a decimal (numeric keeps it exact). */
    score: numeric("score", { precision: 20, scale: 0 }),
    rank: integer("rank"),
    role: text("role").$type<"winner" | "substitute">(),
    rejectReason: text("reject_reason"),
    blackReason: text("black_reason"),
    info: text("info"),
    infoSubmittedAt: timestamp("info_submitted_at", { withTimezone: true }),
    collectedAt: timestamp("collected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.pickerId, table.xUserId] }),
    index("picker_entries_rank_idx").on(table.pickerId, table.rank),
    index("picker_entries_username_idx").on(table.pickerId, table.username),
  ],
);

/** Where each collection stage stopped: the next page token and what it has done so far. */
export const pickerCursors = pgTable(
  "picker_cursors",
  {
    pickerId: bigint("picker_id", { mode: "number" })
      .notNull()
      .references(() => pickers.id, { onDelete: "cascade" }),
    /** The stage and, for per-target stages, the target: "retweets", "quotes", "replies", "followers:<id>". */
    stage: text("stage").notNull(),
    cursor: text("cursor"),
    pages: integer("pages").notNull().default(0),
    items: integer("items").notNull().default(0),
    done: boolean("done").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pickerId, table.stage] })],
);

/** Followers of each follow target, collected in stage 20. */
export const pickerFollowers = pgTable(
  "picker_followers",
  {
    pickerId: bigint("picker_id", { mode: "number" })
      .notNull()
      .references(() => pickers.id, { onDelete: "cascade" }),
    targetId: text("target_id").notNull(),
    xUserId: text("x_user_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.pickerId, table.targetId, table.xUserId] })],
);

/** The public draw history: every draw and redraw with its commitment, block and reason. */
export const pickerDraws = pgTable(
  "picker_draws",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    pickerId: bigint("picker_id", { mode: "number" })
      .notNull()
      .references(() => pickers.id, { onDelete: "cascade" }),
    /** 1 for the first draw, 2 for the second… */
    count: integer("count").notNull(),
    kind: text("kind").$type<"draw" | "redraw" | "replace">().notNull(),
    reason: text("reason"),
    /** keccak256 of the canonical eligible list frozen for this draw. */
    commitment: text("commitment").notNull(),
    entryCount: integer("entry_count").notNull(),
    winnerCount: integer("winner_count").notNull(),
    chainId: integer("chain_id").notNull(),
    /** The block whose hash seeds the draw: `headAtCommit` plus the margin, fixed before it exists. */
    targetBlock: bigint("target_block", { mode: "bigint" }).notNull(),
    /**
     * When the eligible list was frozen and its commitment fixed (a replacement keeps its draw's). The target
     * block's timestamp must come after it (docs/fairness.md).
     */
    committedAt: timestamp("committed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The chain head read right after the commitment was fixed; null for draws committed before it was kept. */
    headAtCommit: bigint("head_at_commit", { mode: "bigint" }),
    blockHash: text("block_hash"),
    status: text("status").$type<"waiting" | "drawn" | "failed">().notNull().default("waiting"),
    /** For a one-winner replacement: who was replaced and who took the place. */
    replacedXUserIds: jsonb("replaced_x_user_ids").$type<string[]>(),
    actorXUserId: text("actor_x_user_id").notNull(),
    ownerXUserId: text("owner_x_user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("picker_draws_count_key").on(table.pickerId, table.count),
    index("picker_draws_owner_day_idx").on(table.ownerXUserId, table.createdAt),
  ],
);

/** Helpers: admins of an owner account, who act as the owner on its pickers. */
export const pickerAdmins = pgTable(
  "picker_admins",
  {
    ownerXUserId: text("owner_x_user_id").notNull(),
    adminXUserId: text("admin_x_user_id").notNull(),
    adminUsername: text("admin_username").notNull(),
    addedByXUserId: text("added_by_x_user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerXUserId, table.adminXUserId] }),
    index("picker_admins_admin_idx").on(table.adminXUserId),
  ],
);

/** The owner's ban list: bans added by helpers land here too, so they apply to all the owner's pickers. */
export const pickerBans = pgTable(
  "picker_bans",
  {
    ownerXUserId: text("owner_x_user_id").notNull(),
    xUserId: text("x_user_id").notNull(),
    username: text("username").notNull(),
    reason: text("reason").notNull(),
    addedByXUserId: text("added_by_x_user_id").notNull(),
    addedByUsername: text("added_by_username").notNull(),
    pickerId: bigint("picker_id", { mode: "number" }).references(() => pickers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerXUserId, table.xUserId] })],
);

/** Picker membership: 10 USDT a month, paid on chain and verified from the receipt. */
export const pickerMemberships = pgTable(
  "picker_memberships",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    xUserId: text("x_user_id").notNull(),
    payer: addressColumn("payer").notNull(),
    plan: text("plan").$type<"month" | "year">().notNull(),
    chainId: integer("chain_id").notNull(),
    /** Lowercase 0x hash; one payment buys one membership. */
    txHash: text("tx_hash").notNull(),
    /** Token base units, as a decimal string. */
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("picker_memberships_tx_key").on(table.chainId, table.txHash),
    index("picker_memberships_user_idx").on(table.xUserId, table.expiresAt),
  ],
);

/** The custom poster of a picker (annual membership only), served as-is on the detail page. */
export const pickerPosters = pgTable("picker_posters", {
  pickerId: bigint("picker_id", { mode: "number" })
    .primaryKey()
    .references(() => pickers.id, { onDelete: "cascade" }),
  contentType: text("content_type").$type<"image/png" | "image/jpeg" | "image/webp">().notNull(),
  bytes: byteaColumn("bytes").notNull(),
  byteSize: integer("byte_size").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Idempotency-Key replay store (T15): one effect per key and caller, the same answer on retries. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The attempt running the request (a random id), while no answer is stored. */
    owner: text("owner"),
    /**
     * Until when the owner holds the key: it renews the lease while its handler runs, so a key whose lease ran
     * out belongs to an attempt that crashed, and a retry takes it over. Null once the answer is stored.
     */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index("idempotency_keys_created_idx").on(table.createdAt),
  ],
);
