import { createChainClients } from "@dropfair/chain/clients";
import { migrateDatabase, openDatabase } from "@dropfair/db";
import { type App, buildApp } from "./app.ts";
import { airdropImportsOn, createJobQueue, pickerJobsOn, registerJobs } from "./jobs/index.ts";
import { seedNewsSamples } from "./modules/news/index.ts";
import { ConfigError, parseConfig } from "./platform/config.ts";
import { platformConfigFrom } from "./platform/platform-config.ts";

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
    // Only where the sandboxes are mounted (sandbox mode): a fresh start shows working missions.
    seedSandboxMissions: true,
  });

  await boss.start();
  await registerJobs(boss, {
    db: database.db,
    logger: app.log,
    work: config.workerMode === "embedded",
    x: app.x,
    chainClient,
    picker: config.picker,
    airdrop: config.airdrop,
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
      // A moment of 503s lets load balancers see /readyz fail and requests already on the wire get an
      // answer instead of a reset connection.
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, config.shutdownTimeoutMs / 10)));
      // In-flight requests finish; new ones get 503 until the listener closes.
      await app.close();
      await boss.stop({ graceful: true, timeout: Math.max(1000, config.shutdownTimeoutMs - 2000) });
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
