// The wheel's background job: the spin recorder. Every minute it reads every LuckyWheel's confirmed Spin events;
// a reported spin asks for a run at once. A run that leaves reported spins unrecorded (their confirmations not
// reached yet) watches the chain's head and records them as soon as a new block confirms them, for up to
// `watch.forMs`; then it asks for another run a second later.
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import {
  type JobDefinition,
  type JobRegistration,
  type JobWithMetadata,
  registerJob,
} from "../../platform/jobs.ts";
import type { WheelDependencies } from "./dependencies.ts";
import { recordChain } from "./record.ts";
import { chainsWithDrawingSpins } from "./repository.ts";
import { checkStartedGames } from "./start-check.ts";

export const recordSpinsJob = {
  queue: "wheel.record-spins",
  cron: "* * * * *",
  options: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 5 * 60 },
} as const satisfies JobDefinition;

export type RecordSpinsJobData = { chainId?: number };

/**
 * A worker's run watches for 30 s, asking for the head four times a second: a spin is recorded within about a
 * quarter of a second of the block that confirms it, and a run never holds the queue for long.
 */
export const recorderWatch: RecordWatch = { forMs: 30_000, pollMs: 250 };

export type WheelJobDependencies = Pick<
  WheelDependencies,
  "db" | "chainClient" | "contracts" | "distributors" | "confirmations" | "now"
>;

/** Asks for a recorder run on one chain soon (one queued run per chain and moment). */
export async function enqueueRecordSpins(
  boss: PgBoss,
  chainId: number,
  startAfterSeconds = 0,
): Promise<void> {
  await boss.send(recordSpinsJob.queue, { chainId } satisfies RecordSpinsJobData, {
    singletonKey: `chain:${chainId}`,
    ...(startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}),
  });
}

/** How long a run keeps watching for the blocks that confirm reported spins, and how often it asks. */
export type RecordWatch = { forMs: number; pollMs: number };

/** A run that records and leaves (tests); the worker's runs watch (see registerWheelJobs). */
const noWatch: RecordWatch = { forMs: 0, pollMs: 0 };

/** Waits until the chain's head passes `head`, or until `deadline`; the head then. */
async function nextHead(
  dependencies: WheelJobDependencies,
  chainId: number,
  head: bigint,
  deadline: number,
  pollMs: number,
): Promise<bigint> {
  const client = dependencies.chainClient(chainId);
  if (!client) return head;
  for (;;) {
    const now = await client.getBlockNumber();
    if (now > head || Date.now() + pollMs > deadline) return now;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** One run: the job's chain, or every chain with a LuckyWheel (the schedule). Tests call it directly. */
export async function handleRecordSpinsJob(
  dependencies: WheelJobDependencies,
  job: Pick<JobWithMetadata<RecordSpinsJobData>, "data">,
  logger: FastifyBaseLogger,
  again: (chainId: number) => Promise<void> = async () => {},
  watch: RecordWatch = noWatch,
) {
  const chainIds =
    job.data?.chainId !== undefined ? [job.data.chainId] : Object.keys(dependencies.contracts).map(Number);
  const deadline = Date.now() + watch.forMs;
  const outcome: Record<number, { recorded: number; toBlock: string | null }> = {};
  let waiting = chainIds;
  // Games that have started are checked once for their prizes' funding (start-check.ts) before spins are read.
  for (const chainId of chainIds) await checkStartedGames(dependencies, chainId);
  for (;;) {
    for (const chainId of waiting) {
      // A chain whose RPC is down throws: pg-boss retries the run, which starts again from the same block.
      const pass = await recordChain(dependencies, chainId);
      outcome[chainId] = {
        recorded: (outcome[chainId]?.recorded ?? 0) + pass.recorded,
        toBlock: pass.toBlock,
      };
    }
    const drawing = await chainsWithDrawingSpins(dependencies.db);
    waiting = chainIds.filter((chainId) => drawing.includes(chainId));
    if (waiting.length === 0 || Date.now() + watch.pollMs > deadline) break;
    // The confirmations come with new blocks: wait for the first chain's next one, then record again.
    const first = waiting[0] as number;
    const confirmedHead = outcome[first]?.toBlock;
    if (confirmedHead === null || confirmedHead === undefined) break;
    const head = BigInt(confirmedHead) + BigInt(dependencies.confirmations - 1);
    await nextHead(dependencies, first, head, deadline, watch.pollMs);
  }
  for (const chainId of waiting) await again(chainId);
  logger.info({ event: recordSpinsJob.queue, outcome: "done", chains: outcome }, "recorded wheel spins");
  return outcome;
}

export async function registerWheelJobs(
  boss: PgBoss,
  dependencies: WheelJobDependencies,
  registration: JobRegistration,
): Promise<void> {
  const { logger } = registration;
  await registerJob<RecordSpinsJobData>(boss, recordSpinsJob, registration, (job) =>
    handleRecordSpinsJob(
      dependencies,
      job,
      logger,
      (chainId) => enqueueRecordSpins(boss, chainId, 1),
      recorderWatch,
    ),
  );
}
