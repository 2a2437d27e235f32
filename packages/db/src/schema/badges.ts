import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { addressColumn } from "../address-column.ts";
import { byteaColumn } from "../bytea-column.ts";
import { users } from "./auth.ts";

/**
 * An achievement programme: a set of badges under one public code (the seeded early-bird and growth programmes
 * carry the configured EARLYBIRD_ID and GROWTH_ID). `season` is the period of its seasonal badges; administrators
 * move it on. `createdByUserId` null = seeded by the platform; `seed` stays until its texts are edited.
 */
export const badgeProgrammes = pgTable(
  "badge_programmes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    code: text("code").notNull(),
    kind: text("kind").$type<"earlybird" | "growth" | "custom">().notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    season: integer("season").notNull().default(1),
    /** Seeded programmes: which one (`earlybird`, `growth`), so pages can show its title in their language. */
    seed: text("seed"),
    createdByUserId: bigint("created_by_user_id", { mode: "number" }).references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("badge_programmes_code_key").on(sql`lower(${table.code})`),
    check("badge_programmes_season_positive", sql`${table.season} >= 1`),
  ],
);

/**
 * A badge of a programme. `rule` is what a user must have done (validated by the badges wire schema); `period`,
 * `kind` and `chainId` are fixed once created, since minted tokens carry them. `image`: an https or ipfs URL,
 * `artwork:<name>` (our own SVG artwork) or `upload:<id>` (badge_images). `mintCount` counts recorded mints.
 */
export const badges = pgTable(
  "badges",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    programmeId: bigint("programme_id", { mode: "number" })
      .notNull()
      .references(() => badgeProgrammes.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull(),
    ruleKind: text("rule_kind").notNull(),
    rule: jsonb("rule").$type<Record<string, unknown>>().notNull(),
    period: text("period").$type<"once" | "monthly" | "season">().notNull(),
    kind: text("kind").$type<"sbt" | "nft">().notNull(),
    chainId: integer("chain_id").notNull(),
    mintStart: timestamp("mint_start", { withTimezone: true }),
    mintEnd: timestamp("mint_end", { withTimezone: true }),
    mintCount: integer("mint_count").notNull().default(0),
    /** Seeded badges: which one (its artwork's name), so pages show its name in their language until edited. */
    seed: text("seed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("badges_programme_idx").on(table.programmeId, table.position, table.id),
    check(
      "badges_mint_window_check",
      sql`${table.mintStart} is null or ${table.mintEnd} is null or ${table.mintStart} < ${table.mintEnd}`,
    ),
  ],
);

/** An image an administrator uploaded for a badge (PNG, JPEG or WebP with its bytes checked, or a sanitised SVG; 1 MB). */
export const badgeImages = pgTable("badge_images", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  contentType: text("content_type")
    .$type<"image/png" | "image/jpeg" | "image/webp" | "image/svg+xml">()
    .notNull(),
  bytes: byteaColumn("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The wallets an administrator listed for a badge whose rule is `list`. */
export const badgeListEntries = pgTable(
  "badge_list_entries",
  {
    badgeId: bigint("badge_id", { mode: "number" })
      .notNull()
      .references(() => badges.id, { onDelete: "cascade" }),
    address: addressColumn("address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.badgeId, table.address] }),
    index("badge_list_entries_address_idx").on(table.address),
  ],
);

/**
 * One mint permission per (badge, wallet, period): its id is the voucher's on-chain nonce, so concurrent requests
 * for the same mint share one nonce. The deadline moves on when an expired voucher is asked for again.
 */
export const badgeVouchers = pgTable(
  "badge_vouchers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    badgeId: bigint("badge_id", { mode: "number" })
      .notNull()
      .references(() => badges.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: addressColumn("address").notNull(),
    period: bigint("period", { mode: "number" }).notNull(),
    chainId: integer("chain_id").notNull(),
    contractAddress: addressColumn("contract_address").notNull(),
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("badge_vouchers_mint_key").on(table.badgeId, table.address, table.period),
    index("badge_vouchers_user_idx").on(table.userId),
  ],
);

/**
 * A mint read from the chain (a BadgeMinted event of our contract): one token per (badge, wallet, period), one
 * row per token. `userId` is the wallet's user when it has signed in.
 */
export const badgeMints = pgTable(
  "badge_mints",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    badgeId: bigint("badge_id", { mode: "number" })
      .notNull()
      .references(() => badges.id, { onDelete: "cascade" }),
    address: addressColumn("address").notNull(),
    period: bigint("period", { mode: "number" }).notNull(),
    kind: text("kind").$type<"sbt" | "nft">().notNull(),
    chainId: integer("chain_id").notNull(),
    contractAddress: addressColumn("contract_address").notNull(),
    tokenId: numeric("token_id", { precision: 78, scale: 0 }).notNull(),
    txHash: text("tx_hash").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    mintedAt: timestamp("minted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("badge_mints_token_key").on(table.chainId, table.contractAddress, table.tokenId),
    uniqueIndex("badge_mints_mint_key").on(table.badgeId, table.address, table.period),
    index("badge_mints_address_idx").on(table.address),
  ],
);

/** How far the mint indexer has read each contract's events. */
export const badgeIndexerCursors = pgTable(
  "badge_indexer_cursors",
  {
    chainId: integer("chain_id").notNull(),
    contractAddress: addressColumn("contract_address").notNull(),
    nextBlock: bigint("next_block", { mode: "bigint" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.contractAddress] })],
);
