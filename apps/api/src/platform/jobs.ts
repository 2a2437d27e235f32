// The one shape every module's background job takes (see docs/architecture.md, "Jobs").
//
// A module's `jobs.ts` declares each job as a `JobDefinition` (queue name `<module>.<verb>`, queue options,
// an optional cron), exports an `enqueue…` function for its callers and a `handle…` function that runs one
// job (tests call it directly), and one `register<Module>Jobs(boss, dependencies, options)` that the
// composition root (`apps/api/src/jobs/index.ts`) calls. Handlers stay thin: they call the module's use case and log
// `{event: queue, outcome}`.
import type { FastifyBaseLogger } from "fastify";
import type { Job, JobWithMetadata, PgBoss, Queue, WorkOptions } from "pg-boss";

export type JobDefinition = {
  /** `<module>.<verb>`, for example `airdrop.index-events`. */
  readonly queue: `${string}.${string}`;
  /** pg-boss queue options: retries, backoff, heartbeat, expiry, policy. */
  readonly options?: Omit<Queue, "name">;
  /** A schedule; pg-boss keeps one schedule per queue, so every replica may register it. */
  readonly cron?: string;
};

/** What every `register<Module>Jobs` takes besides its module's own dependencies. */
export type JobRegistration = {
  logger: FastifyBaseLogger;
  /** False: create the queues and schedules only (an API replica that does not run jobs). */
  work: boolean;
};

/**
 * Creates the job's queue (and schedule), and when this process works jobs, runs `handler` for each job,
 * one at a time per worker. Each start is logged (`job.start`, with the job id and attempt), so a run that a
 * crash or a shutdown cut short can be told from one that never began.
 */
export async function registerJob<Data extends object>(
  boss: PgBoss,
  definition: JobDefinition,
  registration: JobRegistration,
  handler: (job: JobWithMetadata<Data>) => Promise<unknown>,
  work: Omit<WorkOptions, "includeMetadata" | "batchSize"> & {
    queueOverrides?: Partial<Omit<Queue, "name">>;
  } = {},
): Promise<void> {
  const { queueOverrides, ...workOptions } = work;
  await boss.createQueue(definition.queue, { ...definition.options, ...queueOverrides });
  if (definition.cron) await boss.schedule(definition.queue, definition.cron);
  if (!registration.work) return;
  await boss.work<Data, unknown, WorkOptions & { includeMetadata: true }>(
    definition.queue,
    { pollingIntervalSeconds: 1, ...workOptions, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      registration.logger.info(
        { event: "job.start", queue: definition.queue, jobId: job.id, attempt: job.retryCount },
        "job started",
      );
      return handler(job);
    },
  );
}

export type { Job, JobWithMetadata, PgBoss };
