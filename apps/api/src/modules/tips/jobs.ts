// The tips campaigns' background jobs. `tips.advance` (every minute) moves statuses: a funded campaign starts at its
// start (its funding checked on chain again: 10 error if it was taken back), a running one goes to processing at
// its end; and it asks for collection runs (every TIPS_REFRESH_MINUTES while running, until done once processing).
// `tips.collect` runs one budgeted part of a collection round and queues the next part until the round is done;
// then the leaderboard is recomputed, and a processing campaign's final snapshot waits for its creator (7).
// `tips.recompute` recomputes a leaderboard soon after a join, ban or reload.

import { tipsStatuses } from "@dropfair/schemas/tips";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import {
  type JobDefinition,
  type JobRegistration,
  type JobWithMetadata,
  registerJob,
} from "../../platform/jobs.ts";
import { fundingMismatch } from "./campaigns.ts";
import { readDistributorCampaign } from "./chain.ts";
import { collectCampaign } from "./collection.ts";
import * as collections from "./collection-repository.ts";
import type { TipsDependencies } from "./dependencies.ts";
import { recomputeLeaderboard } from "./leaderboard.ts";
import * as repository from "./repository.ts";

export const advanceTipsJob = {
  queue: "tips.advance",
  cron: "* * * * *",
  options: { retryLimit: 2, retryDelay: 5, expireInSeconds: 5 * 60 },
} as const satisfies JobDefinition;

export const collectTipsJob = {
  queue: "tips.collect",
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 },
} as const satisfies JobDefinition;

export const recomputeTipsJob = {
  queue: "tips.recompute",
  options: { retryLimit: 3, retryDelay: 5, expireInSeconds: 10 * 60 },
} as const satisfies JobDefinition;

export type TipsJobData = { campaignId: number };

export type TipsJobDependencies = Pick<
  TipsDependencies,
  "db" | "x" | "chainClient" | "distributors" | "now"
> & {
  refreshMinutes: number;
  requestsPerRun: number;
};

/** What the handlers ask the queue for (pg-boss in the worker; tests pass their own). */
export type TipsQueue = {
  collect(campaignId: number, startAfterSeconds?: number): Promise<void>;
};

export async function enqueueCollect(boss: PgBoss, campaignId: number, startAfterSeconds = 0) {
  await boss.send(collectTipsJob.queue, { campaignId } satisfies TipsJobData, {
    singletonKey: `campaign:${campaignId}`,
    ...(startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}),
  });
}

export async function enqueueRecompute(boss: PgBoss, campaignId: number) {
  // A few seconds' delay folds a burst of joins, bans and reloads into one recomputation.
  await boss.send(recomputeTipsJob.queue, { campaignId } satisfies TipsJobData, {
    singletonKey: `campaign:${campaignId}`,
    startAfter: 5,
  });
}

/** Starts a funded campaign at its start if its distributor campaign still holds the prize; else 10 error. */
async function start(dependencies: TipsJobDependencies, campaign: repository.CampaignRow): Promise<string> {
  const { db, now } = dependencies;
  const distributor = dependencies.distributors[campaign.chainId];
  const client = dependencies.chainClient(campaign.chainId);
  const onChain =
    distributor && client && campaign.distributorCampaignId !== null
      ? await readDistributorCampaign(client, distributor, BigInt(campaign.distributorCampaignId))
      : null;
  const creator = await repository.addressOfUser(db, campaign.creatorUserId);
  const mismatch = fundingMismatch(onChain, campaign, creator);
  await repository.updateCampaign(db, campaign.id, {
    status: mismatch === null ? tipsStatuses.running : tipsStatuses.error,
    errorReason: mismatch === null ? null : `funding ${mismatch} no longer matches`,
    updatedAt: now(),
  });
  return mismatch === null ? "started" : "fundingWithdrawn";
}

/** One pass over the campaigns that may move; returns what it did per campaign. Tests call it directly. */
/** The error reason of a campaign whose end came before its funding (the web app words it). */
export const notFundedReason = "not funded before the end";

