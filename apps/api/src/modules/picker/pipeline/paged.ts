// A paged read from X as a resumable step: each batch of pages is written in one transaction together with
// the cursor that says where to go on, so a crash between batches resumes with no page lost or applied twice.
import type { Tx } from "@dropfair/db";
import { type Page, type PageCursor, XCursorLoopError } from "@dropfair/social/x";
import type { PickerPipelineProgress, PipelineContext } from "./context.ts";
import { PickerPipelineSupersededError } from "./errors.ts";
import {
  lockPickerEntryCount,
  advanceCursor as moveCursor,
  readCursor as storedCursor,
  writeProgress,
} from "./repository.ts";

/** Restarts of a list from its stored cursor after the client gave up on a looping next_token. */
const cursorLoopRestarts = 2;

export type StoredCursor = PageCursor;

export async function readCursor(context: PipelineContext, stage: string): Promise<StoredCursor | undefined> {
  return storedCursor(context.db, context.picker.id, stage);
}

/**
 * Moves a stage's cursor from `storedPages` pages to `cursor`, inside the page's transaction. When another
 * run moved it first, nothing of this batch is written: PickerPipelineSupersededError.
 */
export async function advanceCursor(
  tx: Tx,
  context: PipelineContext,
  stage: string,
  storedPages: number,
  cursor: StoredCursor,
): Promise<void> {
  if (!(await moveCursor(tx, context.picker.id, stage, storedPages, cursor))) {
    throw new PickerPipelineSupersededError(context.picker.id, stage);
  }
}

/** The progress of a stage; `limited` stays once set. */
export function stageProgress(
  context: PipelineContext,
  stage: string,
  counts: { pages?: number; fetched?: number; total?: number | undefined; limited?: boolean } = {},
): PickerPipelineProgress {
  const progress: PickerPipelineProgress = { stage };
  if (counts.fetched !== undefined) progress.fetched = counts.fetched;
  if (counts.total !== undefined) progress.total = counts.total;
  if (counts.pages !== undefined) progress.pages = counts.pages;
  if (context.progress.limited || counts.limited) progress.limited = true;
  return progress;
}

export type BatchOutcome = {
  /** New entrants written by this batch. */
  added: number;
  /** Stop the list here (the entry limit is reached); the cursor is marked done. */
  stop: boolean;
};

export type PagedSource<T> = {
  /** The cursor key: "retweets", "quotes", "replies", "followers:<id>". */
  stage: string;
  /** Whether progress counts entrants (entry lists) or the list's own items (followers, reply flags). */
  countsEntrants: boolean;
  /** What the progress bar counts towards, when X told us (the post's counters). */
  total?: number | undefined;
  pages(cursor: StoredCursor | undefined): AsyncGenerator<Page<T>>;
  write(tx: Tx, pages: readonly Page<T>[], entryCount: number): Promise<BatchOutcome>;
};

export type PagedOutcome = { stopped: boolean };

/**
 * Reads a list to its end from its stored cursor, `writeBatchSize` accounts per transaction. A looping
 * cursor that the client could not cure is restarted from the stored cursor a bounded number of times.
 */
export async function runPagedSource<T>(
  context: PipelineContext,
  source: PagedSource<T>,
): Promise<PagedOutcome> {
  for (let restart = 0; ; restart++) {
    try {
      return await readToEnd(context, source);
    } catch (error) {
      if (!(error instanceof XCursorLoopError) || restart >= cursorLoopRestarts) throw error;
    }
  }
}

async function readToEnd<T>(context: PipelineContext, source: PagedSource<T>): Promise<PagedOutcome> {
  const stored = await readCursor(context, source.stage);
  if (stored?.done) return { stopped: false };
  let storedPages = stored?.pagesFetched ?? 0;
  let batch: Page<T>[] = [];
  let batchItems = 0;
  const pages = source.pages(stored);
  // The next page is requested before the batch is written, so X answers while the database works. A
  // page fetched but not yet written is simply fetched again after a crash: its cursor was not stored.
  // A failure of the request in flight is observed at once (marked handled) and raised where it is awaited.
  const request = () => {
    const pending = pages.next();
    pending.catch(() => undefined);
    return pending;
  };
  let next = request();
  try {
    for (;;) {
      const step = await next;
      if (step.done) return { stopped: false };
      const page = step.value;
      if (!page.cursor.done) next = request();
      batch.push(page);
      batchItems += page.data.length;
      if (!page.cursor.done && batchItems < context.writeBatchSize) continue;
      const outcome = await commitBatch(context, source, batch, storedPages);
      storedPages = page.cursor.pagesFetched;
      batch = [];
      batchItems = 0;
      if (outcome.stop) return { stopped: true };
      if (page.cursor.done) return { stopped: false };
    }
  } finally {
    // A request still in flight when the list stops (a crash, the entry limit) is dropped, unobserved; the
    // generator closes once it settles (not awaited: it may be waiting out a rate limit).
    next.catch(() => undefined);
    pages.return(undefined).catch(() => undefined);
  }
}

async function commitBatch<T>(
  context: PipelineContext,
  source: PagedSource<T>,
  batch: readonly Page<T>[],
  storedPages: number,
): Promise<BatchOutcome> {
  const last = batch[batch.length - 1];
  if (!last) return { added: 0, stop: false };
  let cursor: StoredCursor = last.cursor;
  let progress: PickerPipelineProgress = context.progress;
  const outcome = await context.db.transaction(async (tx) => {
    // The picker row is locked first, as in every page transaction: one lock order, and the entry limit holds.
    const entryCount = await lockPickerEntryCount(tx, context.picker.id);
    const written = await source.write(tx, batch, entryCount);
    if (written.stop) cursor = { ...cursor, done: true };
    await advanceCursor(tx, context, source.stage, storedPages, cursor);
    progress = stageProgress(context, source.stage, {
      pages: cursor.pagesFetched,
      fetched: source.countsEntrants ? entryCount + written.added : cursor.itemsFetched,
      total: source.total,
      limited: written.stop,
    });
    await writeProgress(tx, context.picker.id, progress, written.added);
    return written;
  });
  context.progress = progress;
  await context.onPage?.({
    pickerId: context.picker.id,
    stage: source.stage,
    pages: cursor.pagesFetched,
    items: cursor.itemsFetched,
    done: cursor.done,
  });
  return outcome;
}
