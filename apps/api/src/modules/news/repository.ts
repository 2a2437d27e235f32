// The SQL of the news module. Changes to one entry lock it first (`loadEntryForUpdate`), so concurrent edits,
// publications and featuring happen one after another.
import { and, type DbWriter, desc, eq, isNotNull, newsEntries, type SQL, sql, type Tx } from "@dropfair/db";

export type NewsEntryRow = typeof newsEntries.$inferSelect;
export type NewsEntryValues = typeof newsEntries.$inferInsert;

export type PublishedFilter = {
  at: Date;
  category?: string | undefined;
  /** 0 not started, 1 running, 2 ended (at `at`). */
  status?: number | undefined;
  publishedSince?: Date | undefined;
  keyword?: string | undefined;
  limit: number;
};

function likePattern(keyword: string): string {
  return `%${keyword.replace(/[%_\\]/g, "\\$&")}%`;
}

/** Published entries, featured first, then latest publication first, and how many match; no lock. */
export async function publishedEntries(db: DbWriter, filter: PublishedFilter) {
  const status = sql<number>`case when ${filter.at} < ${newsEntries.startAt} then 0
    when ${newsEntries.endAt} is null or ${filter.at} < ${newsEntries.endAt} then 1 else 2 end`;
  const conditions: SQL[] = [
    isNotNull(newsEntries.publishedAt),
    sql`${newsEntries.publishedAt} <= ${filter.at}`,
  ];
  if (filter.category) conditions.push(eq(newsEntries.category, filter.category));
  if (filter.status !== undefined) conditions.push(sql`${status} = ${filter.status}`);
  if (filter.publishedSince) conditions.push(sql`${newsEntries.publishedAt} >= ${filter.publishedSince}`);
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(
      sql`(${newsEntries.title} ilike ${pattern} or ${newsEntries.project} ilike ${pattern}
        or ${newsEntries.summary} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(newsEntries)
      .where(where)
      .orderBy(desc(newsEntries.featured), desc(newsEntries.publishedAt), desc(newsEntries.id))
      .limit(filter.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(newsEntries).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Every entry, published or not, newest first (the administrators' list). */
export async function allEntries(db: DbWriter, page: { page: number; pageSize: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(newsEntries)
      .orderBy(desc(newsEntries.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(newsEntries),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findEntry(db: DbWriter, id: number): Promise<NewsEntryRow | undefined> {
  const [row] = await db.select().from(newsEntries).where(eq(newsEntries.id, id));
  return row;
}

export async function loadEntryForUpdate(tx: Tx, id: number): Promise<NewsEntryRow | undefined> {
  const [row] = await tx.select().from(newsEntries).where(eq(newsEntries.id, id)).for("update");
  return row;
}

export async function insertEntry(db: DbWriter, values: NewsEntryValues): Promise<NewsEntryRow> {
  const [row] = await db.insert(newsEntries).values(values).returning();
  return row!;
}

export async function updateEntry(
  db: DbWriter,
  id: number,
  values: Partial<NewsEntryValues> & { updatedAt: Date },
): Promise<NewsEntryRow> {
  const [row] = await db.update(newsEntries).set(values).where(eq(newsEntries.id, id)).returning();
  return row!;
}

/** Serialises sample seeding across processes starting together; held until the transaction ends. */
export async function lockSampleSeeding(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('news.samples'))`);
}

export async function countSamples(db: DbWriter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(newsEntries)
    .where(eq(newsEntries.isSample, true));
  return row?.total ?? 0;
}
