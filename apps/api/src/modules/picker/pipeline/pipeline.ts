// The picker's collection pipeline (picker v2): from "not started" to "ready to pick", each stage
// resumable. The picker row's status and progress show where it is; re-entered at any status, it goes on
// from there with the stored cursors.
//
//   2 preparing ─▶ 20 fetching followers ─▶ 3 loading entries ─▶ 7 verifying follow ─▶ 14 fetching replies
//     ─▶ 8 filtering ─▶ 6 ready to pick | 12 no participant        (any unrecoverable failure ─▶ 10)
//
// A rate limit spent until a reset too far away to sleep through stops the run at its stage with
// `waitingUntil` in the progress; the job is rescheduled to the reset and goes on from the cursors.
//
// Stage 3 reads the entrants: retweeters then quote authors when a repost is required, otherwise the
// repliers. Stage 14 runs only when both a repost and a reply are required: it marks who replied.
import { type ExclusionReason, pickerPipelineStatuses, pickerStatus } from "@dropfair/core/picker";
import { findPicker } from "../repository.ts";
import { recordRecentPostTimes } from "./activity.ts";
import type { PickerPipelineOptions, PickerPipelineProgress, PickerRow, PipelineContext } from "./context.ts";
import type { PickerPipelineErrorKey } from "./errors.ts";
import { failureKey, PickerPipelineSupersededError, pickerPipelineErrors, rateLimitReset } from "./errors.ts";
import { classifyEntrants, noReplyCondition, notFollowingCondition } from "./exclusions.ts";
import { runPagedSource, stageProgress } from "./paged.ts";
import {
  analyzeEntrantTables,
  countEntrants,
  enterStage,
  failCollection,
  finishCollection,
  markExcluded,
  markWaiting,
  pickerEntryCount,
} from "./repository.ts";
import {
  followerSource,
  type PostCounters,
  quoteSource,
  replyEntrantSource,
  replyFlagSource,
  retweetSource,
} from "./sources.ts";

export type PickerPipelineResult =
  | {
      outcome: "ready" | "no-participant";
      status: typeof pickerStatus.readyToPick | typeof pickerStatus.noParticipant;
      entryCount: number;
      eligibleCount: number;
      excludedCounts: Partial<Record<ExclusionReason, number>>;
      limited: boolean;
    }
  | { outcome: "failed"; status: typeof pickerStatus.error; errorMessage: PickerPipelineErrorKey }
  /** X's rate limit is spent until `until` (X's clock), `waitMs` from now (ours): run it again then. */
  | { outcome: "waiting"; until: Date; waitMs: number }
  /** The picker is not in a pipeline state (already collected, failed, cancelled…): nothing to do. */
  | { outcome: "skipped"; status: number }
  /** Another run moved the picker on first; this one wrote nothing more. */
  | { outcome: "superseded" }
  | { outcome: "missing" };

/** Statuses from which X lists may still have to be read (the post is looked up again on resume). */
const collectingStatuses: readonly number[] = [
  pickerStatus.notStarted,
  pickerStatus.preparing,
  pickerStatus.fetchingFollowers,
  pickerStatus.loadingEntries,
  pickerStatus.verifyingFollow,
  pickerStatus.fetchingReplies,
];

type Step = {
  status: number;
  name: string;
  applies(picker: PickerRow): boolean;
  run(context: PipelineContext, post: PostCounters): Promise<void>;
};

