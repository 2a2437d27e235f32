// What the badges API tests share: the real app against a local chain with our DropfairBadges (the voucher signer
// is the airdrop signer, Hardhat's #1), an administrator, players whose EP an administrator grants, and the
// requests and on-chain steps of a mint.
import { dropfairBadgesAbi } from "@dropfair/chain/abis";
import type { LocalDeployment } from "@dropfair/contracts/deploy";
import { type LocalChainFixture, useLocalChain } from "@dropfair/contracts/testing";
import type { MintVoucher } from "@dropfair/schemas/badges";
import {
  type Address,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  type PrivateKeyAccount,
  type PublicClient,
} from "viem";
import { afterAll, beforeAll, expect } from "vitest";
import { buildTestApp, newWallet, signIn, type TestContext } from "./helper.ts";

export let chain: LocalChainFixture;
export let deployment: LocalDeployment;
export let context: TestContext;
export let publicClient: PublicClient;
export let adminToken: string;
export const growthId = "6QVAX5";
export const earlybirdId = "TMRZYR";
/** The app's clock, which a test may move (monthly periods). */
export const clock = { offsetMs: 0 };

export function useBadgesApi(environment: Record<string, string> = {}): void {
  chain = useLocalChain();
  const admin = newWallet();
  beforeAll(async () => {
    deployment = chain.deployment;
    publicClient = chain.publicClient as PublicClient;
    context = await buildTestApp({
      environment: {
        SANDBOX_RPC_URL: chain.rpcUrl,
        BADGE_ADDRESSES: `${chain.chainId}:${deployment.dropfairBadges}`,
        AIRDROP_SIGNER_KEY: chain.accounts[1]!.privateKey,
        ADMIN_ADDRESSES: admin.address,
        ...environment,
      },
      chainClient: (chainId) => (chainId === chain.chainId ? publicClient : undefined),
      now: () => new Date(Date.now() + clock.offsetMs),
    });
    adminToken = (await signIn(context.app, admin)).token;
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });
}

export type Envelope<T> = { content: T; typeCode: number; message: string };

export async function call<T>(
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  options: { token?: string; body?: unknown; language?: string; headers?: Record<string, string> } = {},
) {
  const response = await context.app.inject({
    method,
    url: `/api/bounty/badges${url}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.language ? { "accept-language": options.language } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, raw: response };
}

/** A player: a funded chain account (from #5 on) signed in with its wallet. */
export async function player(index: number): Promise<{ account: PrivateKeyAccount; token: string }> {
  const account = chain.account(index);
  return { account, token: (await signIn(context.app, account)).token };
}

/** An administrator grants the wallet EP (through the points module's route). */
export async function grantPoints(address: Address, amount: number): Promise<void> {
  const response = await context.app.inject({
    method: "POST",
    url: "/api/bounty/points/admin/grants",
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { address, amount, reason: "badge test" },
  });
  expect(response.statusCode).toBe(200);
}

/** The seeded badge of the growth programme with this name. */
export async function seededBadge(name: string): Promise<{ id: number }> {
  const { body } = await call<{ badges: { id: number; name: string }[] }>(
    "GET",
    `/achievements?programme=${growthId}`,
  );
  const badge = body.content.badges.find((entry) => entry.name === name);
  if (!badge) throw new Error(`no seeded badge ${name}`);
  return badge;
}

export function walletOf(account: PrivateKeyAccount) {
  return createWalletClient({ chain: chain.viemChain, transport: http(chain.rpcUrl), account });
}

export function voucherArgs(minted: MintVoucher) {
  const { voucher } = minted;
  return {
    account: voucher.account as Address,
    badgeId: BigInt(voucher.badgeId),
    soulbound: voucher.soulbound,
    period: BigInt(voucher.period),
    nonce: BigInt(voucher.nonce),
    deadline: BigInt(voucher.deadline),
  };
}

/** Sends `mint(voucher, signature)` from `from` and waits for it to be mined. */
export async function mintOnChain(from: PrivateKeyAccount, minted: MintVoucher): Promise<Hash> {
  const hash = await walletOf(from).writeContract({
    address: minted.contractAddress as Address,
    abi: dropfairBadgesAbi,
    functionName: "mint",
    args: [voucherArgs(minted), minted.signature as Hex],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return hash;
}
