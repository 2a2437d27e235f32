import type { Db } from "@dropfair/db";
import type { PgBoss } from "pg-boss";
import { type JobDefinition, type JobRegistration, registerJob } from "../../platform/jobs.ts";
import { purgeExpiredX } from "./repository.ts";

/** Expired X sign-in states and sessions are kept this long before deletion, for support and audit. */
export const xSignInGraceSeconds = 24 * 3600;

/** Every 15 minutes: deletes X OAuth states and X sessions past their expiry and the grace period. */
export const purgeExpiredXSignInsJob = {
  queue: "x-auth.purge-expired-sign-ins",
  cron: "*/15 * * * *",
} as const satisfies JobDefinition;

/** Sign in with X: OAuth states and X sessions. */
export async function runPurgeExpiredXSignIns(db: Db, now: Date = new Date()) {
  return purgeExpiredX(db, new Date(now.getTime() - xSignInGraceSeconds * 1000));
}

export async function registerXAuthJobs(
  boss: PgBoss,
  dependencies: { db: Db },
  registration: JobRegistration,
): Promise<void> {
  await registerJob(boss, purgeExpiredXSignInsJob, registration, async () => {
    const removed = await runPurgeExpiredXSignIns(dependencies.db);
    registration.logger.info(
      { event: purgeExpiredXSignInsJob.queue, outcome: "done", ...removed },
      "purged expired X sign-ins",
    );
    return removed;
  });
}
