// The queries of pickers, their entries, draws, payment and poster. What is kept per X account (memberships,
// bans, helpers) is in account-repository.ts, and the collection pipeline has its own pipeline/repository.ts.
// Functions take a `DbWriter` (the database or a transaction); a read that locks says so in its name.
import {
  and,
  asc,
  count,
  type DbWriter,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  pickerDraws,
  pickerEntries,
  pickerPosters,
  pickers,
  type SQL,
  sql,
  type Tx,
} from "@dropfair/db";

export type PickerRow = typeof pickers.$inferSelect;
export type NewPickerRow = typeof pickers.$inferInsert;
export type DrawRow = typeof pickerDraws.$inferSelect;
export type NewDrawRow = typeof pickerDraws.$inferInsert;
export type EntryRow = typeof pickerEntries.$inferSelect;
type PosterRow = typeof pickerPosters.$inferSelect;

const drawKinds = ["draw", "redraw"] as const;

// Pickers

export async function findPicker(db: DbWriter, id: number): Promise<PickerRow | undefined> {
  const [picker] = await db.select().from(pickers).where(eq(pickers.id, id));
  return picker;
}

/** The picker row, locked until the transaction ends: writers of the same picker wait for it. */
export async function loadPickerForUpdate(tx: Tx, id: number): Promise<PickerRow | undefined> {
  const [picker] = await tx.select().from(pickers).where(eq(pickers.id, id)).for("update");
  return picker;
}

export async function findPickerBySeed(db: DbWriter, seed: string): Promise<PickerRow | undefined> {
  const [picker] = await db.select().from(pickers).where(eq(pickers.seed, seed));
  return picker;
}

/** The id of the newest picker of a post. */
export async function findLatestPickerIdOfPost(db: DbWriter, postId: string): Promise<number | undefined> {
  const [found] = await db
    .select({ id: pickers.id })
    .from(pickers)
    .where(eq(pickers.postId, postId))
    .orderBy(desc(pickers.createdAt))
    .limit(1);
  return found?.id;
}

export async function findPickerId(
  db: DbWriter,
  key: { seed: string } | { id: number },
): Promise<number | undefined> {
  const [found] = await db
    .select({ id: pickers.id })
    .from(pickers)
    .where("seed" in key ? eq(pickers.seed, key.seed) : eq(pickers.id, key.id));
  return found?.id;
}

/** Inserts a picker; undefined when its seed is taken already. */
export async function insertPicker(db: DbWriter, values: NewPickerRow): Promise<PickerRow | undefined> {
  const [inserted] = await db
    .insert(pickers)
    .values(values)
    .onConflictDoNothing({ target: pickers.seed })
    .returning();
  return inserted;
}

/** Changes the rules of a picker with no draw yet, in one of `statuses`; false when it is not such a picker. */
export async function updateRulesBeforeFirstDraw(
  db: DbWriter,
  id: number,
  statuses: readonly number[],
  changes: { winnerCount?: number; rewardAmount?: string | null; rewardText?: string },
): Promise<boolean> {
  const updated = await db
    .update(pickers)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(pickers.id, id), eq(pickers.drawCount, 0), inArray(pickers.status, [...statuses])))
    .returning({ id: pickers.id });
  return updated.length > 0;
}

/** Moves the picker from one of `from` to `to`; false when it is in none of them. */
export async function transitionPicker(
  db: DbWriter,
  id: number,
  from: readonly number[],
  to: number,
): Promise<boolean> {
  const updated = await db
    .update(pickers)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(pickers.id, id), inArray(pickers.status, [...from])))
    .returning({ id: pickers.id });
  return updated.length > 0;
}

/** Sets the status of a picker the caller holds locked. */
export async function setPickerStatus(tx: Tx, id: number, status: number): Promise<void> {
  await tx.update(pickers).set({ status, updatedAt: sql`now()` }).where(eq(pickers.id, id));
}

