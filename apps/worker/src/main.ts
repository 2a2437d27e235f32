import { parseConfig } from "@dropfair/api/config";
import { createJobQueue, registerJobs } from "@dropfair/api/jobs";
import { installDiscord, installTelegram } from "@dropfair/api/social";
import { installX } from "@dropfair/api/x";
import { createChainClients } from "@dropfair/chain/clients";
import { confirmationsFor } from "@dropfair/chain/confirmations";
import { migrateDatabase, openDatabase } from "@dropfair/db";
import Fastify from "fastify";
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
const rpcUrls = { ...config.rpcUrls };
if (config.sandboxRpcUrl && !rpcUrls[31337]) rpcUrls[31337] = config.sandboxRpcUrl;
const chainClients = createChainClients({ rpcUrls, timeoutMs: config.contractWalletTimeoutMs });
const checkClients = createChainClients({
  rpcUrls: config.checkRpcUrls,
  timeoutMs: config.contractWalletTimeoutMs,
});
// The same X, Discord and Telegram integrations the API builds: the real upstreams, or (sandbox mode) the
// sandboxes in-process.
const upstreamHost = Fastify({ logger: false });
const x = await installX(upstreamHost, config, { db: database.db });
const discord = await installDiscord(upstreamHost, config);
const telegram = await installTelegram(upstreamHost, config);
await upstreamHost.ready();
await registerJobs(boss, {
  db: database.db,
  logger,
  work: true,
  x: x.client,
  discord: discord?.client,
  telegram: telegram?.client,
  concurrentConnections: true,
  chainClient: (chainId) => chainClients.get(chainId),
  checkClient: (chainId) => (checkClients.has(chainId) ? checkClients.get(chainId) : undefined),
  confirmations: (chainId) => confirmationsFor(chainId, config.confirmations),
  picker: config.picker,
  airdrop: config.airdrop,
  badges: config.badges,
  wheel: config.wheel,
  tips: config.tips,
});
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
