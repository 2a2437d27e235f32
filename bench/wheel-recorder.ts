// The spin recorder on the local chain (docs/wheel.md), through the real API in-process and the recorder job's
// own code (`handleRecordSpinsJob` with the worker's watch, `recordChain`):
// 1. From a spin's confirming block to its recorded result: players spin one at a time (voucher from the API,
//    the transaction, the report), the worker's run is watching, and the block that gives the spin its
//    confirmations is mined; the time from that block to the run having recorded it (target: under 1 s).
// 2. 1,000 spins landing in one block range (10 blocks), recorded by one `recordChain` run: the time.
// PGlite by default, PostgreSQL with TEST_DATABASE_URL. Run: `node --import tsx bench/wheel-recorder.ts [samples]`;
// prints one JSON line.
import { loadavg } from "node:os";
import { luckyWheelAbi } from "@dropfair/chain/abis";
import { deployLocalContracts } from "@dropfair/contracts/deploy";
import { startLocalChain } from "@dropfair/contracts/local-chain";
import { eq, wheelGames, wheelSpins } from "@dropfair/db";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { handleRecordSpinsJob, recorderWatch } from "../apps/api/src/modules/wheel/index.ts";
import { buildTestApp, signIn } from "../apps/api/test/helper.ts";
import { landBulkSpins } from "../apps/api/test/wheel-spins.ts";

const samples = Number(process.argv[2] ?? 20);
const bulkSpins = 1_000;
const confirmations = 2;
const loadAtStart = loadavg()[0] ?? 0;

const node = await startLocalChain({ port: 0 });
const deployment = await deployLocalContracts({
  rpcUrl: node.rpcUrl,
  chainId: node.chainId,
  deployerPrivateKey: node.accounts[0]!.privateKey,
});
const chain = defineChain({
  id: node.chainId,
  name: "local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [node.rpcUrl] } },
});
const publicClient = createPublicClient({
  chain,
  transport: http(node.rpcUrl, { retryCount: 1 }),
  cacheTime: 0,
  pollingInterval: 50,
}) as PublicClient;
const rpc = (method: string, params: unknown[] = []) =>
  publicClient.request({ method: method as never, params: params as never });
const context = await buildTestApp({
  environment: {
    SANDBOX_RPC_URL: node.rpcUrl,
    WHEEL_ADDRESSES: `${node.chainId}:${deployment.luckyWheel}`,
    AIRDROP_DISTRIBUTOR_ADDRESSES: `${node.chainId}:${deployment.airdropDistributor}`,
    AIRDROP_SIGNER_KEY: node.accounts[1]!.privateKey,
    WHEEL_CONFIRMATIONS: String(confirmations),
  },
  chainClient: (chainId) => (chainId === node.chainId ? publicClient : undefined),
});