const steps: Step[] = [
  {
    status: pickerStatus.fetchingFollowers,
    name: "followers",
    applies: (picker) => picker.followTargets.length > 0,
    run: async (context) => {
      for (const target of context.picker.followTargets) {
        await runPagedSource(context, followerSource(context, target));
      }
    },
  },
  {
    status: pickerStatus.loadingEntries,
    name: "entries",
    applies: () => true,
    run: async (context, post) => {
      const { picker } = context;
      if (picker.requireRetweet) {
        const retweets = await runPagedSource(context, retweetSource(context, post));
        // Once an entrant was turned away, every further new account would be too.
        if (!retweets.stopped && !context.progress.limited) {
          await runPagedSource(context, quoteSource(context, post));
        }
      } else if (picker.requireReply) {
        await runPagedSource(context, replyEntrantSource(context, post));
      }
    },
  },
  {
    status: pickerStatus.verifyingFollow,
    name: "verify-follow",
    applies: (picker) => picker.followTargets.length > 0,
    run: async (context) => {
      await refreshPlannerStatistics(context);
      const condition = notFollowingCondition(context.picker);
      if (condition) await markExcluded(context.db, context.picker.id, "not-following", condition);
    },
  },
  {
    status: pickerStatus.fetchingReplies,
    name: "replies",
    applies: (picker) => picker.requireRetweet && picker.requireReply,
    run: async (context, post) => {
      await runPagedSource(context, replyFlagSource(context, post));
      await markExcluded(context.db, context.picker.id, "no-reply", noReplyCondition());
    },
  },
  {
    status: pickerStatus.filtering,
    name: "filtering",
    applies: () => true,
    run: async (context) => {
      const { picker } = context;
      const now = context.now();
      await refreshPlannerStatistics(context);
      await classifyEntrants(context.db, picker, now, { activity: false });
      if (picker.filters.lastPostWithinDays) {
        await recordRecentPostTimes(context);
        await classifyEntrants(context.db, picker, now, { activity: true });
      }
    },
  },
];

/** Below this many entrants any plan is quick; above it, a plan made on stale statistics may not be. */
const analyzeAboveEntrants = 5000;

/**
 * The collection just added up to hundreds of thousands of rows the planner has not seen (PGlite never
 * analyzes on its own, PostgreSQL's autovacuum comes later): planned on stale statistics, the follow check's
 * anti-join becomes a nested loop that takes minutes instead of a hash join that takes milliseconds.
 */
async function refreshPlannerStatistics(context: PipelineContext): Promise<void> {
  if ((await pickerEntryCount(context.db, context.picker.id)) < analyzeAboveEntrants) return;
  await analyzeEntrantTables(context.db);
}

/** The progress without the wait it may show: the run goes on. */
function resumed(progress: PickerPipelineProgress): PickerPipelineProgress {
  const kept = { ...progress };
  delete kept.waitingUntil;
  return kept;
}

/**
 * Moves the picker to a stage's status; a picker that left the pipeline meanwhile stops the run. Resuming
 * the stage it is at keeps the counts it shows.
 */
async function enter(context: PipelineContext, status: number, stage: string): Promise<void> {
  const progress =
    context.picker.status === status ? resumed(context.progress) : stageProgress(context, stage);
  if (!(await enterStage(context.db, context.picker.id, status, progress))) {
    throw new PickerPipelineSupersededError(context.picker.id, stage);
  }
  context.progress = progress;
  context.picker = { ...context.picker, status };
}

/** Stage 2: the post must still be there; its counters size the progress bar. */
async function lookupPost(context: PipelineContext): Promise<PostCounters | undefined> {
  const post = await context.x.lookupPost(context.picker.postId, {
    tweetFields: ["author_id", "created_at", "public_metrics"],
    userFields: [],
    expansions: [],
    signal: context.signal,
  });
  if (!post.found) return undefined;
  const metrics = post.data.public_metrics;
  return {
    retweets: metrics?.retweet_count ?? 0,
    quotes: metrics?.quote_count ?? 0,
    replies: metrics?.reply_count ?? 0,
  };
}

/** Shows the wait for X's reset with the progress so far; the caller reschedules the run. */
async function wait(context: PipelineContext, reset: Date): Promise<PickerPipelineResult> {
  const progress = { ...context.progress, waitingUntil: reset.toISOString() };
  if (!(await markWaiting(context.db, context.picker.id, progress))) return { outcome: "superseded" };
  context.progress = progress;
  return { outcome: "waiting", until: reset, waitMs: Math.max(0, reset.getTime() - context.now().getTime()) };
}