/** A page of pickers, newest first; with `mine`, those created by the account or owned by it or an owner it helps. */
export async function listPickers(
  db: DbWriter,
  mine: { creatorXUserId: string; ownerXUserIds: string[] } | undefined,
  page: { page: number; size: number },
): Promise<{ total: number; rows: PickerRow[] }> {
  const where = mine
    ? or(eq(pickers.creatorXUserId, mine.creatorXUserId), inArray(pickers.ownerXUserId, mine.ownerXUserIds))
    : undefined;
  const [total] = await db.select({ value: count() }).from(pickers).where(where);
  const rows = await db
    .select()
    .from(pickers)
    .where(where)
    .orderBy(desc(pickers.createdAt), desc(pickers.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  return { total: total?.value ?? 0, rows };
}

// Entries

export async function findEntry(
  db: DbWriter,
  pickerId: number,
  xUserId: string,
): Promise<EntryRow | undefined> {
  const [entry] = await db
    .select()
    .from(pickerEntries)
    .where(and(eq(pickerEntries.pickerId, pickerId), eq(pickerEntries.xUserId, xUserId)));
  return entry;
}

/** The entry of a username, any case. */
export async function findEntryByUsername(
  db: DbWriter,
  pickerId: number,
  username: string,
): Promise<EntryRow | undefined> {
  const [entry] = await db
    .select()
    .from(pickerEntries)
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        sql`lower(${pickerEntries.username}) = ${username.toLowerCase()}`,
      ),
    );
  return entry;
}

export type ParticipantFilter = "winners" | "substitutes" | "excluded" | "eligible";

/**
 * The one rule of eligibility: collected, not excluded by the rules, not rejected, not banned. The draw commits
 * exactly these entries, and the public eligible count and list show exactly these.
 */
function eligibleCondition(): SQL {
  return and(
    isNull(pickerEntries.excludedReason),
    isNull(pickerEntries.rejectReason),
    isNull(pickerEntries.blackReason),
  )!;
}

/**
 * Why an entry is not eligible, as counted publicly: the rules' reason (in their order, so the host first),
 * then a ban made after the rules ran ("banned", second in that order), then a rejection as a winner
 * ("rejected"); null when eligible. `excludedReasonOf` in views.ts is the same rule for one row.
 */
const exclusionOf = sql<string | null>`(case
  when ${pickerEntries.excludedReason} = 'host' then 'host'
  when ${pickerEntries.blackReason} is not null then 'banned'
  when ${pickerEntries.excludedReason} is not null then ${pickerEntries.excludedReason}
  when ${pickerEntries.rejectReason} is not null then 'rejected'
  else null end)`;

export type EntryCounts = {
  entryCount: number;
  eligibleCount: number;
  /** Per reason of `exclusionOf`. */
  excludedCounts: Record<string, number>;
};

/** The public counts of the picker's entries: all, eligible, and excluded per reason. */
export async function countEntries(db: DbWriter, pickerId: number): Promise<EntryCounts> {
  const rows = await db
    .select({ reason: exclusionOf, entrants: count() })
    .from(pickerEntries)
    .where(eq(pickerEntries.pickerId, pickerId))
    .groupBy(exclusionOf);
  const counts: EntryCounts = { entryCount: 0, eligibleCount: 0, excludedCounts: {} };
  for (const row of rows) {
    counts.entryCount += row.entrants;
    if (row.reason === null) counts.eligibleCount += row.entrants;
    else counts.excludedCounts[row.reason] = row.entrants;
  }
  return counts;
}

/**
 * Writes the public counts again after a ban, an unban or a rejection changed who is eligible, on a picker
 * the caller holds locked and whose collection is done (the pipeline writes them when it finishes).
 */
export async function refreshEntryCounts(tx: Tx, pickerId: number): Promise<EntryCounts> {
  const counts = await countEntries(tx, pickerId);
  await tx
    .update(pickers)
    .set({
      eligibleCount: counts.eligibleCount,
      excludedCounts: counts.excludedCounts,
      updatedAt: sql`now()`,
    })
    .where(eq(pickers.id, pickerId));
  return counts;
}

