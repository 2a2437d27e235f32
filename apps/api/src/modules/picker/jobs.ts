// The picker's background jobs, in the shape every module's jobs take (see platform/jobs.ts):
//   picker.collect-entries  a new picker collects its entrants from X (the pipeline), resuming from its cursors;
//   picker.draw             a committed draw looks for its block until it can draw (or times out).
import type { Db } from "@dropfair/db";
import type { XClient } from "@dropfair/social/x";
import type { FastifyBaseLogger } from "fastify";
import type { Queue } from "pg-boss";
import {
  type Job,
  type JobDefinition,
  type JobRegistration,
  type JobWithMetadata,
  type PgBoss,
  registerJob,
} from "../../platform/jobs.ts";
import { type DrawStepDependencies, runDrawStep } from "./draws.ts";
import { runPickerPipeline } from "./pipeline/pipeline.ts";

/**
 * One job per picker at a time: with the `exclusive` policy and the picker id as singletonKey, another enqueue
 * while the picker's job is queued, active or waiting for a retry is a no-op, so two workers never collect the
 * same picker. The heartbeat gives a killed worker's job back to the queue within a minute; the expiry only
 * bounds a stuck run (waiting out X's near rate-limit resets makes long runs legitimate). A retry resumes from
 * the stored cursors. A reset too far away to sleep through puts the job back in the queue until the reset
 * (see `waitForReset`).
 */
export const pickerPipelineJob = {
  queue: "picker.collect-entries",
  options: {
    policy: "exclusive",
    retryLimit: 8,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 15 * 60,
    heartbeatSeconds: 30,
    expireInSeconds: 6 * 60 * 60,
  },
} as const satisfies JobDefinition;

/** Each attempt is idempotent, so a duplicate job is harmless; a failed attempt is retried a few times. */
export const pickerDrawJob = {
  queue: "picker.draw",
  options: { retryLimit: 5, retryDelay: 5 },
} as const satisfies JobDefinition;

/** How often a waiting draw looks for its block. */
export const drawPollSeconds = 2;

export type PickerPipelineJobData = { pickerId: number };
export type PickerDrawJobData = { drawId: number };

type QueueOverrides = Partial<Omit<Queue, "name" | "policy">>;

export type PickerJobDependencies = {
  db: Db;
  x: XClient;
  chainClient: DrawStepDependencies["chainClient"];
  /** A second block source per chain, which draws ask too (`RPC_CHECK_URL_<chainId>`); optional. */
  checkClient?: DrawStepDependencies["checkClient"];
  drawConfirmations: number;
  /** How long a draw may wait for its block before it fails visibly. */
  drawTimeoutMs: number;
  now: () => Date;
};

export type PickerJobRegistration = JobRegistration & {
  /** Per queue, overrides of its options (tests use short retry delays). */
  queueOverrides?: Partial<
    Record<(typeof pickerPipelineJob | typeof pickerDrawJob)["queue"], QueueOverrides>
  >;
};

/** Queues the picker's collection; null when its job is already queued or running. */
export async function enqueuePickerPipeline(boss: PgBoss, pickerId: number): Promise<string | null> {
  return boss.send(pickerPipelineJob.queue, { pickerId } satisfies PickerPipelineJobData, {
    singletonKey: String(pickerId),
  });
}

export async function enqueuePickerDraw(boss: PgBoss, drawId: number, startAfterSeconds = 0): Promise<void> {
  await boss.send(pickerDrawJob.queue, { drawId } satisfies PickerDrawJobData, {
    startAfter: startAfterSeconds,
  });
}

/** A job put back to wait for X is never due sooner than this, however close the reset. */
const minimumWaitSeconds = 15;

/**
 * Puts the running job back in the queue until X's reset, in pg-boss's own terms: failed (so it is queued
 * for a retry, still holding the picker's singleton slot), then its start moved to the reset, with one more
 * retry allowed, since waiting is no failure. A crash between the two leaves an ordinary retry after the
 * queue's backoff, which finds the limit still spent and waits again.
 */
async function waitForReset(boss: PgBoss, job: JobWithMetadata<PickerPipelineJobData>, waitMs: number) {
  const seconds = Math.max(minimumWaitSeconds, Math.ceil(waitMs / 1000));
  await boss.fail(pickerPipelineJob.queue, job.id, { waitingSeconds: seconds });
  await boss.update(pickerPipelineJob.queue, undefined, {
    id: job.id,
    startAfter: seconds,
    retryLimit: job.retryLimit + 1,
  });
}

/**
 * Runs the picker's pipeline; a failure a retry may cure is thrown so pg-boss retries it, until the last
 * attempt. A rate limit spent until a far reset puts the job back in the queue until then.
 */
export async function handlePickerPipeline(
  job: JobWithMetadata<PickerPipelineJobData>,
  dependencies: Pick<PickerJobDependencies, "db" | "x" | "now">,
  logger: FastifyBaseLogger,
  boss: PgBoss,
) {
  const { pickerId } = job.data;
  const event = { event: pickerPipelineJob.queue, pickerId, attempt: job.retryCount };
  const lastAttempt = job.retryCount >= job.retryLimit;
  try {
    const result = await runPickerPipeline({
      db: dependencies.db,
      x: dependencies.x,
      pickerId,
      now: dependencies.now,
      signal: job.signal,
      lastAttempt,
    });
    if (result.outcome === "waiting") {
      await waitForReset(boss, job, result.waitMs);
      logger.info({ ...event, outcome: "waiting", until: result.until.toISOString() }, "picker pipeline");
      return result;
    }
    logger.info({ ...event, outcome: result.outcome }, "picker pipeline");
    return result;
  } catch (error) {
    logger.warn({ ...event, outcome: "retry", err: error }, "picker pipeline will retry");
    throw error;
  }
}

/** One attempt at the draw; while its block is not there (or not final) yet, the next attempt is queued. */
export async function handlePickerDraw(
  job: Job<PickerDrawJobData>,
  dependencies: DrawStepDependencies,
  logger: FastifyBaseLogger,
  boss: PgBoss,
) {
  const { drawId } = job.data;
  const outcome = await runDrawStep(dependencies, drawId);
  if (outcome.state === "waiting") await enqueuePickerDraw(boss, drawId, drawPollSeconds);
  else logger.info({ event: pickerDrawJob.queue, drawId, outcome: outcome.state }, "draw step");
  return outcome;
}

/** Creates the picker's queues and, when this process works jobs, runs their handlers. */
export async function registerPickerJobs(
  boss: PgBoss,
  dependencies: PickerJobDependencies,
  registration: PickerJobRegistration,
): Promise<void> {
  const { logger, queueOverrides = {} } = registration;
  const drawStep: DrawStepDependencies = {
    db: dependencies.db,
    chainClient: dependencies.chainClient,
    checkClient: dependencies.checkClient,
    confirmations: dependencies.drawConfirmations,
    timeoutMs: dependencies.drawTimeoutMs,
    now: dependencies.now,
  };
  await registerJob<PickerPipelineJobData>(
    boss,
    pickerPipelineJob,
    registration,
    (job) => handlePickerPipeline(job, dependencies, logger, boss),
    { queueOverrides: queueOverrides[pickerPipelineJob.queue] },
  );
  await registerJob<PickerDrawJobData>(
    boss,
    pickerDrawJob,
    registration,
    (job) => handlePickerDraw(job, drawStep, logger, boss),
    { queueOverrides: queueOverrides[pickerDrawJob.queue] },
  );
}
