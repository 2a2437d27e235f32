import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { byteaColumn } from "../bytea-column.ts";
import { users } from "./auth.ts";

/**
 * A bug report or feature request from the report forms, triaged by platform administrators
 * (new → triaged → done). Anyone may send one; a signed-in reporter is remembered.
 */
export const feedbackReports = pgTable(
  "feedback_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<"bug" | "feature">().notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** The page the report is about, as the reporter names it (usually the path they came from). */
    page: text("page").notNull(),
    contact: text("contact"),
    locale: text("locale").$type<"en" | "cn">().notNull(),
    status: text("status").$type<"new" | "triaged" | "done">().notNull().default("new"),
    reporterUserId: bigint("reporter_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    screenshotType: text("screenshot_type").$type<"image/png" | "image/jpeg" | "image/webp">(),
    screenshot: byteaColumn("screenshot"),
    screenshotBytes: integer("screenshot_bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("feedback_reports_created_idx").on(table.createdAt, table.id),
    index("feedback_reports_status_idx").on(table.status, table.createdAt),
    check("feedback_reports_kind_check", sql`${table.kind} in ('bug', 'feature')`),
    check("feedback_reports_status_check", sql`${table.status} in ('new', 'triaged', 'done')`),
  ],
);

/**
 * A newsletter subscription: one row per mailbox (the address stored trimmed and lower-cased), with the time
 * consent was given and the language mails go out in. Unsubscribing keeps the row with its time, so an export
 * never lists the address again until its owner subscribes anew.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    locale: text("locale").$type<"en" | "cn">().notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("newsletter_subscriptions_email_key").on(table.email)],
);
