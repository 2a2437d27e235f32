import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
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
