// What every stage of one pipeline run shares.
import type { Db, PickerProgress, pickers } from "@dropfair/db";
import type { XClient } from "@dropfair/social/x";

export type PickerRow = typeof pickers.$inferSelect;

/** PickerProgress as the pipeline fills it: `limited` says collection stopped at the entry limit. */
/** The progress the pipeline writes (the shared picker progress shape). */
export type PickerPipelineProgress = PickerProgress;

/** Called after each committed write: the stage's cursor key and where its cursor now stands. */
export type PickerPipelinePageEvent = {
  pickerId: number;
  stage: string;
  pages: number;
  items: number;
  done: boolean;
};

export type PickerPipelineOptions = {
  db: Db;
  x: XClient;
  pickerId: number;
  /** The time the filters measure account age and last post against (default: the system clock). */
  now?: () => Date;
  /** Test hook, after each committed page; throwing from it is a crash between pages. */
  onPage?: (event: PickerPipelinePageEvent) => void | Promise<void>;
  /** Aborts the X requests (pg-boss aborts it when the job's claim is gone). */
  signal?: AbortSignal;
  /** The job's last attempt: a failure that a retry might cure fails the picker instead. */
  lastAttempt?: boolean;
  /** Page size asked of X, clamped to each endpoint's range (default: each endpoint's maximum). */
  maxResults?: number;
  /** Accounts written per transaction: pages are gathered up to this many (default 1,000). */
  writeBatchSize?: number;
};

export type PipelineContext = {
  db: Db;
  x: XClient;
  picker: PickerRow;
  now: () => Date;
  onPage: PickerPipelineOptions["onPage"];
  signal: AbortSignal | undefined;
  maxResults: number | undefined;
  writeBatchSize: number;
  /** The live progress, written with every page. */
  progress: PickerPipelineProgress;
};

/** The page size for an endpoint: the requested one within X's range, or X's maximum. */
export function pageSize(context: PipelineContext, range: { min: number; max: number }): number {
  const wanted = context.maxResults ?? range.max;
  return Math.min(range.max, Math.max(range.min, wanted));
}
