import type { Db } from "@dropfair/db";
import type { XClient } from "@dropfair/social/x";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import type { PublicClient } from "viem";
import { enqueuePickerDraw, type PickerJobs, registerPickerDrawJob } from "../modules/picker/index.ts";
import { enqueuePickerPipeline, registerPickerPipelineJob } from "../modules/picker/pipeline/index.ts";
import { registerPurgeExpiredSignIns } from "./purge-expired-sign-ins.ts";

export {
  purgeExpiredSignInsJob,
  runPurgeExpiredSignIns,
  runPurgeExpiredXSignIns,
} from "./purge-expired-sign-ins.ts";
export { createJobQueue } from "./queue.ts";

/** Registers every queue and schedule; with `work`, this process also runs the handlers. */
export async function registerJobs(
  boss: PgBoss,
  dependencies: {
    db: Db;
    logger: FastifyBaseLogger;
    work: boolean;
    x: XClient;
    chainClient: (chainId: number) => PublicClient | undefined;
    picker: { drawConfirmations: number; drawTimeoutMs: number };
  },
) {
  const { db, logger, work, x, chainClient, picker } = dependencies;
  await registerPurgeExpiredSignIns(boss, db, logger, work);
  await registerPickerPipelineJob(boss, { db, x, logger, work });
  await registerPickerDrawJob(
    boss,
    {
      db,
      chainClient,
      confirmations: picker.drawConfirmations,
      timeoutMs: picker.drawTimeoutMs,
      now: () => new Date(),
      logger,
    },
    work,
  );
}

/** The picker's jobs on pg-boss: any worker replica picks them up. */
export function pickerJobsOn(boss: PgBoss): PickerJobs {
  return {
    pipeline: async (pickerId) => {
      await enqueuePickerPipeline(boss, pickerId);
    },
    draw: (drawId) => enqueuePickerDraw(boss, drawId),
  };
}
