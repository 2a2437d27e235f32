// The airdrop's background jobs: the event indexer (every minute) and the import of long participant lists.
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import {
  type JobDefinition,
  type JobRegistration,
  type JobWithMetadata,
  registerJob,
} from "../../platform/jobs.ts";
import type { AirdropDependencies } from "./dependencies.ts";
import { type AirdropService, createAirdropService } from "./service.ts";

/** Every minute: the web app reports its own transactions at once; this catches every other claim. */
export const indexEventsJob = {
  queue: "airdrop.index-events",
  cron: "* * * * *",
} as const satisfies JobDefinition;

/** Passes of `maxBlocks` per chain and run, so one run never falls far behind nor runs for long. */
const indexerMaxPasses = 20;

/**
 * Long participant lists, imported in the background (`runParticipantImport`). A worker that dies mid-import
 * gives the job back through the heartbeat; the retry starts again from the staged text. An upload sends one
 * job per import and pg-boss hands a job to one worker at a time; the run's last transaction checks, under a
 * row lock, that the import is still its to finish.
 */
export const importParticipantsJob = {
  queue: "airdrop.import-participants",
  options: {
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
    heartbeatSeconds: 30,
    expireInSeconds: 60 * 60,
  },
} as const satisfies JobDefinition;

export type ParticipantImportJobData = { importId: number };

/** Reads every distributor's events into the airdrop books (claims made outside the web app included). */
export async function runAirdropIndexer(
  dependencies: {
    indexChain(
      chainId: number,
    ): Promise<{ fromBlock: bigint; toBlock: bigint; applied: number; rolledBack?: number } | null>;
  },
  chainIds: readonly number[],
  logger: FastifyBaseLogger,
) {
  const outcome: Record<
    number,
    { toBlock: string; applied: number; rolledBack?: number } | { error: string }
  > = {};
  for (const chainId of chainIds) {
    try {
      let applied = 0;
      let rolledBack = 0;
      let toBlock = 0n;
      for (let pass = 0; pass < indexerMaxPasses; pass++) {
        const step = await dependencies.indexChain(chainId);
        if (!step) break;
        applied += step.applied;
        rolledBack += step.rolledBack ?? 0;
        const caughtUp = step.toBlock === toBlock || step.fromBlock > step.toBlock;
        toBlock = step.toBlock;
        if (caughtUp) break;
      }
      // Events taken back because their blocks left the chain (a reorganisation) are worth a look in the logs.
      outcome[chainId] = { toBlock: toBlock.toString(), applied, ...(rolledBack > 0 ? { rolledBack } : {}) };
    } catch (error) {
      // One chain's RPC being down does not hold the others back; the next run resumes from the cursor.
      logger.warn({ event: indexEventsJob.queue, chainId, err: error }, "airdrop indexing failed");
      outcome[chainId] = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return outcome;
}

/** Queues the import of a staged list. */
export async function enqueueParticipantImport(boss: PgBoss, importId: number): Promise<void> {
  await boss.send(importParticipantsJob.queue, { importId } satisfies ParticipantImportJobData);
}

/** The handler the worker runs for one import job (tests call it directly). */
export async function handleParticipantImportJob(
  dependencies: Pick<AirdropService, "runParticipantImport">,
  job: Pick<JobWithMetadata<ParticipantImportJobData>, "data" | "retryCount" | "retryLimit"> & {
    signal?: AbortSignal;
  },
  logger: FastifyBaseLogger,
) {
  const { importId } = job.data;
  try {
    const outcome = await dependencies.runParticipantImport(importId, {
      signal: job.signal,
      lastAttempt: job.retryCount >= job.retryLimit,
    });
    logger.info(
      { event: importParticipantsJob.queue, importId, attempt: job.retryCount, outcome },
      "participant import",
    );
    return { outcome };
  } catch (error) {
    logger.warn(
      { event: importParticipantsJob.queue, importId, attempt: job.retryCount, outcome: "retry", err: error },
      "participant import will retry",
    );
    throw error;
  }
}

/**
 * What the jobs need: the indexer only reads the chain and writes the books, so it signs no vouchers; imports
 * check X, Discord and Telegram lists the way an upload does, so they get the same clients (undefined where the
 * upstream is off).
 */
export type AirdropJobDependencies = Pick<
  AirdropDependencies,
  | "db"
  | "x"
  | "discord"
  | "telegram"
  | "chainClient"
  | "distributors"
  | "confirmations"
  | "voucherTtlSeconds"
  | "concurrentConnections"
  | "now"
>;

export async function registerAirdropJobs(
  boss: PgBoss,
  dependencies: AirdropJobDependencies,
  registration: JobRegistration,
): Promise<void> {
  const { logger } = registration;
  const books = createAirdropService({ ...dependencies, signer: null });
  const chainIds = Object.keys(dependencies.distributors).map(Number);
  await registerJob(boss, indexEventsJob, registration, async () => {
    const outcome = await runAirdropIndexer(books, chainIds, logger);
    logger.info({ event: indexEventsJob.queue, outcome: "done", chains: outcome }, "indexed airdrop events");
    return outcome;
  });
  await registerJob<ParticipantImportJobData>(boss, importParticipantsJob, registration, (job) =>
    handleParticipantImportJob(books, job, logger),
  );
}
