// Every query of the collection pipeline: the picker's stage and progress, its cursors, its entrants and the
// followers of its follow targets. Bulk rows go in as one jsonb parameter (see platform/sql.ts).
import { type ExclusionReason, pickerPipelineStatuses } from "@dropfair/core/picker";
import {
  and,
  asc,
  type DbWriter,
  eq,
  gt,
  inArray,
  isNull,
  type PickerProgress,
  pickerCursors,
  pickerEntries,
  pickers,
  type SQL,
  sql,
  type Tx,
} from "@dropfair/db";
import type { PageCursor } from "@dropfair/social/x";
import { jsonParameter } from "../../../platform/sql.ts";
import type { EntryCounts } from "../repository.ts";

// The picker row

export async function pickerEntryCount(db: DbWriter, pickerId: number): Promise<number> {
  const [row] = await db
    .select({ entryCount: pickers.entryCount })
    .from(pickers)
    .where(eq(pickers.id, pickerId));
  return row?.entryCount ?? 0;
}

/** The entry count as committed, with the picker's row locked until the transaction ends (the entry limit holds). */
export async function lockPickerEntryCount(tx: Tx, pickerId: number): Promise<number> {
  const [row] = await tx
    .select({ entryCount: pickers.entryCount })
    .from(pickers)
    .where(eq(pickers.id, pickerId))
    .for("update");
  return row?.entryCount ?? 0;
}

/** Gives the planner fresh statistics of the entrant and follower tables. */
export async function analyzeEntrantTables(db: DbWriter): Promise<void> {
  await db.execute(sql`analyze picker_entries, picker_followers`);
}

/** Moves a picker still in the pipeline to a stage's status; false when it left the pipeline meanwhile. */
export async function enterStage(
  db: DbWriter,
  pickerId: number,
  status: number,
  progress: PickerProgress,
): Promise<boolean> {
  const moved = await db
    .update(pickers)
    .set({ status, progress, errorMessage: null, updatedAt: sql`now()` })
    .where(and(eq(pickers.id, pickerId), inArray(pickers.status, [...pickerPipelineStatuses])))
    .returning({ id: pickers.id });
  return moved.length > 0;
}

/** Shows a picker still in the pipeline as waiting for X (the progress carries the reset); false when it left. */
export async function markWaiting(
  db: DbWriter,
  pickerId: number,
  progress: PickerProgress,
): Promise<boolean> {
  const marked = await db
    .update(pickers)
    .set({ progress, updatedAt: sql`now()` })
    .where(and(eq(pickers.id, pickerId), inArray(pickers.status, [...pickerPipelineStatuses])))
    .returning({ id: pickers.id });
  return marked.length > 0;
}

/** Fails a picker still in the pipeline with `status`, showing the error key. */
export async function failCollection(
  db: DbWriter,
  pickerId: number,
  status: number,
  errorMessage: string,
): Promise<void> {
  await db
    .update(pickers)
    .set({ status, errorMessage, updatedAt: sql`now()` })
    .where(and(eq(pickers.id, pickerId), inArray(pickers.status, [...pickerPipelineStatuses])));
}

/** Freezes the counts and moves the picker from `fromStatus` to `status`; false when it is not there any more. */
export async function finishCollection(
  tx: Tx,
  pickerId: number,
  fromStatus: number,
  outcome: { status: number; progress: PickerProgress } & EntryCounts,
): Promise<boolean> {
  const moved = await tx
    .update(pickers)
    .set({
      status: outcome.status,
      progress: outcome.progress,
      entryCount: outcome.entryCount,
      eligibleCount: outcome.eligibleCount,
      excludedCounts: outcome.excludedCounts,
      errorMessage: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pickers.id, pickerId), eq(pickers.status, fromStatus)))
    .returning({ id: pickers.id });
  return moved.length > 0;
}

/** Writes the live progress (and the running entry count) with the page that produced it. */
export async function writeProgress(
  tx: Tx,
  pickerId: number,
  progress: PickerProgress,
  addedEntries: number,
): Promise<void> {
  await tx
    .update(pickers)
    .set({ progress, entryCount: sql`${pickers.entryCount} + ${addedEntries}`, updatedAt: sql`now()` })
    .where(eq(pickers.id, pickerId));
}

// Cursors

export async function readCursor(
  db: DbWriter,
  pickerId: number,
  stage: string,
): Promise<PageCursor | undefined> {
  const [row] = await db
    .select()
    .from(pickerCursors)
    .where(and(eq(pickerCursors.pickerId, pickerId), eq(pickerCursors.stage, stage)));
  if (!row) return undefined;
  return { nextToken: row.cursor, pagesFetched: row.pages, itemsFetched: row.items, done: row.done };
}

/** Moves a stage's cursor from `storedPages` pages to `cursor`; false when another run moved it first. */
export async function advanceCursor(
  tx: Tx,
  pickerId: number,
  stage: string,
  storedPages: number,
  cursor: PageCursor,
): Promise<boolean> {
  const values = {
    cursor: cursor.nextToken,
    pages: cursor.pagesFetched,
    items: cursor.itemsFetched,
    done: cursor.done,
    updatedAt: sql`now()`,
  };
  const moved = await tx
    .insert(pickerCursors)
    .values({ pickerId, stage, ...values })
    .onConflictDoUpdate({
      target: [pickerCursors.pickerId, pickerCursors.stage],
      set: values,
      setWhere: eq(pickerCursors.pages, storedPages),
    })
    .returning({ pages: pickerCursors.pages });
  return moved.length > 0;
}

