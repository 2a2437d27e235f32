import type { Db } from "@dropfair/db";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import { purgeExpired } from "../modules/auth/repository.ts";

export const purgeExpiredSignInsJob = {
  name: "auth.purge-expired-sign-ins",
  /** Every 15 minutes; pg-boss keeps one schedule per queue, so every replica may register it. */
  cron: "*/15 * * * *",
  /** Expired nonces and sessions are kept this long before deletion, for support and audit. */
  graceSeconds: 24 * 3600,
} as const;

export async function runPurgeExpiredSignIns(db: Db, now: Date = new Date()) {
  return purgeExpired(db, new Date(now.getTime() - purgeExpiredSignInsJob.graceSeconds * 1000));
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
    const removed = await runPurgeExpiredSignIns(db);
    logger.info(
      { event: purgeExpiredSignInsJob.name, outcome: "done", ...removed },
      "purged expired sign-ins",
    );
    return removed;
  });
}
