import type { Db } from "@dropfair/db";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import { registerPurgeExpiredSignIns } from "./purge-expired-sign-ins.ts";

export { purgeExpiredSignInsJob, runPurgeExpiredSignIns } from "./purge-expired-sign-ins.ts";
export { createJobQueue } from "./queue.ts";

/** Registers every queue and schedule; with `work`, this process also runs the handlers. */
export async function registerJobs(
  boss: PgBoss,
  dependencies: { db: Db; logger: FastifyBaseLogger; work: boolean },
) {
  await registerPurgeExpiredSignIns(boss, dependencies.db, dependencies.logger, dependencies.work);
}