async function fail(context: PipelineContext, key: PickerPipelineErrorKey): Promise<PickerPipelineResult> {
  await failCollection(context.db, context.picker.id, pickerStatus.error, key);
  return { outcome: "failed", status: pickerStatus.error, errorMessage: key };
}

/** Freezes the counts and opens the draw (6), or says nobody is eligible (12). */
async function finish(context: PipelineContext): Promise<PickerPipelineResult> {
  return context.db.transaction(async (tx) => {
    const counts = await countEntrants(tx, context.picker.id);
    const status = counts.eligibleCount > 0 ? pickerStatus.readyToPick : pickerStatus.noParticipant;
    const limited = context.progress.limited === true;
    const progress: PickerPipelineProgress = {
      stage: "done",
      fetched: counts.entryCount,
      total: counts.entryCount,
      ...(limited ? { limited } : {}),
    };
    const moved = await finishCollection(tx, context.picker.id, pickerStatus.filtering, {
      status,
      progress,
      ...counts,
    });
    if (!moved) throw new PickerPipelineSupersededError(context.picker.id, "done");
    context.progress = progress;
    return {
      outcome: status === pickerStatus.readyToPick ? "ready" : "no-participant",
      status,
      ...counts,
      limited,
    };
  });
}

async function runStages(context: PipelineContext): Promise<PickerPipelineResult> {
  const startStatus = context.picker.status;
  let post: PostCounters = { retweets: 0, quotes: 0, replies: 0 };
  if (collectingStatuses.includes(startStatus)) {
    if (startStatus === pickerStatus.notStarted || startStatus === pickerStatus.preparing) {
      await enter(context, pickerStatus.preparing, "preparing");
    }
    const found = await lookupPost(context);
    if (!found) return fail(context, pickerPipelineErrors.postNotFound);
    post = found;
  }
  const resumeAt = steps.findIndex((step) => step.status === startStatus);
  for (const step of steps.slice(Math.max(0, resumeAt))) {
    if (!step.applies(context.picker)) continue;
    await enter(context, step.status, step.name);
    await step.run(context, post);
  }
  return finish(context);
}

/**
 * Runs the picker's pipeline from its current status to 6 (ready to pick), 12 (no participant) or 10
 * (failed, with an errorMessage key of `pickerPipelineErrors`). A failure that a retry may cure is thrown
 * (unless `lastAttempt`), leaving the picker at its stage with its cursors: run it again to resume. A rate
 * limit spent until a far reset answers "waiting": run it again at the reset.
 */
export async function runPickerPipeline(options: PickerPipelineOptions): Promise<PickerPipelineResult> {
  const picker = await findPicker(options.db, options.pickerId);
  if (!picker) return { outcome: "missing" };
  if (!pickerPipelineStatuses.includes(picker.status)) return { outcome: "skipped", status: picker.status };
  const context: PipelineContext = {
    db: options.db,
    x: options.x,
    picker,
    now: options.now ?? (() => new Date()),
    onPage: options.onPage,
    signal: options.signal,
    maxResults: options.maxResults,
    writeBatchSize: options.writeBatchSize ?? 1000,
    progress: { ...(picker.progress as PickerPipelineProgress) },
  };
  try {
    return await runStages(context);
  } catch (error) {
    if (error instanceof PickerPipelineSupersededError) return { outcome: "superseded" };
    // The job lost its claim: whoever holds it now carries on.
    if (options.signal?.aborted) throw error;
    const reset = rateLimitReset(error);
    if (reset && !options.lastAttempt) return wait(context, reset);
    const key = failureKey(error, options.lastAttempt === true);
    if (!key) throw error;
    return fail(context, key);
  }
}
