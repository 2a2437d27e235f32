// What counting rate limits where every replica sees them costs per request: `GET /api/bounty/platform/config`
// through the whole app (in-process inject, one request at a time) with the counters in memory (PGlite, one
// process), in PostgreSQL's table and in Redis, the three apps measured in turns.
//   TEST_DATABASE_URL=postgres://… TEST_REDIS_URL=redis://127.0.0.1:6379 node --import tsx bench/rate-limit-counters.ts
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "@dropfair/db";
import { createTestDatabase } from "@dropfair/db/testing";
import { buildApp } from "../apps/api/src/app.ts";
import { parseConfig } from "../apps/api/src/platform/config.ts";
import { platformConfigFrom } from "../apps/api/src/platform/platform-config.ts";

/** Required outside sandbox mode; the benchmarks never send mail. */
const benchNewsletterSecret = "bench-newsletter-secret-0123456789abcdef";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
if (!databaseUrl)
  throw new Error("set TEST_DATABASE_URL (a PostgreSQL server where a scratch database is made)");

const pglite = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), "dropfair-bench-limits-")) });
await migrateDatabase(pglite);
const postgres = await createTestDatabase();

async function appOn(database: typeof pglite, environment: Record<string, string> = {}) {
  const config = parseConfig({
    LOG_LEVEL: "warn",
    NEWSLETTER_SECRET: benchNewsletterSecret,
    RATE_LIMIT_PER_MINUTE: "100000000",
    ...environment,
  });
  const app = await buildApp({
    config,
    database,
    platform: platformConfigFrom(config),
    chainClient: () => undefined,
  });
  await app.ready();
  return app;
}

const apps = {
  "memory (PGlite)": await appOn(pglite),
  "PostgreSQL table": await appOn(postgres),
  Redis: await appOn(postgres, {
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `bench-${randomBytes(4).toString("hex")}:`,
  }),
};
const rounds = 7;
const requests = 300;
const times: Record<string, number[]> = {};
for (let round = 0; round < rounds; round += 1) {
  for (const [name, app] of Object.entries(apps)) {
    const start = performance.now();
    for (let index = 0; index < requests; index += 1) {
      const answer = await app.inject("/api/bounty/platform/config");
      if (answer.statusCode !== 200) throw new Error(`${name}: ${answer.statusCode}`);
    }
    times[name] = [...(times[name] ?? []), (performance.now() - start) / requests];
  }
}
for (const [name, samples] of Object.entries(times)) {
  const median = samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  console.log(`${name}: ${median.toFixed(2)} ms per request (median of ${rounds} rounds of ${requests})`);
}
for (const app of Object.values(apps)) await app.close();
await pglite.close();
await postgres.destroy();
