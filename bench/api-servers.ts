// Two servers for the throughput comparison, started as separate processes by api-throughput.ts:
// `bare` is Fastify with one route returning the same JSON; `dropfair` is our full app (bench/tips-leaderboard.mjs
// starts it on a seeded PostgreSQL database).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "@dropfair/db";
import Fastify from "fastify";
import { buildApp } from "../apps/api/src/app.ts";
import { parseConfig } from "../apps/api/src/platform/config.ts";
import { platformConfigFrom } from "../apps/api/src/platform/platform-config.ts";

/** Required outside sandbox mode; the benchmarks never send mail. */
const benchNewsletterSecret = "bench-newsletter-secret-0123456789abcdef";

const kind = process.argv[2];
if (kind === "bare") {
  const config = parseConfig({ LOG_LEVEL: "silent", NEWSLETTER_SECRET: benchNewsletterSecret });
  const body = { content: platformConfigFrom(config), typeCode: 1, message: "success" };
  const app = Fastify({ logger: false });
  app.get("/api/bounty/platform/config", async () => body);
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
} else {
  // BENCH_DATABASE_URL: PostgreSQL (a database the bench seeded; pool size DATABASE_POOL_SIZE, else the default);
  // otherwise an empty PGlite of its own.
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = parseConfig({
    LOG_LEVEL: "warn",
    NEWSLETTER_SECRET: benchNewsletterSecret,
    DATA_DIR: mkdtempSync(join(tmpdir(), "dropfair-bench-")),
    RATE_LIMIT_PER_MINUTE: "100000000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
  });
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ dataDir: config.dataDir });
  await migrateDatabase(database);
  const app = await buildApp({
    config,
    database,
    platform: platformConfigFrom(config),
    chainClient: () => undefined,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
}
process.on("SIGINT", () => process.exit(0));
