// Two servers for the throughput comparison, started as separate processes by api-throughput.ts:
// `bare` is Fastify with one route returning the same JSON; `dropfair` is our full app.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase } from "@dropfair/db";
import Fastify from "fastify";
import { buildApp } from "../apps/api/src/app.ts";
import { parseConfig } from "../apps/api/src/platform/config.ts";
import { platformConfigFrom } from "../apps/api/src/platform/platform-config.ts";

const kind = process.argv[2];
if (kind === "bare") {
  const config = parseConfig({ LOG_LEVEL: "silent" });
  const body = { content: platformConfigFrom(config), typeCode: 1, message: "success" };
  const app = Fastify({ logger: false });
  app.get("/api/bounty/platform/config", async () => body);
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as { port: number }).port });
} else {
  const config = parseConfig({
    LOG_LEVEL: "warn",
    DATA_DIR: mkdtempSync(join(tmpdir(), "dropfair-bench-")),
    RATE_LIMIT_PER_MINUTE: "100000000",
  });
  const database = await openDatabase({ dataDir: config.dataDir });
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
