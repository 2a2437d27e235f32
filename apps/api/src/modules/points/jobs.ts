import type { Db } from "@dropfair/db";
import type { PgBoss } from "pg-boss";
import { type JobDefinition, type JobRegistration, registerJob } from "../../platform/jobs.ts";
import { foldBalanceCounts } from "./repository.ts";

/**
 * Every minute: folds the balance changes credits appended into the per-balance user counts, so a rank reads
 * at most a minute of changes besides the counts.
 */
export const foldBalanceCountsJob = {
  queue: "points.fold-balance-counts",
  cron: "* * * * *",
} as const satisfies JobDefinition;

export async function registerPointsJobs(
  boss: PgBoss,
  dependencies: { db: Db },
  registration: JobRegistration,
): Promise<void> {
  await registerJob(boss, foldBalanceCountsJob, registration, async () => {
    const folded = await foldBalanceCounts(dependencies.db);
    registration.logger.debug(
      { event: foldBalanceCountsJob.queue, outcome: "done", folded },
      "folded balance counts",
    );
    return { folded };
  });
}