/** A page of entries, best rank first then by username; `q` matches a username part or an exact user id. */
export async function participantsPage(
  db: DbWriter,
  pickerId: number,
  query: { page: number; size: number; filter: string; q?: string | undefined },
): Promise<{ total: number; rows: EntryRow[] }> {
  const conditions: SQL[] = [eq(pickerEntries.pickerId, pickerId)];
  if (query.filter === "winners") conditions.push(eq(pickerEntries.role, "winner"));
  if (query.filter === "substitutes") conditions.push(eq(pickerEntries.role, "substitute"));
  if (query.filter === "excluded") conditions.push(sql`not ${eligibleCondition()}`);
  if (query.filter === "eligible") conditions.push(eligibleCondition());
  if (query.q) {
    conditions.push(
      sql`(${pickerEntries.username} ilike ${`%${query.q.replace(/[%_\\]/g, "\\$&")}%`} or ${pickerEntries.xUserId} = ${query.q})`,
    );
  }
  const where = and(...conditions);
  const [total] = await db.select({ value: count() }).from(pickerEntries).where(where);
  const rows = await db
    .select()
    .from(pickerEntries)
    .where(where)
    .orderBy(
      sql`${pickerEntries.rank} asc nulls last`,
      asc(pickerEntries.username),
      asc(pickerEntries.xUserId),
    )
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { total: total?.value ?? 0, rows };
}

/** The eligible list (`eligibleCondition`): what a draw commits. */
export async function eligibleEntries(db: DbWriter, pickerId: number) {
  return db
    .select({ xUserId: pickerEntries.xUserId, entryHash: pickerEntries.entryHash })
    .from(pickerEntries)
    .where(and(eq(pickerEntries.pickerId, pickerId), eligibleCondition()));
}

/** Every ranked entry: the list the current draw ranked. */
export async function rankedEntries(db: DbWriter, pickerId: number) {
  return db
    .select({ xUserId: pickerEntries.xUserId, rank: pickerEntries.rank })
    .from(pickerEntries)
    .where(and(eq(pickerEntries.pickerId, pickerId), isNotNull(pickerEntries.rank)));
}

/** Clears rank, score and role; `onlyRanked` touches the ranked entries only (the same outcome, fewer writes). */
export async function clearRanks(tx: Tx, pickerId: number, options: { onlyRanked: boolean }): Promise<void> {
  await tx
    .update(pickerEntries)
    .set({ rank: null, score: null, role: null })
    .where(
      options.onlyRanked
        ? and(eq(pickerEntries.pickerId, pickerId), isNotNull(pickerEntries.rank))
        : eq(pickerEntries.pickerId, pickerId),
    );
}

export type RankedEntry = { xUserId: string; rank: number; score: string; role: "winner" | "substitute" };

/** Writes the ranks of a draw, a few thousand entries per statement. */
export async function writeRanks(tx: Tx, pickerId: number, ranked: readonly RankedEntry[]): Promise<void> {
  const batchSize = 2000;
  for (let start = 0; start < ranked.length; start += batchSize) {
    const values = ranked
      .slice(start, start + batchSize)
      .map(
        (entry) => sql`(${entry.xUserId}, ${entry.rank}::integer, ${entry.score}::numeric, ${entry.role})`,
      );
    await tx.execute(sql`
      update picker_entries as e
      set rank = v.rank, score = v.score, role = v.role
      from (values ${sql.join(values, sql`, `)}) as v(x_user_id, rank, score, role)
      where e.picker_id = ${pickerId} and e.x_user_id = v.x_user_id`);
  }
}

export async function winnerIds(db: DbWriter, pickerId: number): Promise<string[]> {
  const rows = await db
    .select({ xUserId: pickerEntries.xUserId })
    .from(pickerEntries)
    .where(and(eq(pickerEntries.pickerId, pickerId), eq(pickerEntries.role, "winner")));
  return rows.map((row) => row.xUserId);
}

export async function findWinner(db: DbWriter, pickerId: number, xUserId: string) {
  const [winner] = await db
    .select()
    .from(pickerEntries)
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        eq(pickerEntries.xUserId, xUserId),
        eq(pickerEntries.role, "winner"),
      ),
    );
  return winner;
}

