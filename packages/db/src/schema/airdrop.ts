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
import { users } from "./auth.ts";

/**
 * An airdrop campaign. Its status is not stored: draft until released, then not started / in progress /
 * ended by its times. Token amounts: `totalAmount` in display units as the creator typed it (≤ 4 decimals), every
 * on-chain figure in base units (numeric(78,0) holds any uint256).
 */
export const airdrops = pgTable(
  "airdrops",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    creatorUserId: bigint("creator_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    creatorAddress: addressColumn("creator_address").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    posterStyle: text("poster_style").notNull().default("classic"),
    rewardType: text("reward_type").$type<"token" | "nft" | "discord_role">().notNull(),
    chainId: integer("chain_id"),
    tokenAddress: addressColumn("token_address"),
    /** A token the creator describes (not read from chain metadata), with its own logo. */
    customToken: boolean("custom_token").notNull().default(false),
    tokenSymbol: text("token_symbol"),
    tokenDecimals: smallint("token_decimals"),
    tokenLogo: byteaColumn("token_logo"),
    tokenLogoType: text("token_logo_type").$type<"image/png" | "image/jpeg" | "image/webp">(),
    discordGuildId: text("discord_guild_id"),
    discordRoleId: text("discord_role_id"),
    /** The Telegram group or channel (numeric id or @username) a Telegram list is checked against. */
    telegramChatId: text("telegram_chat_id"),
    totalAmount: numeric("total_amount", { precision: 40, scale: 4 }),
    idType: text("id_type").$type<"wallet" | "twitter" | "telegram" | "discord">().notNull(),
    mode: text("mode").$type<"all" | "fcfs">().notNull(),
    /** FCFS: how many claims succeed (≤ participants, fixed once released). `all`: the participant count. */
    shares: integer("shares"),
    participantCount: integer("participant_count").notNull().default(0),
    totalWeight: bigint("total_weight", { mode: "number" }).notNull().default(0),
    /**
     * Set when the creator freezes the reward for funding: per-participant amounts, the Merkle tree (wallet
     * lists) and the deposit the campaign needs. Any later change of list or reward clears it.
     */
    preparedAt: timestamp("prepared_at", { withTimezone: true }),
    merkleRoot: text("merkle_root"),
    /** The total in base units, frozen when prepared: an `all` participant gets amountBase × weight ÷ totalWeight. */
    amountBase: numeric("amount_base", { precision: 78, scale: 0 }),
    amountPerShare: numeric("amount_per_share", { precision: 78, scale: 0 }),
    requiredDeposit: numeric("required_deposit", { precision: 78, scale: 0 }),
    /** The on-chain campaign of AirdropDistributor at `distributorAddress` on `chainId` that matches the draft. */
    distributorAddress: addressColumn("distributor_address"),
    campaignId: numeric("campaign_id", { precision: 78, scale: 0 }),
    campaignTxHash: text("campaign_tx_hash"),
    deposited: numeric("deposited", { precision: 78, scale: 0 }).notNull().default("0"),
    claimedAmount: numeric("claimed_amount", { precision: 78, scale: 0 }).notNull().default("0"),
    claimCount: integer("claim_count").notNull().default(0),
    refundedAmount: numeric("refunded_amount", { precision: 78, scale: 0 }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("airdrops_creator_idx").on(table.creatorUserId, table.id),
    index("airdrops_released_idx").on(table.releasedAt, table.id),
    uniqueIndex("airdrops_campaign_key").on(table.chainId, table.distributorAddress, table.campaignId),
    check("airdrops_times_check", sql`${table.startAt} <= ${table.endAt}`),
    check("airdrops_shares_check", sql`${table.shares} is null or ${table.shares} > 0`),
  ],
);

/**
 * One line of the participant list. `position` is the claim index (the Merkle leaf index, the voucher nonce).
 * `account`: lower-case address for wallet lists, the platform's user id (resolved) for social lists.
 */
export const airdropParticipants = pgTable(
  "airdrop_participants",
  {
    airdropId: bigint("airdrop_id", { mode: "number" })
      .notNull()
      .references(() => airdrops.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    account: text("account").notNull(),
    /** What the creator typed, for display (a handle or the checksummed address). */
    label: text("label").notNull(),
    weight: integer("weight").notNull().default(1),
    /** Social lists: the wallet the participant bound when first asking for a voucher; later vouchers pay it only. */
    boundAddress: addressColumn("bound_address"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    claimedBy: addressColumn("claimed_by"),
    claimTxHash: text("claim_tx_hash"),
  },
  (table) => [
    primaryKey({ columns: [table.airdropId, table.position] }),
    // Account first: one index answers "is this account on that list" and "which lists is it on" (My Wins).
    uniqueIndex("airdrop_participants_account_key").on(table.account, table.airdropId),
    // The claims paid to a wallet (the badges' "claim an airdrop" rule).
    index("airdrop_participants_claimed_by_idx")
      .on(table.claimedBy)
      .where(sql`${table.claimedBy} is not null`),
  ],
);

/**
 * A wallet list's Merkle tree in chunks of 4,096 entries: kind 0 holds the nodes (32 bytes each, StandardMerkleTree
 * layout), kind 1 the node of each list position (uint32, big-endian). A proof is one indexed read of the ~20
 * sibling slices; a million claims are ~750 rows instead of a row (or a proof) per node.
 */
export const airdropMerkleChunks = pgTable(
  "airdrop_merkle_chunks",
  {
    airdropId: bigint("airdrop_id", { mode: "number" })
      .notNull()
      .references(() => airdrops.id, { onDelete: "cascade" }),
    kind: smallint("kind").notNull(),
    chunk: integer("chunk").notNull(),
    bytes: byteaColumn("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.airdropId, table.kind, table.chunk] })],
);

/**
 * How to take one applied event back out of the books when its block leaves the chain (a reorganisation): the
 * amounts to subtract, the claim to reopen, or the fields a refund changed as they were before it.
 */
export type AirdropEventUndo =
  | { kind: "campaign"; campaignId: string }
  | { kind: "deposit"; amount: string }
  | { kind: "claim"; position: number; amount: string }
  | {
      kind: "refund";
      before: {
        campaignId: string | null;
        campaignTxHash: string | null;
        deposited: string;
        releasedAt: string | null;
        refundedAmount: string | null;
        refundedAt: string | null;
      };
    };

/** Distributor events already applied to the books, so a replayed receipt changes nothing. */
export const airdropChainEvents = pgTable(
  "airdrop_chain_events",
  {
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    airdropId: bigint("airdrop_id", { mode: "number" })
      .notNull()
      .references(() => airdrops.id, { onDelete: "cascade" }),
    eventName: text("event_name").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    /** The hash of the block the event was applied from; null for events applied before it was kept. */
    blockHash: text("block_hash"),
    /** How to undo the event if its block is orphaned; null for events applied before it was kept. */
    undo: jsonb("undo").$type<AirdropEventUndo>(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }),
    index("airdrop_chain_events_airdrop_idx").on(table.airdropId),
    index("airdrop_chain_events_block_idx").on(table.chainId, table.blockNumber),
  ],
);

/** Where the event indexer has read each distributor's logs up to. */
export const airdropIndexerCursors = pgTable(
  "airdrop_indexer_cursors",
  {
    chainId: integer("chain_id").notNull(),
    distributorAddress: addressColumn("distributor_address").notNull(),
    nextBlock: bigint("next_block", { mode: "bigint" }).notNull(),
    /** The hash of block `nextBlock - 1` when it was read: a different hash there now means a reorganisation. */
    lastBlockHash: text("last_block_hash"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.distributorAddress] })],
);

/** Where a participant import is: queued, running (progress in lines), done (the report) or failed (the error). */
export type AirdropParticipantImportState = "queued" | "running" | "done" | "failed";
export type AirdropParticipantImportPhase = "parsing" | "checking" | "storing";

/**
 * A participant list too long to check within the upload request: the staged text, checked and stored by a job
 * (`airdrop.import-participants`). The text is deleted once the import ends; the report or the error stays.
 */
export const airdropParticipantImports = pgTable(
  "airdrop_participant_imports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    airdropId: bigint("airdrop_id", { mode: "number" })
      .notNull()
      .references(() => airdrops.id, { onDelete: "cascade" }),
    uploadedBy: bigint("uploaded_by", { mode: "number" })
      .notNull()
      .references(() => users.id),
    /** The list as uploaded; null once the import has ended. */
    text: text("text"),
    state: text("state").$type<AirdropParticipantImportState>().notNull().default("queued"),
    processedLines: integer("processed_lines").notNull().default(0),
    totalLines: integer("total_lines").notNull(),
    /**
     * The step a running import is at: reading the lines, checking accounts upstream, storing the participants;
     * `phaseDone` of `phaseTotal` counts lines, upstream requests and rows respectively.
     */
    phase: text("phase").$type<AirdropParticipantImportPhase>(),
    phaseDone: integer("phase_done").notNull().default(0),
    phaseTotal: integer("phase_total").notNull().default(0),
    /** The participant report (the same as an inline upload answers) once done. */
    report: jsonb("report").$type<Record<string, unknown>>(),
    /** A failed import's error: the envelope typeCode, the message key and its parameters (translated on read). */
    errorTypeCode: integer("error_type_code"),
    errorKey: text("error_key"),
    errorParams: jsonb("error_params").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("airdrop_participant_imports_airdrop_idx").on(table.airdropId, table.id),
    check(
      "airdrop_participant_imports_state_check",
      sql`${table.state} in ('queued', 'running', 'done', 'failed')`,
    ),
  ],
);
