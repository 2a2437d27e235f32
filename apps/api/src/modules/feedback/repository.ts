// The SQL of the feedback module: reports and their triage, newsletter subscriptions.
import {
  and,
  asc,
  count,
  type Db,
  type DbWriter,
  desc,
  eq,
  feedbackReports,
  gt,
  isNull,
  newsletterSubscriptions,
  type SQL,
  sql,
  users,
} from "@dropfair/db";
import type { ReportKind, ReportStatus } from "@dropfair/schemas/feedback";

export type ReportRow = Omit<typeof feedbackReports.$inferSelect, "screenshot"> & {
  reporterAddress: string | null;
};
export type NewReport = typeof feedbackReports.$inferInsert;
export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

/** Every column but the screenshot's bytes, which only the screenshot route reads. */
const reportColumns = {
  id: feedbackReports.id,
  kind: feedbackReports.kind,
  title: feedbackReports.title,
  description: feedbackReports.description,
  page: feedbackReports.page,
  contact: feedbackReports.contact,
  locale: feedbackReports.locale,
  status: feedbackReports.status,
  reporterUserId: feedbackReports.reporterUserId,
  reporterAddress: users.address,
  screenshotType: feedbackReports.screenshotType,
  screenshotBytes: feedbackReports.screenshotBytes,
  createdAt: feedbackReports.createdAt,
  updatedAt: feedbackReports.updatedAt,
};

export async function insertReport(db: DbWriter, values: NewReport): Promise<number> {
  const [row] = await db.insert(feedbackReports).values(values).returning({ id: feedbackReports.id });
  return row!.id;
}

/** A page of reports, newest first, with the total that match. */
export async function listReports(
  db: Db,
  query: { status?: ReportStatus; kind?: ReportKind; offset: number; limit: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(feedbackReports.status, query.status));
  if (query.kind) conditions.push(eq(feedbackReports.kind, query.kind));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(reportColumns)
      .from(feedbackReports)
      .leftJoin(users, eq(users.id, feedbackReports.reporterUserId))
      .where(where)
      .orderBy(desc(feedbackReports.createdAt), desc(feedbackReports.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ value: count() }).from(feedbackReports).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function reportById(db: DbWriter, id: number): Promise<ReportRow | undefined> {
  const [row] = await db
    .select(reportColumns)
    .from(feedbackReports)
    .leftJoin(users, eq(users.id, feedbackReports.reporterUserId))
    .where(eq(feedbackReports.id, id));
  return row;
}

/** Locks the report row for a status change (triage by two administrators at once serialises here). */
export async function reportStatusForUpdate(
  tx: DbWriter,
  id: number,
): Promise<{ status: ReportStatus } | undefined> {
  const [row] = await tx
    .select({ status: feedbackReports.status })
    .from(feedbackReports)
    .where(eq(feedbackReports.id, id))
    .for("update");
  return row;
}

export async function setReportStatus(tx: DbWriter, id: number, status: ReportStatus, now: Date) {
  await tx.update(feedbackReports).set({ status, updatedAt: now }).where(eq(feedbackReports.id, id));
}

export async function reportScreenshot(db: Db, id: number) {
  const [row] = await db
    .select({ type: feedbackReports.screenshotType, bytes: feedbackReports.screenshot })
    .from(feedbackReports)
    .where(eq(feedbackReports.id, id));
  return row;
}

/**
 * Subscribes the address once: a new address is stored with its consent time and language; a lapsed one
 * consents again; an active subscription is left as it is (its first consent stands).
 */
export async function upsertSubscription(
  db: DbWriter,
  values: { email: string; locale: "en" | "cn"; now: Date },
): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values({ email: values.email, locale: values.locale, consentedAt: values.now })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: { locale: values.locale, consentedAt: values.now, unsubscribedAt: null },
      setWhere: sql`${newsletterSubscriptions.unsubscribedAt} is not null`,
    });
}

export async function subscriptionById(db: DbWriter, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
  return row;
}

/** Marks the subscription ended (once: a second click keeps the first time). */
export async function endSubscription(db: DbWriter, id: number, now: Date): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: now })
    .where(and(eq(newsletterSubscriptions.id, id), isNull(newsletterSubscriptions.unsubscribedAt)));
}

/** Active subscriptions after `afterId`, oldest first (the export's keyset pages). */
export async function activeSubscriptionsAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(newsletterSubscriptions)
    .where(and(isNull(newsletterSubscriptions.unsubscribedAt), gt(newsletterSubscriptions.id, afterId)))
    .orderBy(asc(newsletterSubscriptions.id))
    .limit(limit);
}
