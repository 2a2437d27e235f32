import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
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
 * A tips (social-mining) campaign (docs/tips.md). `status` is moved by the `tips.advance` job (0 not started, 1
 * running, 4 processing, 7 awaiting confirmation) and the creator's confirmation (5 ended); 10 error. The prize is
 * paid through an AirdropDistributor voucher campaign the creator funded (`distributorCampaignId`, checked on chain
 * at `fundedAt`). `totalPrize` is in token base units.
 */
export const tipsCampaigns = pgTable(
  "tips_campaigns",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    creatorUserId: bigint("creator_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    hashtag: text("hashtag").notNull().default(""),
    mention: text("mention").notNull().default(""),
    slogan: text("slogan").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    chainId: integer("chain_id").notNull(),
    tokenAddress: addressColumn("token_address").notNull(),
    tokenSymbol: text("token_symbol").notNull(),
    tokenDecimals: integer("token_decimals").notNull(),
    totalPrize: numeric("total_prize", { precision: 78, scale: 0 }).notNull(),
    weightViews: integer("weight_views").notNull(),
    weightLikes: integer("weight_likes").notNull(),
    weightReplies: integer("weight_replies").notNull(),
    weightRetweets: integer("weight_retweets").notNull(),
    weightQuotes: integer("weight_quotes").notNull(),
    tweetCap: integer("tweet_cap").notNull(),
    dailyTweets: integer("daily_tweets").notNull(),
    status: smallint("status").notNull().default(0),
    distributorCampaignId: numeric("distributor_campaign_id", { precision: 78, scale: 0 }),
    fundedAt: timestamp("funded_at", { withTimezone: true }),
    /** When the last leaderboard was computed, and its sum of points. */
    computedAt: timestamp("computed_at", { withTimezone: true }),
    totalPoints: numeric("total_points", { precision: 78, scale: 0 }).notNull().default("0"),
    participantCount: integer("participant_count").notNull().default(0),
    /** When the creator confirmed the final leaderboard (payouts open). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The creator's refund of what was left after the claim window (the distributor's Refunded event). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundedAmount: numeric("refunded_amount", { precision: 78, scale: 0 }),
    refundTxHash: text("refund_tx_hash"),
    errorReason: text("error_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("tips_campaigns_creator_idx").on(table.creatorUserId, table.id),
    index("tips_campaigns_status_idx").on(table.status, table.id),
    check("tips_campaigns_times", sql`${table.startsAt} < ${table.endsAt}`),
    check("tips_campaigns_prize", sql`${table.totalPrize} > 0`),
  ],
);

/**
 * A participant: the wallet user who joined and the X account they take part with (its id is the snapshot's
 * `userId`). A ban drops them from the ranking and the payouts; `lastReloadAt` paces their own reloads.
 */
export const tipsParticipants = pgTable(
  "tips_participants",
  {
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => tipsCampaigns.id, { onDelete: "cascade" }),
    xUserId: text("x_user_id").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    username: text("username"),
    name: text("name").notNull(),
    avatarUrl: text("avatar_url"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    banReason: text("ban_reason"),
    bannedByUserId: bigint("banned_by_user_id", { mode: "number" }).references(() => users.id),
    lastReloadAt: timestamp("last_reload_at", { withTimezone: true }),
    /** When the participant's own timeline was last read by the collection (the fallback to recent search). */
    timelineReadAt: timestamp("timeline_read_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.xUserId] }),
    uniqueIndex("tips_participants_user_key").on(table.campaignId, table.userId),
    index("tips_participants_banned_idx").on(table.campaignId, table.bannedAt),
  ],
);

/**
 * A tweet of a participant that carries the campaign's essential text, with its public metrics as last read.
 * `deletedAt`: X no longer returns it; it stops counting from the next leaderboard.
 */
export const tipsTweets = pgTable(
  "tips_tweets",
  {
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => tipsCampaigns.id, { onDelete: "cascade" }),
    tweetId: text("tweet_id").notNull(),
    xUserId: text("x_user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull(),
    text: text("text").notNull(),
    views: bigint("views", { mode: "number" }).notNull(),
    likes: bigint("likes", { mode: "number" }).notNull(),
    replies: bigint("replies", { mode: "number" }).notNull(),
    retweets: bigint("retweets", { mode: "number" }).notNull(),
    quotes: bigint("quotes", { mode: "number" }).notNull(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.tweetId] }),
    index("tips_tweets_author_idx").on(table.campaignId, table.xUserId),
  ],
);

/**
 * Where the collection of a campaign stands, so a killed worker resumes: the recent search's `next_token` and the
 * newest tweet id it has seen, the refresh's position in the known tweets, and how much of X's budget it used.
 */
export const tipsCollections = pgTable("tips_collections", {
  campaignId: bigint("campaign_id", { mode: "number" })
    .primaryKey()
    .references(() => tipsCampaigns.id, { onDelete: "cascade" }),
  /** The search pass in progress: its next_token (null: start a new pass) and the newest id it began from. */
  searchNextToken: text("search_next_token"),
  searchSinceId: text("search_since_id"),
  searchNewestId: text("search_newest_id"),
  /** The metrics refresh in progress: the last tweet id refreshed (null: start a new round). */
  refreshAfterTweetId: text("refresh_after_tweet_id"),
  /** The timeline fallback in progress: the last participant whose timeline was read. */
  timelineAfterXUserId: text("timeline_after_x_user_id"),
  roundStartedAt: timestamp("round_started_at", { withTimezone: true }),
  lastCompletedAt: timestamp("last_completed_at", { withTimezone: true }),
  lastError: text("last_error"),
  requests: integer("requests").notNull().default(0),
});

/**
 * The leaderboard as last computed with `@dropfair/core/tips` (one row per ranked participant); the snapshot it
 * was computed from is in `tips_snapshots`, so the file anyone downloads gives exactly these rows.
 */
export const tipsStandings = pgTable(
  "tips_standings",
  {
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => tipsCampaigns.id, { onDelete: "cascade" }),
    xUserId: text("x_user_id").notNull(),
    rank: integer("rank").notNull(),
    points: numeric("points", { precision: 78, scale: 0 }).notNull(),
    tweets: integer("tweets").notNull(),
    views: numeric("views", { precision: 78, scale: 0 }).notNull(),
    likes: numeric("likes", { precision: 78, scale: 0 }).notNull(),
    replies: numeric("replies", { precision: 78, scale: 0 }).notNull(),
    retweets: numeric("retweets", { precision: 78, scale: 0 }).notNull(),
    quotes: numeric("quotes", { precision: 78, scale: 0 }).notNull(),
    interactions: numeric("interactions", { precision: 78, scale: 0 }).notNull(),
    estimatedEarned: numeric("estimated_earned", { precision: 78, scale: 0 }).notNull(),
    // Where the row stands, 1…n, when the leaderboard is sorted by a column, ascending or descending (ties by rank
    // in both orders), written with the computation: a page in any order is a range of positions, however deep.
    // Points and earnings follow the rank.
    tweetsAsc: integer("tweets_asc").notNull(),
    tweetsDesc: integer("tweets_desc").notNull(),
    viewsAsc: integer("views_asc").notNull(),
    viewsDesc: integer("views_desc").notNull(),
    likesAsc: integer("likes_asc").notNull(),
    likesDesc: integer("likes_desc").notNull(),
    repliesAsc: integer("replies_asc").notNull(),
    repliesDesc: integer("replies_desc").notNull(),
    retweetsAsc: integer("retweets_asc").notNull(),
    retweetsDesc: integer("retweets_desc").notNull(),
    quotesAsc: integer("quotes_asc").notNull(),
    quotesDesc: integer("quotes_desc").notNull(),
    interactionsAsc: integer("interactions_asc").notNull(),
    interactionsDesc: integer("interactions_desc").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.xUserId] }),
    uniqueIndex("tips_standings_rank_key").on(table.campaignId, table.rank),
    uniqueIndex("tips_standings_tweets_asc_key").on(table.campaignId, table.tweetsAsc),
    uniqueIndex("tips_standings_tweets_desc_key").on(table.campaignId, table.tweetsDesc),
    uniqueIndex("tips_standings_views_asc_key").on(table.campaignId, table.viewsAsc),
    uniqueIndex("tips_standings_views_desc_key").on(table.campaignId, table.viewsDesc),
    uniqueIndex("tips_standings_likes_asc_key").on(table.campaignId, table.likesAsc),
    uniqueIndex("tips_standings_likes_desc_key").on(table.campaignId, table.likesDesc),
    uniqueIndex("tips_standings_replies_asc_key").on(table.campaignId, table.repliesAsc),
    uniqueIndex("tips_standings_replies_desc_key").on(table.campaignId, table.repliesDesc),
    uniqueIndex("tips_standings_retweets_asc_key").on(table.campaignId, table.retweetsAsc),
    uniqueIndex("tips_standings_retweets_desc_key").on(table.campaignId, table.retweetsDesc),
    uniqueIndex("tips_standings_quotes_asc_key").on(table.campaignId, table.quotesAsc),
    uniqueIndex("tips_standings_quotes_desc_key").on(table.campaignId, table.quotesDesc),
    uniqueIndex("tips_standings_interactions_asc_key").on(table.campaignId, table.interactionsAsc),
    uniqueIndex("tips_standings_interactions_desc_key").on(table.campaignId, table.interactionsDesc),
  ],
);

