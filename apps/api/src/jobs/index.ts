import type { Db } from "@dropfair/db";
import type { XClient } from "@dropfair/social/x";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import type { Address, PublicClient } from "viem";
import {
  enqueueParticipantImport,
  type ParticipantImportQueue,
  registerAirdropJobs,
} from "../modules/airdrop/index.ts";
import { registerAuthJobs } from "../modules/auth/index.ts";
import {
  enqueuePickerDraw,
  enqueuePickerPipeline,
  type PickerJobs,
  registerPickerJobs,
} from "../modules/picker/index.ts";
import { registerPointsJobs } from "../modules/points/index.ts";
import { registerXAuthJobs } from "../modules/x-auth/index.ts";

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
    airdrop: { distributors: Record<number, Address>; voucherTtlSeconds: number };
  },
) {
  const { db, logger, work, x, chainClient, picker, airdrop } = dependencies;
  await registerAuthJobs(boss, { db }, { logger, work });
  await registerXAuthJobs(boss, { db }, { logger, work });
  await registerPointsJobs(boss, { db }, { logger, work });
  await registerPickerJobs(
    boss,
    {
      db,
      x,
      chainClient,
      drawConfirmations: picker.drawConfirmations,
      drawTimeoutMs: picker.drawTimeoutMs,
      now: () => new Date(),
    },
    { logger, work },
  );
  await registerAirdropJobs(
    boss,
    {
      db,
      x,
      chainClient,
      distributors: airdrop.distributors,
      voucherTtlSeconds: airdrop.voucherTtlSeconds,
      now: () => new Date(),
    },
    { logger, work },
  );
}

/** Airdrop participant imports on pg-boss: any worker replica picks them up. */
export function airdropImportsOn(boss: PgBoss): ParticipantImportQueue {
  return { enqueue: (importId) => enqueueParticipantImport(boss, importId) };
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