// Entrants

/**
 * `x_user_id = any(<ids as an array>)`: the array is built once (an init plan) and the rows are found through
 * the primary key (picker, account) whatever the statistics say. `in (select jsonb_array_elements_text(…))`
 * was planned as a join that, on a table grown since its statistics, scanned the picker's every entrant for
 * each batch: seconds a batch on a crowd of 26,000, growing with it.
 */
function entrantIn(ids: readonly string[]) {
  return sql`${pickerEntries.xUserId} = any(array(select jsonb_array_elements_text(${jsonParameter(ids)})))`;
}

/** The accounts among `ids` that are already entrants of the picker. */
export async function existingEntrantIds(
  tx: Tx,
  pickerId: number,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ xUserId: pickerEntries.xUserId })
    .from(pickerEntries)
    .where(and(eq(pickerEntries.pickerId, pickerId), entrantIn(ids)));
  return new Set(rows.map((row) => row.xUserId));
}

export type EntrantRow = {
  x_user_id: string;
  username: string;
  name: string;
  avatar_url: string | null;
  profile: Record<string, unknown>;
  retweeted: boolean;
  quoted: boolean;
  replied: boolean;
  entry_hash: string;
};

/**
 * Inserts or merges entrants in one multi-row statement: a new account gets its row and entry hash; a known
 * one keeps its hash, takes the fresh profile and ORs the flags, so replaying a page changes nothing.
 */
export async function upsertEntrants(tx: Tx, pickerId: number, rows: readonly EntrantRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into picker_entries
      (picker_id, x_user_id, username, name, avatar_url, profile, retweeted, quoted, replied, entry_hash)
    select ${pickerId}, r.x_user_id, r.username, r.name, r.avatar_url, r.profile, r.retweeted, r.quoted,
           r.replied, r.entry_hash
    from jsonb_to_recordset(${jsonParameter(rows)}) as r(
      x_user_id text, username text, name text, avatar_url text, profile jsonb,
      retweeted boolean, quoted boolean, replied boolean, entry_hash text)
    on conflict (picker_id, x_user_id) do update set
      username = excluded.username,
      name = excluded.name,
      avatar_url = excluded.avatar_url,
      profile = picker_entries.profile || excluded.profile,
      retweeted = picker_entries.retweeted or excluded.retweeted,
      quoted = picker_entries.quoted or excluded.quoted,
      replied = picker_entries.replied or excluded.replied`);
}

/** Marks known entrants as repliers (a reply alone does not make an entrant when a repost is required). */
export async function markRepliers(tx: Tx, pickerId: number, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(pickerEntries)
    .set({ replied: true })
    .where(and(eq(pickerEntries.pickerId, pickerId), entrantIn(ids), eq(pickerEntries.replied, false)));
}

/** Records followers of a follow target; a page read again adds nothing. */
export async function insertFollowers(
  tx: Tx,
  pickerId: number,
  targetId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into picker_followers (picker_id, target_id, x_user_id)
    select ${pickerId}, ${targetId}, id from jsonb_array_elements_text(${jsonParameter(ids)}) as id
    on conflict do nothing`);
}

/** Eligible entrants after `afterXUserId` in user-id order, with the id of each one's most recent post. */
export async function eligibleEntrantsAfter(
  db: DbWriter,
  pickerId: number,
  afterXUserId: string | null,
  limit: number,
) {
  return db
    .select({
      xUserId: pickerEntries.xUserId,
      recentPostId: sql<string | null>`${pickerEntries.profile} ->> 'most_recent_tweet_id'`,
    })
    .from(pickerEntries)
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        isNull(pickerEntries.excludedReason),
        afterXUserId === null ? undefined : gt(pickerEntries.xUserId, afterXUserId),
      ),
    )
    .orderBy(asc(pickerEntries.xUserId))
    .limit(limit);
}

/** Stores on each entrant's profile, under `field`, the time of its most recent post. */
export async function recordPostTimes(
  tx: Tx,
  pickerId: number,
  field: string,
  times: readonly { xUserId: string; at: string }[],
): Promise<void> {
  if (times.length === 0) return;
  await tx.execute(sql`
    update picker_entries
    set profile = picker_entries.profile || jsonb_build_object(${sql.raw(`'${field}'`)}, t.at)
    from jsonb_to_recordset(${jsonParameter(times)}) as t("xUserId" text, at text)
    where picker_entries.picker_id = ${pickerId} and picker_entries.x_user_id = t."xUserId"`);
}

// Exclusions

/** Sets every entrant's reason to `reason` (a per-row expression); rows whose reason does not change are left alone. */
export async function setExclusionReasons(db: DbWriter, pickerId: number, reason: SQL): Promise<void> {
  await db
    .update(pickerEntries)
    .set({ excludedReason: reason })
    .where(
      and(
        eq(pickerEntries.pickerId, pickerId),
        sql`${pickerEntries.excludedReason} is distinct from ${reason}`,
      ),
    );
}

/** Marks one reason on the entrants that meet `condition` and have no reason yet. */
export async function markExcluded(
  db: DbWriter,
  pickerId: number,
  reason: ExclusionReason,
  condition: SQL,
): Promise<void> {
  await db
    .update(pickerEntries)
    .set({ excludedReason: reason })
    .where(and(eq(pickerEntries.pickerId, pickerId), isNull(pickerEntries.excludedReason), condition));
}

// The public counts follow the one rule of eligibility the draw commits (see countEntries).
export { countEntries as countEntrants, type EntryCounts } from "../repository.ts";
