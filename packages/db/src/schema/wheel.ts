import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { addressColumn } from "../address-column.ts";
import { users } from "./auth.ts";

/**
 * A lucky wheel game (docs/wheel.md). Its id is the game id the LuckyWheel contract sees in vouchers and Spin
 * events. `salt` is the secret drawn at creation; `saltHash` (keccak256 of it) is published at once and never
 * changes, the salt only once the game is over. The status is not stored: it follows from the times, the funding
 * of the prizes, `closedAt` and `errorReason`.
 */
export const wheelGames = pgTable(
  "wheel_games",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    creatorUserId: bigint("creator_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** A partner activity's slug: a game platform administrators made for a partner; null for creators' games. */
    partnerSlug: text("partner_slug"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    chainId: integer("chain_id").notNull(),
    /** The LuckyWheel deployment the game's spins go to. */
    contractAddress: addressColumn("contract_address").notNull(),
    /** The chain's head when the game was created: no Spin of the game can be older. */
    fromBlock: bigint("from_block", { mode: "bigint" }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    dailyFreeTicket: boolean("daily_free_ticket").notNull().default(false),
    /** Tickets a referrer earns for each referee who finishes a mission of the game. */
    referralTickets: integer("referral_tickets").notNull().default(0),
    salt: text("salt").notNull(),
    saltHash: text("salt_hash").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /**
     * Why the game cannot run (status 10), in a form the web app words: `fundingWithdrawn:{prizeId}:{what}` when a
     * prize's distributor campaign no longer held its funding at the start.
     */
    errorReason: text("error_reason"),
    /** When the check at the start (every funded prize's campaign still holds its funding) ran; null: not yet. */
    startCheckedAt: timestamp("start_checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("wheel_games_creator_idx").on(table.creatorUserId, table.id),
    index("wheel_games_partner_idx").on(table.partnerSlug, table.id),
    check("wheel_games_times", sql`${table.startsAt} < ${table.endsAt}`),
    check("wheel_games_referral_tickets", sql`${table.referralTickets} >= 0`),
  ],
);

/**
 * A prize of a game, in wheel order (`position`). `prizeId` is what the game file names it by. `amount`: whole EP
 * for `ep`, token base units for `token`, 1 for `nft`, 0 for `nothing`. Token and NFT prizes are paid through an
 * AirdropDistributor campaign the creator funded (`distributorCampaignId`, checked on chain at `fundedAt`).
 */
export const wheelPrizes = pgTable(
  "wheel_prizes",
  {
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => wheelGames.id, { onDelete: "cascade" }),
    prizeId: text("prize_id").notNull(),
    position: integer("position").notNull(),
    kind: text("kind").$type<"ep" | "token" | "nft" | "nothing">().notNull(),
    label: text("label").notNull(),
    weight: bigint("weight", { mode: "number" }).notNull(),
    /** How many can be won; null: unlimited. */
    count: integer("count"),
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    tokenAddress: addressColumn("token_address"),
    tokenSymbol: text("token_symbol"),
    tokenDecimals: integer("token_decimals"),
    distributorCampaignId: numeric("distributor_campaign_id", { precision: 78, scale: 0 }),
    fundedAt: timestamp("funded_at", { withTimezone: true }),
    /** The funding campaign's end: the last moment its prizes can be claimed. */
    claimableUntil: timestamp("claimable_until", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.prizeId] }),
    check("wheel_prizes_weight", sql`${table.weight} > 0`),
    check("wheel_prizes_count", sql`${table.count} is null or ${table.count} > 0`),
  ],
);

/**
 * Tickets a user got for a game: one row per reason and source (a mission, a UTC day, a referee, an administrator's
 * grant), so a source grants once. The balance is the sum of `count` minus the user's spins of the game.
 */
export const wheelTicketGrants = pgTable(
  "wheel_ticket_grants",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => wheelGames.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<"mission" | "daily" | "admin" | "referral">().notNull(),
    sourceId: text("source_id").notNull(),
    count: integer("count").notNull(),
    note: text("note"),
    grantedByUserId: bigint("granted_by_user_id", { mode: "number" }).references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("wheel_ticket_grants_source_key").on(
      table.gameId,
      table.userId,
      table.reason,
      table.sourceId,
    ),
    check("wheel_ticket_grants_count", sql`${table.count} > 0`),
  ],
);

/**
 * One ticket spent (or about to be): its id is the ticket nonce of the spin voucher. `issued` while the voucher
 * waits for its transaction (at most one per user and game: asking again gets the same nonce); `drawing` once the
 * player's transaction was seen on chain; then the Spin event, read with its confirmations, fills the chain fields
 * and the outcome: `dispatching` for a token or NFT prize to claim, `completed` otherwise (EP is credited at once).
 */
export const wheelSpins = pgTable(
  "wheel_spins",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => wheelGames.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    account: addressColumn("account").notNull(),
    stage: text("stage").$type<"issued" | "drawing" | "dispatching" | "completed">().notNull(),
    voucherDeadline: timestamp("voucher_deadline", { withTimezone: true }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    txHash: text("tx_hash"),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    blockHash: text("block_hash"),
    transactionIndex: integer("transaction_index"),
    logIndex: integer("log_index"),
    position: numeric("position", { precision: 78, scale: 0 }),
    prizeId: text("prize_id"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }),
    claimId: bigint("claim_id", { mode: "number" }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("wheel_spins_one_issued_key")
      .on(table.gameId, table.userId)
      .where(sql`${table.stage} = 'issued'`),
    index("wheel_spins_game_chain_order_idx").on(
      table.gameId,
      table.blockNumber,
      table.transactionIndex,
      table.logIndex,
    ),
    index("wheel_spins_user_idx").on(table.gameId, table.userId),
  ],
);

/**
 * A claim of a user's won token or NFT prizes of one kind: one AirdropDistributor voucher (its nonce is this id)
 * for the sum of the spins it covers. Asking again before it is used gets the same nonce and amount.
 */
export const wheelClaims = pgTable(
  "wheel_claims",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => wheelGames.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    prizeId: text("prize_id").notNull(),
    account: addressColumn("account").notNull(),
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    claimTxHash: text("claim_tx_hash"),
  },
  (table) => [
    uniqueIndex("wheel_claims_one_open_key")
      .on(table.gameId, table.userId, table.prizeId)
      .where(sql`${table.claimedAt} is null`),
  ],
);

/** Where the spin recorder stopped on each LuckyWheel: the next block to read. */
export const wheelChainCursors = pgTable(
  "wheel_chain_cursors",
  {
    chainId: integer("chain_id").notNull(),
    contractAddress: addressColumn("contract_address").notNull(),
    nextBlock: bigint("next_block", { mode: "bigint" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.contractAddress] })],
);
