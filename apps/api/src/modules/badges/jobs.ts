// The badges' background job: every minute, the mint indexer reads each contract's BadgeMinted events, so mints
// the web app never reported (a closed tab, another front end) are recorded too.
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import { type JobDefinition, type JobRegistration, registerJob } from "../../platform/jobs.ts";
import { indexMints, type MintReaderDependencies } from "./mints.ts";

export const indexMintsJob = {
  queue: "badges.index-mints",
  cron: "* * * * *",
} as const satisfies JobDefinition;

/** Passes of up to 2,000 blocks per chain and run, so one run never falls far behind nor runs for long. */
const indexerMaxPasses = 20;
const indexerPassBlocks = 2_000n;

/** One run over every chain with a contract; one chain's RPC being down does not hold the others back. */
export async function runBadgeIndexer(dependencies: MintReaderDependencies, logger: FastifyBaseLogger) {
  const outcome: Record<number, { toBlock: string; recorded: number } | { error: string } | null> = {};
  for (const chainId of Object.keys(dependencies.contracts).map(Number)) {
    try {
      let recorded = 0;
      let step: Awaited<ReturnType<typeof indexMints>> = null;
      for (let pass = 0; pass < indexerMaxPasses; pass++) {
        step = await indexMints(dependencies, chainId, indexerPassBlocks);
        if (!step) break;
        recorded += step.recorded;
        // A pass that did not fill its whole range reached the confirmed head.
        if (step.fromBlock > step.toBlock || step.toBlock - step.fromBlock + 1n < indexerPassBlocks) break;
      }
      outcome[chainId] = step ? { toBlock: step.toBlock.toString(), recorded } : null;
    } catch (error) {
      logger.warn({ event: indexMintsJob.queue, chainId, err: error }, "badge mint indexing failed");
      outcome[chainId] = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return outcome;
}

export async function registerBadgeJobs(
  boss: PgBoss,
  dependencies: MintReaderDependencies,
  registration: JobRegistration,
): Promise<void> {
  await registerJob(boss, indexMintsJob, registration, async () => {
    const outcome = await runBadgeIndexer(dependencies, registration.logger);
    registration.logger.info(
      { event: indexMintsJob.queue, outcome: "done", chains: outcome },
      "indexed mints",
    );
    return outcome;
  });
}