/** The best-ranked substitute neither rejected nor banned. */
export async function bestSubstitute(db: DbWriter, pickerId: number): Promise<EntryRow | undefined> {
  const [substitute] = await db
    .select()
    .from(pickerEntries)
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        eq(pickerEntries.role, "substitute"),
        isNull(pickerEntries.rejectReason),
        isNull(pickerEntries.blackReason),
      ),
    )
    .orderBy(asc(pickerEntries.rank))
    .limit(1);
  return substitute;
}

export async function rejectEntry(tx: Tx, pickerId: number, xUserId: string, reason: string): Promise<void> {
  await tx
    .update(pickerEntries)
    .set({ role: null, rejectReason: reason })
    .where(and(eq(pickerEntries.pickerId, pickerId), eq(pickerEntries.xUserId, xUserId)));
}

export async function setEntriesRole(
  tx: Tx,
  pickerId: number,
  xUserIds: readonly string[],
  role: "winner" | "substitute",
): Promise<void> {
  await tx
    .update(pickerEntries)
    .set({ role })
    .where(and(eq(pickerEntries.pickerId, pickerId), inArray(pickerEntries.xUserId, [...xUserIds])));
}

/** Saves a winner's or substitute's info; false when the account holds no role (any more). */
export async function saveWinnerInfo(
  db: DbWriter,
  pickerId: number,
  xUserId: string,
  info: string,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(pickerEntries)
    .set({ info, infoSubmittedAt: at })
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        eq(pickerEntries.xUserId, xUserId),
        isNotNull(pickerEntries.role),
      ),
    )
    .returning({ xUserId: pickerEntries.xUserId });
  return updated.length > 0;
}

/** The info the winners submitted. */
export async function winnerInfos(db: DbWriter, pickerId: number): Promise<string[]> {
  const rows = await db
    .select({ info: pickerEntries.info })
    .from(pickerEntries)
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        eq(pickerEntries.role, "winner"),
        isNotNull(pickerEntries.info),
      ),
    );
  return rows.map((row) => row.info!);
}

// Draws

/** The latest draw or redraw of the picker (a replacement is logged as a draw row but is not one). */
export async function currentDraw(db: DbWriter, pickerId: number): Promise<DrawRow | undefined> {
  const [draw] = await db
    .select()
    .from(pickerDraws)
    .where(and(eq(pickerDraws.pickerId, pickerId), inArray(pickerDraws.kind, [...drawKinds])))
    .orderBy(desc(pickerDraws.count))
    .limit(1);
  return draw;
}

export async function findDraw(db: DbWriter, drawId: number): Promise<DrawRow | undefined> {
  const [draw] = await db.select().from(pickerDraws).where(eq(pickerDraws.id, drawId));
  return draw;
}

export async function drawHistory(db: DbWriter, pickerId: number): Promise<DrawRow[]> {
  return db
    .select()
    .from(pickerDraws)
    .where(eq(pickerDraws.pickerId, pickerId))
    .orderBy(asc(pickerDraws.count));
}

/** Whether a committed draw of the picker still waits for its block (its entries are frozen meanwhile). */
export async function hasWaitingDraw(db: DbWriter, pickerId: number): Promise<boolean> {
  const [waiting] = await db
    .select({ id: pickerDraws.id })
    .from(pickerDraws)
    .where(and(eq(pickerDraws.pickerId, pickerId), eq(pickerDraws.status, "waiting")));
  return waiting !== undefined;
}

/** Draws and redraws of an owner account since `since`. */
export async function countDrawsSince(db: DbWriter, ownerXUserId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pickerDraws)
    .where(
      and(
        eq(pickerDraws.ownerXUserId, ownerXUserId),
        inArray(pickerDraws.kind, [...drawKinds]),
        gte(pickerDraws.createdAt, since),
      ),
    );
  return row?.value ?? 0;
}

export async function insertDraw(tx: Tx, values: NewDrawRow): Promise<DrawRow> {
  const [row] = await tx.insert(pickerDraws).values(values).returning();
  return row!;
}

/** Counts a new draw row on the picker the caller holds locked; a new draw also moves its status. */
export async function updatePickerAfterDraw(
  tx: Tx,
  pickerId: number,
  changes: { drawCount: number; status?: number; errorMessage?: null },
): Promise<void> {
  await tx
    .update(pickers)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(pickers.id, pickerId));
}