type Envelope<T> = { content: T; typeCode: number; message: string };
async function call<T>(method: "GET" | "POST", url: string, token: string, body?: unknown): Promise<T> {
  const answer = await context.app.inject({
    method,
    url: `/api/bounty/wheel${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const envelope = answer.json() as Envelope<T>;
  if (answer.statusCode !== 200)
    throw new Error(`${method} ${url}: ${answer.statusCode} ${envelope.message}`);
  return envelope.content;
}

try {
  const db = context.database.db;
  const creator = privateKeyToAccount(node.accounts[2]!.privateKey);
  const player = privateKeyToAccount(node.accounts[3]!.privateKey);
  const creatorToken = (await signIn(context.app, creator)).token;
  const playerToken = (await signIn(context.app, player)).token;
  const now = Date.now();
  const game = await call<{ id: number; prizes: { id: string }[] }>("POST", "/games", creatorToken, {
    title: "Bench wheel",
    description: "Recorder benchmark",
    chainId: node.chainId,
    startAt: new Date(now - 60_000).toISOString(),
    endAt: new Date(now + 60 * 60_000).toISOString(),
    prizes: [
      { kind: "ep", amount: "100", weight: 30, count: 40 },
      { kind: "ep", amount: "10", weight: 20, count: 150 },
      { kind: "nothing", weight: 50, count: null },
    ],
  });
  const dependencies = {
    db,
    chainClient: (chainId: number) => (chainId === node.chainId ? publicClient : undefined),
    contracts: { [node.chainId]: deployment.luckyWheel as Address },
    distributors: { [node.chainId]: deployment.airdropDistributor as Address },
    confirmations,
    now: () => new Date(),
  };
  const logger = { info: () => {} } as never;
  const wallet = createWalletClient({ chain, transport: http(node.rpcUrl), account: player });

  // 1. Confirming block → recorded, one spin at a time, the worker's run watching.
  const latencies: number[] = [];
  for (let sample = 0; sample <= samples; sample++) {
    await call("POST", `/games/${game.id}/tickets/grant`, creatorToken, {
      address: player.address,
      count: 1,
    });
    const voucher = await call<{
      spinId: number;
      contract: Address;
      voucher: { gameId: string; account: Address; nonce: string; deadline: string };
      signature: Hex;
    }>("POST", `/games/${game.id}/spins`, playerToken);
    const hash = await wallet.writeContract({
      address: voucher.contract,
      abi: luckyWheelAbi,
      functionName: "spin",
      args: [
        {
          gameId: BigInt(voucher.voucher.gameId),
          account: voucher.voucher.account,
          nonce: BigInt(voucher.voucher.nonce),
          deadline: BigInt(voucher.voucher.deadline),
        },
        voucher.signature,
      ],
    });
    await publicClient.waitForTransactionReceipt({ hash });
    await call("POST", `/games/${game.id}/spins/${voucher.spinId}/transaction`, playerToken, {
      txHash: hash,
    });
    const run = handleRecordSpinsJob(
      dependencies,
      { data: { chainId: node.chainId } },
      logger,
      async () => {},
      recorderWatch,
    );
    // The run has read the head and is waiting for the confirming block.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await rpc("evm_mine");
    const mined = performance.now();
    await run;
    const [row] = await db.select().from(wheelSpins).where(eq(wheelSpins.id, voucher.spinId));
    if (!row?.recordedAt) throw new Error(`spin ${voucher.spinId} was not recorded`);
    if (sample > 0) latencies.push(performance.now() - mined); // the first sample warms up
  }

  // 2. 1,000 spins in 10 blocks, one recorder run.
  const [gameRow] = await db.select().from(wheelGames).where(eq(wheelGames.id, game.id));
  await landBulkSpins({
    db,
    client: publicClient,
    chainId: node.chainId,
    game: { id: game.id, contractAddress: gameRow!.contractAddress, endsAt: gameRow!.endsAt },
    signer: privateKeyToAccount(node.accounts[1]!.privateKey),
    spins: bulkSpins,
    label: "wheel bench player",
    blocks: 10 + confirmations,
  });
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const pass = await context.app.wheel.recordChain(node.chainId);
  const bulkMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  if (pass.recorded !== bulkSpins) throw new Error(`recorded ${pass.recorded} of ${bulkSpins} spins`);

  const sorted = [...latencies].sort((left, right) => left - right);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    JSON.stringify({
      database: context.database.kind ?? (process.env.TEST_DATABASE_URL ? "postgres" : "pglite"),
      confirmations,
      samples: latencies.length,
      latencyMs: { p50: +at(0.5).toFixed(1), p90: +at(0.9).toFixed(1), max: +sorted.at(-1)!.toFixed(1) },
      bulk: { spins: bulkSpins, ms: Math.round(bulkMs), cpuMs: Math.round((cpu.user + cpu.system) / 1000) },
      load: { start: +loadAtStart.toFixed(1), end: +(loadavg()[0] ?? 0).toFixed(1) },
    }),
  );
} finally {
  await context.close();
  await node.stop();
}
