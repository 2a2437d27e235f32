// The pipeline as a pg-boss job: one job per picker at a time, retried (and resumed from its cursors) when a
// worker dies or X stays down.
import type { Db } from "@dropfair/db";
import type { XClient } from "@dropfair/social/x";
import type { FastifyBaseLogger } from "fastify";
import type { JobWithMetadata, PgBoss, Queue } from "pg-boss";
import { runPickerPipeline } from "./pipeline.ts";

export const pickerPipelineQueue = "picker-pipeline";

export type PickerPipelineJobData = { pickerId: number };

/**
 * `exclusive` with the picker id as singletonKey: while a picker's job is queued, active or waiting for a
 * retry, another enqueue is a no-op, so two workers never collect the same picker. The heartbeat gives a
 * killed worker's job back to the queue within a minute; the expiry only bounds a stuck run (rate-limit
 * waits make long runs legitimate).
 */
export const pickerPipelineQueueOptions = {
  policy: "exclusive",
  retryLimit: 8,
  retryDelay: 15,
  retryBackoff: true,
  retryDelayMax: 15 * 60,
  heartbeatSeconds: 30,
  expireInSeconds: 6 * 60 * 60,
} satisfies Omit<Queue, "name">;

/** Queues the picker's pipeline; null when its job is already queued or running. */
export async function enqueuePickerPipeline(boss: PgBoss, pickerId: number): Promise<string | null> {
  return boss.send(pickerPipelineQueue, { pickerId } satisfies PickerPipelineJobData, {
    singletonKey: String(pickerId),
  });
}

export type PickerPipelineJobDependencies = {
  db: Db;
  x: XClient;
  logger: FastifyBaseLogger;
  /** False: create the queue only (an API replica that does not run jobs). Default true. */
  work?: boolean;
  /** Overrides of `pickerPipelineQueueOptions` (tests use short retry delays). */
  queue?: Partial<Omit<Queue, "name" | "policy">>;
};

export async function registerPickerPipelineJob(
  boss: PgBoss,
  dependencies: PickerPipelineJobDependencies,
): Promise<void> {
  const { db, x, logger } = dependencies;
  await boss.createQueue(pickerPipelineQueue, { ...pickerPipelineQueueOptions, ...dependencies.queue });
  if (dependencies.work === false) return;
  await boss.work(
    pickerPipelineQueue,
    { pollingIntervalSeconds: 1, includeMetadata: true },
    async ([job]: JobWithMetadata<PickerPipelineJobData>[]) => {
      if (!job) return;
      const { pickerId } = job.data;
      const lastAttempt = job.retryCount >= job.retryLimit;
      try {
        const result = await runPickerPipeline({ db, x, pickerId, signal: job.signal, lastAttempt });
        logger.info(
          { event: pickerPipelineQueue, pickerId, attempt: job.retryCount, outcome: result.outcome },
          "picker pipeline",
        );
        return result;
      } catch (error) {
        logger.warn(
          { event: pickerPipelineQueue, pickerId, attempt: job.retryCount, outcome: "retry", err: error },
          "picker pipeline will retry",
        );
        throw error;
      }
    },
  );
}
