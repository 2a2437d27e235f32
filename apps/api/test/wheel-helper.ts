// What the lucky wheel API tests share: the real app against a local chain with our LuckyWheel and
// AirdropDistributor (the voucher signer is the key both trust), a creator, a player, a stranger and an
// administrator signed in, and the steps a player takes: ask for a voucher, spin on chain, report it, and let the
// recorder run once the confirmations are there.
import { airdropDistributorAbi, luckyWheelAbi } from "@dropfair/chain/abis";
import { testTokenArtifact } from "@dropfair/contracts/artifacts";
import type { LocalDeployment } from "@dropfair/contracts/deploy";
import { type LocalChainFixture, useLocalChain } from "@dropfair/contracts/testing";
import type { WheelCreateBody, WheelGameDetail, WheelSpin, WheelSpinVoucher } from "@dropfair/schemas/wheel";
import {
  type Address,
  type Chain,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  type PrivateKeyAccount,
  type PublicClient,
} from "viem";
import { afterAll, beforeAll, expect } from "vitest";
import { buildTestApp, signIn, type TestContext } from "./helper.ts";

export let chain: LocalChainFixture;
export let deployment: LocalDeployment;
export let context: TestContext;
export let publicClient: PublicClient;
export let localChain: Chain;
let clockOffsetMs = 0;

export let creator: PrivateKeyAccount;
export let creatorToken: string;
export let player: PrivateKeyAccount;
export let playerToken: string;
export let admin: PrivateKeyAccount;
export let adminToken: string;
export let strangerToken: string;
export let strangerAddress: Address;

/** Chain client the app uses; a test can swap it (an RPC that is down). */
export let appChainClient: (chainId: number) => PublicClient | undefined;
export function setAppChainClient(client: (chainId: number) => PublicClient | undefined) {
  appChainClient = client;
}

export const confirmations = 2;

export function useWheelApi(environment: Record<string, string> = {}): void {
  chain = useLocalChain();
  beforeAll(async () => {
    // Test files can share a worker (vitest without isolation): this file starts from the helper's initial state.
    clockOffsetMs = 0;
    deployment = chain.deployment;
    localChain = chain.viemChain;
    publicClient = chain.publicClient as PublicClient;
    appChainClient = (chainId) => (chainId === chain.chainId ? publicClient : undefined);
    admin = chain.account(5);
    context = await buildTestApp({
      environment: {
        SANDBOX_RPC_URL: chain.rpcUrl,
        WHEEL_ADDRESSES: `${chain.chainId}:${deployment.luckyWheel}`,
        AIRDROP_DISTRIBUTOR_ADDRESSES: `${chain.chainId}:${deployment.airdropDistributor}`,
        AIRDROP_SIGNER_KEY: chain.accounts[1]!.privateKey,
        WHEEL_CONFIRMATIONS: String(confirmations),
        ADMIN_ADDRESSES: `${admin.address},${chain.account(6).address}`,
        ...environment,
      },
      chainClient: (chainId) => appChainClient(chainId),
      now: () => new Date(Date.now() + clockOffsetMs),
    });
    creator = chain.account(2);
    creatorToken = (await signIn(context.app, creator)).token;
    player = chain.account(3);
    playerToken = (await signIn(context.app, player)).token;
    adminToken = (await signIn(context.app, admin)).token;
    const other = await signIn(context.app);
    strangerToken = other.token;
    strangerAddress = other.wallet.address;
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });
}

export type Envelope<T> = { content: T; typeCode: number; message: string };

