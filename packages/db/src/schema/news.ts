import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** An official link of a project: its kind and an http(s) URL. */
export type NewsLink = { kind: "website" | "x" | "discord" | "telegram" | "docs" | "other"; url: string };
/** One action a participant must take, with the link where it is done. */
export type NewsRequirement = { action: string; url: string };

/**
 * An airdrop news entry curated by platform administrators. Its status (not started, running, ended) is not
 * stored but computed from its times. Visitors see it only while `publishedAt` is set; sandbox samples are
 * marked `isSample` and say so wherever they are shown.
 */
export const newsEntries = pgTable(
  "news_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    project: text("project").notNull(),
    /** An https image URL (the browser loads it directly), or none. */
    logoUrl: text("logo_url"),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    category: text("category").notNull(),
    chainIds: integer("chain_ids").array().notNull().default(sql`'{}'::integer[]`),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    /** None: the entry runs until an administrator gives it an end. */
    endAt: timestamp("end_at", { withTimezone: true }),
    links: jsonb("links").$type<NewsLink[]>().notNull().default([]),
    requirements: jsonb("requirements").$type<NewsRequirement[]>().notNull().default([]),
    /** Free text, for instance "~$3 in gas" or "up to 500 XYZ", when known. */
    estimatedCost: text("estimated_cost"),
    estimatedReward: text("estimated_reward"),
    sourceName: text("source_name"),
    sourceUrl: text("source_url"),
    /** An administrator checked that the links are the project's own. */
    verifiedLinks: boolean("verified_links").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    isSample: boolean("is_sample").notNull().default(false),
    /** Set while published: the moment it was (last) published is when the entry counts as listed. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdByUserId: bigint("created_by_user_id", { mode: "number" }).references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("news_entries_published_idx")
      .on(table.publishedAt, table.id)
      .where(sql`${table.publishedAt} is not null`),
    index("news_entries_category_idx").on(table.category, table.publishedAt),
    check("news_entries_times_check", sql`${table.endAt} is null or ${table.endAt} > ${table.startAt}`),
  ],
);
