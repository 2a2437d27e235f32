import { createChainClients } from "@dropfair/chain/clients";
import { confirmationsFor } from "@dropfair/chain/confirmations";
import { migrateDatabase, openDatabase } from "@dropfair/db";
import { type App, buildApp } from "./app.ts";
import {
  airdropImportsOn,
  createJobQueue,
  pickerJobsOn,
  registerJobs,
  tipsJobsOn,
  wheelJobsOn,
} from "./jobs/index.ts";
import { seedNewsSamples } from "./modules/news/index.ts";
import { ConfigError, parseConfig } from "./platform/config.ts";
import { platformConfigFrom } from "./platform/platform-config.ts";

/**
 * How long running jobs may take to finish after SIGTERM before they are returned to the queue: the shutdown
 * timeout less two seconds (at least one) for closing the database and exiting.
 */
export function jobGraceMs(shutdownTimeoutMs: number): number {
  return Math.max(1000, shutdownTimeoutMs - 2000);
}

/** Starts the API (and, unless WORKER_MODE=off, the job workers) from the environment. */
export async function startServer(environment: Record<string, string | undefined> = process.env) {
  const config = parseConfig(environment);
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ dataDir: config.dataDir });
  await migrateDatabase(database);
  // Sandbox mode opens with a few sample news entries, marked as samples wherever they are shown.
  if (config.sandbox) await seedNewsSamples(database.db);

  const rpcUrls = { ...config.rpcUrls };
  if (config.sandboxRpcUrl && !rpcUrls[31337]) rpcUrls[31337] = config.sandboxRpcUrl;
  const chainClients = createChainClients({ rpcUrls, timeoutMs: config.contractWalletTimeoutMs });
  const chainClient = (chainId: number) =>
    chainClients.has(chainId) ? chainClients.get(chainId) : undefined;
  const checkClients = createChainClients({
    rpcUrls: config.checkRpcUrls,
    timeoutMs: config.contractWalletTimeoutMs,
  });
  const checkClient = (chainId: number) =>
    checkClients.has(chainId) ? checkClients.get(chainId) : undefined;

  const boss = createJobQueue(database);
  let bossState = "starting";
  boss.on("error", (error) => app.log.error({ err: error }, "job queue error"));

  const app: App = await buildApp({
    config,
    database,
    platform: platformConfigFrom(config),
    chainClient,
    readiness: async () => ({ jobs: bossState }),
    pickerJobs: pickerJobsOn(boss),
    airdropImports: airdropImportsOn(boss),
    wheelJobs: wheelJobsOn(boss),
    tipsJobs: tipsJobsOn(boss),
    // Only where the sandboxes are mounted (sandbox mode): a fresh start shows working missions.
    seedSandboxMissions: true,
  });

  await boss.start();
  await registerJobs(boss, {
    db: database.db,
    logger: app.log,
    work: config.workerMode === "embedded",
    x: app.x,
    discord: app.discord,
    telegram: app.telegram,
    concurrentConnections: database.kind === "postgres",
    chainClient,
    checkClient,
    confirmations: (chainId) => confirmationsFor(chainId, config.confirmations),
    picker: config.picker,
    airdrop: config.airdrop,
    badges: config.badges,
    wheel: config.wheel,
    tips: config.tips,
  });
  bossState = "ok";

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ event: "server.ready", address, database: database.kind }, "Dropfair API ready");

  let stopping: Promise<void> | undefined;
  function stop(signal: string) {
    stopping ??= (async () => {
      app.log.info({ event: "server.stop", signal }, "draining");
      const forced = setTimeout(() => {
        app.log.error("shutdown timed out; exiting");
        process.exit(1);
      }, config.shutdownTimeoutMs).unref();
      app.startDraining();
      bossState = "stopping";
      // Running jobs get their grace from the signal, not from whenever the HTTP drain ends: pg-boss stops
      // fetching at once, waits for them up to the grace, then returns the rest to the queue.
      const jobsStopped = boss.stop({ graceful: true, timeout: jobGraceMs(config.shutdownTimeoutMs) });
      // A moment of 503s lets load balancers see /readyz fail and requests already on the wire get an
      // answer instead of a reset connection.
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, config.shutdownTimeoutMs / 10)));
      // In-flight requests finish; new connections are refused once the listener closes.
      await app.close();
      await jobsStopped;
      await database.close();
      clearTimeout(forced);
    })();
    return stopping;
  }
  return { app, config, database, boss, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const server = await startServer();
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        server.stop(signal).then(
          () => process.exit(0),
          (error) => {
            console.error(error);
            process.exit(1);
          },
        );
      });
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}