/** The draw is made: the block hash is recorded and the host selects from the ranked list. */
export async function markDrawn(
  tx: Tx,
  draw: { id: number; pickerId: number },
  blockHash: `0x${string}`,
  at: Date,
  selectingStatus: number,
): Promise<void> {
  await tx
    .update(pickerDraws)
    .set({ status: "drawn", blockHash, drawnAt: at })
    .where(eq(pickerDraws.id, draw.id));
  await tx
    .update(pickers)
    .set({ status: selectingStatus, errorMessage: null, updatedAt: sql`now()` })
    .where(eq(pickers.id, draw.pickerId));
}

/** Shows `messageKey` on a picker whose draw waits (`shown`), or takes it away; only while still selecting. */
export async function showDrawWaiting(
  db: DbWriter,
  pickerId: number,
  selectingStatus: number,
  messageKey: string,
  shown: boolean,
): Promise<void> {
  const current = shown
    ? sql`${pickers.errorMessage} is distinct from ${messageKey}`
    : eq(pickers.errorMessage, messageKey);
  await db
    .update(pickers)
    .set({ errorMessage: shown ? messageKey : null })
    .where(and(eq(pickers.id, pickerId), eq(pickers.status, selectingStatus), current));
}

/** The draw failed: the picker returns to `status` showing `messageKey`. */
export async function markDrawFailed(
  tx: Tx,
  draw: { id: number; pickerId: number },
  status: number,
  messageKey: string,
): Promise<void> {
  await tx.update(pickerDraws).set({ status: "failed" }).where(eq(pickerDraws.id, draw.id));
  await tx
    .update(pickers)
    .set({ status, errorMessage: messageKey, updatedAt: sql`now()` })
    .where(eq(pickers.id, draw.pickerId));
}

// Payments

export async function pickerPaymentUsed(db: DbWriter, chainId: number, txHash: string): Promise<boolean> {
  const [used] = await db
    .select({ id: pickers.id })
    .from(pickers)
    .where(and(eq(pickers.paymentChainId, chainId), eq(pickers.paymentTxHash, txHash)));
  return used !== undefined;
}

/** Records the payment and completes a picker in `fromStatus`; false when it is not in that status any more. */
export async function recordPickerPayment(
  db: DbWriter,
  id: number,
  payment: { chainId: number; txHash: string; paidAt: Date },
  fromStatus: number,
  toStatus: number,
): Promise<boolean> {
  const updated = await db
    .update(pickers)
    .set({
      status: toStatus,
      paymentChainId: payment.chainId,
      paymentTxHash: payment.txHash,
      paidAt: payment.paidAt,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pickers.id, id), eq(pickers.status, fromStatus)))
    .returning({ id: pickers.id });
  return updated.length > 0;
}

// Posters

/** When the picker's poster last changed; undefined without one. */
export async function posterUpdatedAt(db: DbWriter, pickerId: number): Promise<Date | undefined> {
  const [poster] = await db
    .select({ updatedAt: pickerPosters.updatedAt })
    .from(pickerPosters)
    .where(eq(pickerPosters.pickerId, pickerId));
  return poster?.updatedAt;
}

export async function findPoster(db: DbWriter, pickerId: number) {
  const [poster] = await db
    .select({ contentType: pickerPosters.contentType, bytes: pickerPosters.bytes })
    .from(pickerPosters)
    .where(eq(pickerPosters.pickerId, pickerId));
  return poster;
}

export async function savePoster(
  db: DbWriter,
  pickerId: number,
  poster: { contentType: PosterRow["contentType"]; bytes: Buffer; updatedAt: Date },
): Promise<Date> {
  const values = { ...poster, byteSize: poster.bytes.length };
  const [saved] = await db
    .insert(pickerPosters)
    .values({ pickerId, ...values })
    .onConflictDoUpdate({ target: pickerPosters.pickerId, set: values })
    .returning({ updatedAt: pickerPosters.updatedAt });
  return saved!.updatedAt;
}

export async function deletePoster(db: DbWriter, pickerId: number): Promise<void> {
  await db.delete(pickerPosters).where(eq(pickerPosters.pickerId, pickerId));
}