export async function call<T>(
  method: "GET" | "POST" | "DELETE",
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await context.app.inject({
    method,
    url: `/api/bounty/wheel${url}`,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

export function appNow(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

/** Moves the app's clock (and the chain's, so vouchers and campaigns see the same time). */
export async function moveTime(seconds: number): Promise<void> {
  await publicClient.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await publicClient.request({ method: "evm_mine" as never, params: [] as never });
  clockOffsetMs += seconds * 1000;
}

export async function mineBlocks(count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    await publicClient.request({ method: "evm_mine" as never, params: [] as never });
  }
}

export function walletOf(account: PrivateKeyAccount) {
  return createWalletClient({ chain: localChain, transport: http(chain.rpcUrl), account });
}

export async function mined(hash: Hash) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** A running game (started a minute ago, ends in an hour) with unlimited EP and nothing prizes by default. */
export function gameBody(overrides: Partial<WheelCreateBody> = {}): WheelCreateBody {
  const now = appNow().getTime();
  return {
    title: "Spring wheel",
    description: "Spin for EP",
    chainId: chain.chainId,
    startAt: new Date(now - 60_000).toISOString(),
    endAt: new Date(now + 60 * 60_000).toISOString(),
    prizes: [
      { kind: "ep", amount: "50", weight: 60, count: null },
      { kind: "nothing", weight: 40, count: null },
    ],
    ...overrides,
  };
}

export async function createGame(overrides: Partial<WheelCreateBody> = {}, token = creatorToken) {
  const response = await call<WheelGameDetail>("POST", "/games", { token, body: gameBody(overrides) });
  expect(response.body.message).toBe("success");
  return response.body.content;
}

/** Gives `count` tickets to `address` as the game's creator. */
export async function grant(gameId: number, address: Address, count = 1, token = creatorToken) {
  const response = await call("POST", `/games/${gameId}/tickets/grant`, { token, body: { address, count } });
  expect(response.body.message).toBe("success");
}

export async function askVoucher(gameId: number, token = playerToken) {
  return call<WheelSpinVoucher>("POST", `/games/${gameId}/spins`, { token });
}

/** Sends LuckyWheel.spin with the voucher from `account`; the mined transaction hash. */
export async function spinOnChain(
  voucher: WheelSpinVoucher,
  account: PrivateKeyAccount = player,
): Promise<Hash> {
  const hash = await walletOf(account).writeContract({
    address: voucher.contract as Address,
    abi: luckyWheelAbi,
    functionName: "spin",
    args: [
      {
        gameId: BigInt(voucher.voucher.gameId),
        account: voucher.voucher.account as Address,
        nonce: BigInt(voucher.voucher.nonce),
        deadline: BigInt(voucher.voucher.deadline),
      },
      voucher.signature as Hex,
    ],
  });
  await mined(hash);
  return hash;
}

/** The whole spin of a player: voucher, transaction, report, confirmations, recorder. */
export async function spin(gameId: number, account: PrivateKeyAccount = player, token = playerToken) {
  const voucher = await askVoucher(gameId, token);
  expect(voucher.body.message).toBe("success");
  const txHash = await spinOnChain(voucher.body.content, account);
  const reported = await call<WheelSpin>(
    "POST",
    `/games/${gameId}/spins/${voucher.body.content.spinId}/transaction`,
    {
      token,
      body: { txHash },
    },
  );
  expect(reported.body.message).toBe("success");
  await mineBlocks(confirmations - 1);
  await context.app.wheel.recordChain(chain.chainId);
  const recorded = await call<WheelSpin>("GET", `/games/${gameId}/spins/${voucher.body.content.spinId}`, {
    token,
  });
  return recorded.body.content;
}

/**
 * Funds a token prize: the creator opens a voucher campaign on the distributor with the deposit (every win's amount
 * unless `deposit` says otherwise), then names it.
 */
export async function fundTokenPrize(
  game: WheelGameDetail,
  prizeId: string,
  options: { endAfterGame?: number; deposit?: bigint } = {},
) {
  const prize = game.prizes.find((candidate) => candidate.id === prizeId)!;
  const amount = options.deposit ?? BigInt(prize.amount) * BigInt(prize.count!);
  const wallet = walletOf(creator);
  await mined(
    await wallet.writeContract({
      address: deployment.testToken,
      abi: testTokenArtifact.abi,
      functionName: "approve",
      args: [deployment.airdropDistributor, amount],
    }),
  );
  const start = BigInt(Math.floor(new Date(game.startAt).getTime() / 1000) - 60);
  const end = BigInt(
    Math.floor(new Date(game.endAt).getTime() / 1000) + (options.endAfterGame ?? 7 * 86_400),
  );
  const params = {
    token: deployment.testToken,
    kind: 0,
    proofKind: 1,
    mode: 0,
    merkleRoot: `0x${"00".repeat(32)}` as Hex,
    shares: 0n,
    amountPerShare: 0n,
    start,
    end,
  };
  const { result: campaignId } = await publicClient.simulateContract({
    account: creator,
    address: deployment.airdropDistributor,
    abi: airdropDistributorAbi,
    functionName: "createCampaignAndDeposit",
    args: [params, amount],
  });
  await mined(
    await wallet.writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "createCampaignAndDeposit",
      args: [params, amount],
    }),
  );
  return call<WheelGameDetail>("POST", `/games/${game.id}/prizes/${prizeId}/funding`, {
    token: creatorToken,
    body: { campaignId: campaignId.toString() },
  });
}
