import type { Db } from "@dropfair/db";
import type { DiscordClient } from "@dropfair/social/discord";
import type { TelegramBotClient } from "@dropfair/social/telegram";
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
import { registerBadgeJobs } from "../modules/badges/index.ts";
import {
  enqueuePickerDraw,
  enqueuePickerPipeline,
  type PickerJobs,
  registerPickerJobs,
} from "../modules/picker/index.ts";
import { registerPointsJobs } from "../modules/points/index.ts";
import { enqueueRecompute, registerTipsJobs } from "../modules/tips/index.ts";
import { enqueueRecordSpins, registerWheelJobs } from "../modules/wheel/index.ts";
import { registerXAuthJobs } from "../modules/x-auth/index.ts";
import { registerRateLimitJobs } from "../platform/rate-limits.ts";

export { createJobQueue } from "./queue.ts";

/** Registers every queue and schedule; with `work`, this process also runs the handlers. */
export async function registerJobs(
  boss: PgBoss,
  dependencies: {
    db: Db;
    logger: FastifyBaseLogger;
    work: boolean;
    x: XClient;
    /** The Discord and Telegram bots (undefined when off): imports check Discord and Telegram lists with them. */
    discord: DiscordClient | undefined;
    telegram: TelegramBotClient | undefined;
    /** The database serves other connections while a transaction runs (PostgreSQL). */
    concurrentConnections: boolean;
    chainClient: (chainId: number) => PublicClient | undefined;
    /** The second block source of a chain (`RPC_CHECK_URL_<chainId>`), which draws ask too. */
    checkClient?: (chainId: number) => PublicClient | undefined;
    /** The confirmations a chain's events need (default: the chain registry's). */
    confirmations?: (chainId: number) => number;
    picker: { drawConfirmations: number; drawTimeoutMs: number };
    airdrop: { distributors: Record<number, Address>; voucherTtlSeconds: number };
    badges: { contracts: Record<number, Address>; confirmations: number };
    wheel: { contracts: Record<number, Address>; confirmations: number };
    tips: { refreshMinutes: number; requestsPerRun: number };
  },
) {
  const {
    db,
    logger,
    work,
    x,
    discord,
    telegram,
    chainClient,
    checkClient,
    confirmations,
    picker,
    airdrop,
    badges,
    wheel,
    tips,
  } = dependencies;
  await registerAuthJobs(boss, { db }, { logger, work });
  await registerXAuthJobs(boss, { db }, { logger, work });
  await registerPointsJobs(boss, { db }, { logger, work });
  await registerRateLimitJobs(boss, { db }, { logger, work });
  await registerPickerJobs(
    boss,
    {
      db,
      x,
      chainClient,
      checkClient,
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
      discord,
      telegram,
      concurrentConnections: dependencies.concurrentConnections,
      chainClient,
      confirmations,
      distributors: airdrop.distributors,
      voucherTtlSeconds: airdrop.voucherTtlSeconds,
      now: () => new Date(),
    },
    { logger, work },
  );
  await registerBadgeJobs(
    boss,
    {
      db,
      chainClient,
      contracts: badges.contracts,
      confirmations: badges.confirmations,
      now: () => new Date(),
    },
    { logger, work },
  );
  await registerWheelJobs(
    boss,
    {
      db,
      chainClient,
      contracts: wheel.contracts,
      distributors: airdrop.distributors,
      confirmations: wheel.confirmations,
      now: () => new Date(),
    },
    { logger, work },
  );
  await registerTipsJobs(
    boss,
    {
      db,
      x,
      chainClient,
      distributors: airdrop.distributors,
      refreshMinutes: tips.refreshMinutes,
      requestsPerRun: tips.requestsPerRun,
      now: () => new Date(),
    },
    { logger, work },
  );
}

/** Tips leaderboards on pg-boss: a join, ban or reload gets a recomputation soon. */
export function tipsJobsOn(boss: PgBoss) {
  return { refreshSoon: (campaignId: number) => enqueueRecompute(boss, campaignId) };
}

/** The wheel's spin recorder on pg-boss: a reported spin gets a run at once. */
export function wheelJobsOn(boss: PgBoss) {
  return { recordSoon: (chainId: number) => enqueueRecordSpins(boss, chainId) };
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
