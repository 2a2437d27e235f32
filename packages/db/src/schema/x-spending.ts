import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What the app reads from X per calendar month (UTC), shared by every API and worker process: the budget that
 * `X_SPENDING_CAP` caps. A request reserves the most items its answer can bring before it is sent and gives
 * back what it did not read, so `items` holds what was read plus what requests in flight may still read.
 */
export const xSpendingMonths = pgTable("x_spending_months", {
  /** "YYYY-MM" in UTC. */
  month: text("month").primaryKey(),
  /** Posts and users read (X bills per resource read), and the reservations of requests in flight. */
  items: bigint("items", { mode: "number" }).notNull().default(0),
  /** Requests sent, retries included. */
  requests: bigint("requests", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
