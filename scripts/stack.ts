// The whole product in one process: local chain with our contracts, API, job worker and web app.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { defaultBadgeBaseUri, deployLocalContracts } from "@dropfair/contracts/deploy";
import { startLocalChain } from "@dropfair/contracts/local-chain";
import { deploySafetyScenario, safetyScenarioOptions } from "@dropfair/contracts/safety-scenario";
import { startServer } from "../apps/api/src/server.ts";

const root = resolve(import.meta.dirname, "..");

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer()
      .once("error", () => done(false))
      .once("listening", () => probe.close(() => done(true)))
      .listen(port, "127.0.0.1");
  });
}

async function chainPort(): Promise<number> {
  const wanted = Number(process.env.LOCAL_CHAIN_PORT ?? 8545);
  if (await portIsFree(wanted)) return wanted;
  for (let port = wanted + 1; port < wanted + 50; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port for the local chain near ${wanted}`);
}

const dataDir = resolve(process.env.DATA_DIR ?? join(root, "data"));
mkdirSync(dataDir, { recursive: true });
const environment: Record<string, string | undefined> = {
  ...process.env,
  DATA_DIR: dataDir,
  WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? join(root, "apps/web/dist"),
};

let chain: Awaited<ReturnType<typeof startLocalChain>> | undefined;
if (process.env.SANDBOX !== "off") {
  // Blocks keep coming without traffic, so a picker draw's future block arrives on its own.
  chain = await startLocalChain({ port: await chainPort(), intervalMiningMs: 1000 });
  // Badge metadata is served by this API: the first configured origin, as the API itself sees it.
  const origin =
    process.env.APP_ORIGINS?.split(",")[0]?.trim() || `http://localhost:${process.env.PORT ?? 3000}`;
  const deployment = await deployLocalContracts({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    deployerPrivateKey: chain.accounts[0]!.privateKey,
    // Hardhat's #19 creates a lucky wheel game through the create form in the e2e and funds its DFT and DFNFT
    // prizes (it owns DFNFT ids 201 to 220).
    extraRecipients: [chain.accounts[19]!.address],
    badgeBaseUri: defaultBadgeBaseUri(chain.chainId, new URL(origin).origin),
  });
  // The safe check's scenario (approvals of every kind, a proxy, a self-destructed contract) from its own accounts.
  const safety = await deploySafetyScenario(safetyScenarioOptions({ ...chain, deployment }));
  writeFileSync(
    join(dataDir, "local-chain.json"),
    `${JSON.stringify({ rpcUrl: chain.rpcUrl, ...deployment, safety }, (_, value) => (typeof value === "bigint" ? value.toString() : value), 2)}\n`,
  );
  environment.SANDBOX_RPC_URL ??= chain.rpcUrl;
  // Membership is paid in the test USDT to a funded local account; winners are paid through our BatchPayout.
  if (!environment.MEMBERSHIP_CHAIN_ID) {
    environment.MEMBERSHIP_CHAIN_ID = String(chain.chainId);
    environment.MEMBERSHIP_TOKEN_ADDRESS = deployment.testUsdt;
    environment.MEMBERSHIP_TREASURY_ADDRESS = chain.accounts.at(-1)!.address;
  }
  environment.BATCH_PAYOUT_ADDRESSES ??= `${chain.chainId}:${deployment.batchPayout}`;
  // Airdrop vouchers are signed with the local account the distributor was deployed to trust (Hardhat's #1).
  environment.AIRDROP_DISTRIBUTOR_ADDRESSES ??= `${chain.chainId}:${deployment.airdropDistributor}`;
  environment.AIRDROP_SIGNER_KEY ??= chain.accounts[1]!.privateKey;
  // Badge mint vouchers: the same platform signer, trusted by the local DropfairBadges.
  environment.BADGE_ADDRESSES ??= `${chain.chainId}:${deployment.dropfairBadges}`;
  // Spin vouchers: the same platform signer, trusted by the local LuckyWheel.
  environment.WHEEL_ADDRESSES ??= `${chain.chainId}:${deployment.luckyWheel}`;
  console.log(
    `▸ local chain ${chain.chainId} at ${chain.rpcUrl}: USDT ${deployment.testUsdt}, DFT ${deployment.testToken}, BatchPayout ${deployment.batchPayout}, AirdropDistributor ${deployment.airdropDistributor}, test NFT (DFNFT) ${deployment.testNft}, DropfairBadges ${deployment.dropfairBadges}, LuckyWheel ${deployment.luckyWheel}`,
  );
}

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer(environment);
} catch (error) {
  await chain?.stop();
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const port = (server.app.server.address() as { port: number }).port;
const url = `http://localhost:${port}`;
console.log(`\n  Dropfair is running at ${url}  (API docs: ${url}/api/docs)\n  Press Ctrl-C to stop.\n`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    try {
      await server.stop(signal);
    } finally {
      await chain?.stop();
      process.exit(0);
    }
  });
}
