import type { FastifyBaseLogger } from "fastify";
import type { JobWithMetadata, PgBoss, Queue } from "pg-boss";
import type { AirdropService } from "./service.ts";

export const airdropIndexerJob = {
  name: "airdrop.index-events",
  /** Every minute: the web app reports its own transactions at once; this catches every other claim. */
  cron: "* * * * *",
  /** Passes of `maxBlocks` per chain and run, so one run never falls far behind nor runs for long. */
  maxPasses: 20,
} as const;

/** Reads every distributor's events into the airdrop books (claims made outside the web app included). */
export async function runAirdropIndexer(
  service: Pick<AirdropService, "indexChain">,
  chainIds: readonly number[],
  logger: FastifyBaseLogger,
) {
  const outcome: Record<number, { toBlock: string; applied: number } | { error: string }> = {};
  for (const chainId of chainIds) {
    try {
      let applied = 0;
      let toBlock = 0n;
      for (let pass = 0; pass < airdropIndexerJob.maxPasses; pass++) {
        const step = await service.indexChain(chainId);
        if (!step) break;
        applied += step.applied;
        const caughtUp = step.toBlock === toBlock || step.fromBlock > step.toBlock;
        toBlock = step.toBlock;
        if (caughtUp) break;
      }
      outcome[chainId] = { toBlock: toBlock.toString(), applied };
    } catch (error) {
      // One chain's RPC being down does not hold the others back; the next run resumes from the cursor.
      logger.warn({ event: airdropIndexerJob.name, chainId, err: error }, "airdrop indexing failed");
      outcome[chainId] = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return outcome;
}

export async function registerAirdropIndexerJob(
  boss: PgBoss,
  service: Pick<AirdropService, "indexChain">,
  chainIds: readonly number[],
  logger: FastifyBaseLogger,
  work: boolean,
) {
  await boss.createQueue(airdropIndexerJob.name);
  await boss.schedule(airdropIndexerJob.name, airdropIndexerJob.cron);
  if (!work) return;
  await boss.work(airdropIndexerJob.name, async () => {
    const outcome = await runAirdropIndexer(service, chainIds, logger);
    logger.info(
      { event: airdropIndexerJob.name, outcome: "done", chains: outcome },
      "indexed airdrop events",
    );
    return outcome;
  });
}

/**
 * Long participant lists, imported in the background (`AirdropService.runParticipantImport`). A worker that dies
 * mid-import gives the job back through the heartbeat; the retry starts again from the staged text. An upload
 * sends one job per import and pg-boss hands a job to one worker at a time; the run's last transaction checks,
 * under a row lock, that the import is still its to finish.
 */
export const participantImportJob = {
  name: "airdrop.import-participants",
  queue: {
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
    heartbeatSeconds: 30,
    expireInSeconds: 60 * 60,
  },
} as const satisfies { name: string; queue: Omit<Queue, "name"> };

export type ParticipantImportJobData = { importId: number };

/** Queues the import of a staged list. */
export async function enqueueParticipantImport(boss: PgBoss, importId: number): Promise<void> {
  await boss.send(participantImportJob.name, { importId } satisfies ParticipantImportJobData);
}

/** The handler the worker runs for one import job (tests call it directly). */
export async function handleParticipantImportJob(
  service: Pick<AirdropService, "runParticipantImport">,
  job: Pick<JobWithMetadata<ParticipantImportJobData>, "data" | "retryCount" | "retryLimit"> & {
    signal?: AbortSignal;
  },
  logger: FastifyBaseLogger,
) {
  const { importId } = job.data;
  try {
    const outcome = await service.runParticipantImport(importId, {
      signal: job.signal,
      lastAttempt: job.retryCount >= job.retryLimit,
    });
    logger.info(
      { event: participantImportJob.name, importId, attempt: job.retryCount, outcome },
      "participant import",
    );
    return { outcome };
  } catch (error) {
    logger.warn(
      { event: participantImportJob.name, importId, attempt: job.retryCount, outcome: "retry", err: error },
      "participant import will retry",
    );
    throw error;
  }
}

export async function registerParticipantImportJob(
  boss: PgBoss,
  service: Pick<AirdropService, "runParticipantImport">,
  logger: FastifyBaseLogger,
  work: boolean,
) {
  await boss.createQueue(participantImportJob.name, participantImportJob.queue);
  if (!work) return;
  await boss.work(
    participantImportJob.name,
    { pollingIntervalSeconds: 1, includeMetadata: true },
    async ([job]: JobWithMetadata<ParticipantImportJobData>[]) => {
      if (!job) return;
      return handleParticipantImportJob(service, job, logger);
    },
  );
}
