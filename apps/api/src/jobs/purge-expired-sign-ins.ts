import type { Db } from "@dropfair/db";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import { purgeExpired } from "../modules/auth/repository.ts";
import { purgeExpiredX } from "../modules/x-auth/repository.ts";

export const purgeExpiredSignInsJob = {
  name: "auth.purge-expired-sign-ins",
  /** Every 15 minutes; pg-boss keeps one schedule per queue, so every replica may register it. */
  cron: "*/15 * * * *",
  /** Expired nonces, X sign-in states and sessions are kept this long before deletion, for support and audit. */
  graceSeconds: 24 * 3600,
} as const;

function cutoff(now: Date) {
  return new Date(now.getTime() - purgeExpiredSignInsJob.graceSeconds * 1000);
}

/** Wallet sign-ins: SIWE nonces and sessions. */
export async function runPurgeExpiredSignIns(db: Db, now: Date = new Date()) {
  return purgeExpired(db, cutoff(now));
}

/** Sign in with X: OAuth states and X sessions. */
export async function runPurgeExpiredXSignIns(db: Db, now: Date = new Date()) {
  return purgeExpiredX(db, cutoff(now));
}

export async function registerPurgeExpiredSignIns(
  boss: PgBoss,
  db: Db,
  logger: FastifyBaseLogger,
  work: boolean,
) {
  await boss.createQueue(purgeExpiredSignInsJob.name);
  await boss.schedule(purgeExpiredSignInsJob.name, purgeExpiredSignInsJob.cron);
  if (!work) return;
  await boss.work(purgeExpiredSignInsJob.name, async () => {
    const now = new Date();
    const removed = {
      ...(await runPurgeExpiredSignIns(db, now)),
      ...(await runPurgeExpiredXSignIns(db, now)),
    };
    logger.info(
      { event: purgeExpiredSignInsJob.name, outcome: "done", ...removed },
      "purged expired sign-ins",
    );
    return removed;
  });
}
