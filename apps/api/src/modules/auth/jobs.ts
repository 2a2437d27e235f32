import type { Db } from "@dropfair/db";
import type { PgBoss } from "pg-boss";
import { type JobDefinition, type JobRegistration, registerJob } from "../../platform/jobs.ts";
import { purgeExpired } from "./repository.ts";

/** Expired nonces and sessions are kept this long before deletion, for support and audit. */
export const signInGraceSeconds = 24 * 3600;

/** Every 15 minutes: deletes SIWE nonces and wallet sessions past their expiry and the grace period. */
export const purgeExpiredSignInsJob = {
  queue: "auth.purge-expired-sign-ins",
  cron: "*/15 * * * *",
} as const satisfies JobDefinition;

/** The time before which an expired or revoked row may go. */
export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - signInGraceSeconds * 1000);
}

/** Wallet sign-ins: SIWE nonces and sessions. */
export async function runPurgeExpiredSignIns(db: Db, now: Date = new Date()) {
  return purgeExpired(db, purgeCutoff(now));
}

export async function registerAuthJobs(
  boss: PgBoss,
  dependencies: { db: Db },
  registration: JobRegistration,
): Promise<void> {
  await registerJob(boss, purgeExpiredSignInsJob, registration, async () => {
    const removed = await runPurgeExpiredSignIns(dependencies.db);
    registration.logger.info(
      { event: purgeExpiredSignInsJob.queue, outcome: "done", ...removed },
      "purged expired sign-ins",
    );
    return removed;
  });
}
