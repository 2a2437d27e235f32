import { parseConfig } from "@dropfair/api/config";
import { createJobQueue, registerJobs } from "@dropfair/api/jobs";
import { migrateDatabase, openDatabase } from "@dropfair/db";
import { pino } from "pino";

/**
 * The job worker as its own process, for deployments that scale workers apart from the API.
 * It needs PostgreSQL: the embedded PGlite database belongs to the single `npm start` process.
 */
const config = parseConfig();
const logger = pino({ level: config.logLevel, base: { service: "worker" } });
if (!config.databaseUrl) {
  logger.error("DATABASE_URL is required to run the worker as its own process");
  process.exit(78);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 4 });
await migrateDatabase(database);
const boss = createJobQueue(database);
boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
await boss.start();
await registerJobs(boss, { db: database.db, logger, work: true });
logger.info({ event: "worker.ready" }, "Dropfair worker ready");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ event: "worker.stop", signal }, "draining jobs");
    await boss.stop({ graceful: true, timeout: Math.max(1000, config.shutdownTimeoutMs - 1000) });
    await database.close();
    process.exit(0);
  });
}