/**
 * The snapshot file the current leaderboard was computed from; `final` once the campaign ended. The JSON text is
 * kept gzip-compressed (`bodyGzip`, stored as it is: PostgreSQL does not compress it again), the form the download
 * sends; `body` holds the plain text of snapshots written before that (docs/tips.md).
 */
export const tipsSnapshots = pgTable(
  "tips_snapshots",
  {
    campaignId: bigint("campaign_id", { mode: "number" })
      .primaryKey()
      .references(() => tipsCampaigns.id, { onDelete: "cascade" }),
    body: text("body"),
    bodyGzip: byteaColumn("body_gzip"),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
    final: smallint("final").notNull().default(0),
  },
  (table) => [
    check("tips_snapshots_body_check", sql`${table.body} is not null or ${table.bodyGzip} is not null`),
  ],
);

/** An abuse report about a participant by a signed-in user; organizers read them. */
export const tipsReports = pgTable(
  "tips_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => tipsCampaigns.id, { onDelete: "cascade" }),
    xUserId: text("x_user_id").notNull(),
    reporterUserId: bigint("reporter_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tips_reports_reporter_key").on(table.campaignId, table.xUserId, table.reporterUserId),
    index("tips_reports_campaign_idx").on(table.campaignId, table.id),
  ],
);

/**
 * A participant's payout from the final leaderboard: one voucher claim for `estimatedEarned` on the distributor
 * (the id is the voucher nonce), for the wallet that joined with the X account; `claimedAt` once the chain has it.
 */
export const tipsClaims = pgTable(
  "tips_claims",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => tipsCampaigns.id, { onDelete: "cascade" }),
    xUserId: text("x_user_id").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    account: addressColumn("account").notNull(),
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    txHash: text("tx_hash"),
  },
  (table) => [uniqueIndex("tips_claims_participant_key").on(table.campaignId, table.xUserId)],
);

/**
 * A helper of a campaign: a wallet its creator named, who acts as an organizer (bans and their lifting, the abuse
 * reports) but never manages the prize (docs/tips.md). Named by address, so a helper need not have signed in yet.
 */
export const tipsHelpers = pgTable(
  "tips_helpers",
  {
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => tipsCampaigns.id, { onDelete: "cascade" }),
    address: addressColumn("address").notNull(),
    addedByUserId: bigint("added_by_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.address] })],
);