export async function advanceCampaigns(dependencies: TipsJobDependencies, queue: TipsQueue) {
  const { db, now } = dependencies;
  const outcome: Record<number, string> = {};
  for (const campaign of await repository.campaignsToAdvance(db, now())) {
    if (campaign.status === tipsStatuses.notStarted && campaign.fundedAt === null) {
      // Funding closes at the end: a campaign never funded can no longer start, and says why.
      await repository.updateCampaign(db, campaign.id, {
        status: tipsStatuses.error,
        errorReason: notFundedReason,
        updatedAt: now(),
      });
      outcome[campaign.id] = "not funded";
      continue;
    }
    if (campaign.status === tipsStatuses.notStarted) {
      outcome[campaign.id] = await start(dependencies, campaign);
      if (outcome[campaign.id] === "started") await queue.collect(campaign.id);
      continue;
    }
    if (campaign.status === tipsStatuses.running && now() >= campaign.endsAt) {
      await repository.updateCampaign(db, campaign.id, { status: tipsStatuses.processing, updatedAt: now() });
      // The final round starts afresh, so every tweet's metrics are read after the end.
      await collections.saveState(db, campaign.id, {
        searchNextToken: null,
        timelineAfterXUserId: null,
        refreshAfterTweetId: null,
        lastCompletedAt: null,
      });
      await queue.collect(campaign.id);
      outcome[campaign.id] = "processing";
      continue;
    }
    const state = await collections.stateOf(db, campaign.id, now());
    const due =
      campaign.status === tipsStatuses.processing ||
      state.lastCompletedAt === null ||
      now().getTime() - state.lastCompletedAt.getTime() >= dependencies.refreshMinutes * 60_000;
    if (due) await queue.collect(campaign.id);
    outcome[campaign.id] = due ? "collect" : "idle";
  }
  return outcome;
}

/** One collection run of a campaign; a finished round recomputes the leaderboard (final once processing). */
export async function handleCollect(
  dependencies: TipsJobDependencies,
  job: Pick<JobWithMetadata<TipsJobData>, "data">,
  queue: TipsQueue,
) {
  const { db, now } = dependencies;
  const { campaignId } = job.data;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign || (campaign.status !== tipsStatuses.running && campaign.status !== tipsStatuses.processing))
    return { campaignId, outcome: "skipped" };
  const collected = await collectCampaign(dependencies, campaignId, dependencies.requestsPerRun);
  if (!collected.done) {
    // X's budget for this run, or its rate limits, ran out: the next part goes on from the stored state.
    await queue.collect(campaignId, 60);
    return { campaignId, outcome: "continued", stoppedBy: collected.stoppedBy };
  }
  const final = campaign.status === tipsStatuses.processing;
  await recomputeLeaderboard(dependencies, campaignId, { final });
  if (final) {
    await repository.updateCampaign(db, campaignId, {
      status: tipsStatuses.awaitingConfirmation,
      updatedAt: now(),
    });
  }
  return { campaignId, outcome: final ? "final" : "recomputed", requests: collected.requests };
}

/** Recomputes a leaderboard (final while it waits for confirmation; an ended campaign's stays as confirmed). */
export async function handleRecompute(
  dependencies: Pick<TipsJobDependencies, "db" | "now">,
  job: Pick<JobWithMetadata<TipsJobData>, "data">,
) {
  const campaign = await repository.findCampaign(dependencies.db, job.data.campaignId);
  if (!campaign || campaign.status === tipsStatuses.ended) return { outcome: "skipped" };
  const final = campaign.status === tipsStatuses.awaitingConfirmation;
  return recomputeLeaderboard(dependencies, campaign.id, { final });
}

export async function registerTipsJobs(
  boss: PgBoss,
  dependencies: TipsJobDependencies,
  registration: JobRegistration,
): Promise<void> {
  const { logger } = registration;
  const queue: TipsQueue = { collect: (campaignId, after) => enqueueCollect(boss, campaignId, after) };
  await registerJob(boss, advanceTipsJob, registration, async () => {
    const outcome = await advanceCampaigns(dependencies, queue);
    log(logger, advanceTipsJob.queue, outcome);
  });
  await registerJob<TipsJobData>(boss, collectTipsJob, registration, async (job) => {
    log(logger, collectTipsJob.queue, await handleCollect(dependencies, job, queue));
  });
  await registerJob<TipsJobData>(boss, recomputeTipsJob, registration, async (job) => {
    log(logger, recomputeTipsJob.queue, await handleRecompute(dependencies, job));
  });
}

function log(logger: FastifyBaseLogger, event: string, outcome: unknown) {
  logger.info({ event, outcome }, "tips job");
}
