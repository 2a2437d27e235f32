// What the airdrop API test files share: the real app (with the X, Discord and Telegram sandboxes) against a
// local chain with our AirdropDistributor, a creator and a stranger signed in, and helpers for the requests and
// the on-chain steps (funding, claims, refunds) a creator or participant takes.

import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { testTokenArtifact } from "@dropfair/contracts/artifacts";
import type { LocalDeployment } from "@dropfair/contracts/deploy";
import { type LocalChainFixture, useLocalChain } from "@dropfair/contracts/testing";
import { campaignArgsOf } from "@dropfair/core/airdrop";
import { airdrops, eq } from "@dropfair/db";
import type { AirdropClaim, AirdropDetail } from "@dropfair/schemas/airdrop";
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
import { airdropDraftBody } from "./builders.ts";
import { newWallet, signIn } from "./helper.ts";
import { type BuildTestAppWithXOptions, buildTestAppWithX, type XTestContext } from "./x-helper.ts";

// Live bindings, set by useAirdropApi's beforeAll: each test file that calls it gets its own chain and app.
export let chain: LocalChainFixture;
export let deployment: LocalDeployment;
export let context: XTestContext;
export let publicClient: PublicClient;
export let localChain: Chain;
/** The app's clock follows the chain's when a test moves time forward. */
let clockOffsetMs = 0;

export let creator: PrivateKeyAccount;
export let creatorToken: string;
export let stranger: { token: string };
export let strangerAddress: Address;

/**
 * Starts this file's local chain with our contracts, builds the app against it (the distributor's address, the
 * voucher signer's key, and `options`) and signs in the creator (the chain's account #2) and a stranger; closes
 * both after. The chain counts a transaction at 1 confirmation here, so each test reports what it just mined; the
 * confirmations and reorganisations themselves are tested with the local chain's default (airdrop-reorg.test.ts).
 */
export function useAirdropApi(
  options: Pick<BuildTestAppWithXOptions, "environment" | "pickerJobs"> = {},
): void {
  chain = useLocalChain();
  beforeAll(async () => {
    // Test files can share a worker (vitest without isolation): this file starts from the helper's initial state.
    clockOffsetMs = 0;
    deployment = chain.deployment;
    localChain = chain.viemChain;
    publicClient = chain.publicClient as PublicClient;
    context = await buildTestAppWithX({
      environment: {
        SANDBOX_RPC_URL: chain.rpcUrl,
        AIRDROP_DISTRIBUTOR_ADDRESSES: `${chain.chainId}:${deployment.airdropDistributor}`,
        AIRDROP_SIGNER_KEY: chain.accounts[1]!.privateKey,
        CONFIRMATIONS_31337: "1",
        ...options.environment,
      },
      pickerJobs: options.pickerJobs,
      chainClient: (chainId) => (chainId === chain.chainId ? publicClient : undefined),
      now: () => new Date(Date.now() + clockOffsetMs),
    });
    creator = chain.account(2);
    creatorToken = (await signIn(context.app, creator)).token;
    const other = await signIn(context.app);
    stranger = { token: other.token };
    strangerAddress = other.wallet.address;
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Envelope<T> = { content: T; typeCode: number; message: string };

export async function call<T>(
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  options: { token?: string; body?: unknown; text?: string; headers?: Record<string, string> } = {},
) {
  const response = await context.app.inject({
    method,
    url: `/api/bounty/airdrop${url}`,
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.text !== undefined ? { "content-type": "text/plain" } : {}),
      ...options.headers,
    },
    ...(options.text !== undefined ? { payload: options.text } : {}),
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, raw: response };
}

export function appNow(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

/** A wallet on the chain: signs transactions with a local key. */
export function walletOf(account: PrivateKeyAccount) {
  return createWalletClient({ chain: localChain, transport: http(chain.rpcUrl), account });
}

export async function mined(hash: Hash) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return hash;
}

export async function moveChainTime(seconds: number): Promise<void> {
  await moveChainClockOnly(seconds);
  clockOffsetMs += seconds * 1000;
}

/** Only the chain's clock moves (a drifting chain): the next block is `seconds` later than it would be. */
export async function moveChainClockOnly(seconds: number): Promise<void> {
  await publicClient.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await publicClient.request({ method: "evm_mine" as never, params: [] as never });
}

/** Only the server's clock moves (a chain that lags behind it). */
export function moveServerClockOnly(seconds: number): void {
  clockOffsetMs += seconds * 1000;
}

/** A draft with a token reward in the local test token (18 decimals), starting now, ending in `minutes`. */
export async function createDraft(
  overrides: Record<string, unknown> = {},
  minutes = 30,
): Promise<AirdropDetail> {
  const response = await call<AirdropDetail>("POST", "/", {
    token: creatorToken,
    body: airdropDraftBody(
      {
        title: "Season 1 drop",
        description: "For our early community",
        idType: "wallet",
        chainId: chain.chainId,
        tokenAddress: deployment.testToken,
        totalAmount: "1000",
        mode: "all",
        ...overrides,
      },
      { now: appNow(), minutes },
    ),
  });
  expect(response.body.message).toBe("success");
  return response.body.content;
}

export async function fund(detail: AirdropDetail, from = creator): Promise<AirdropDetail> {
  const params = detail.campaignParams!;
  const amount = BigInt(detail.requiredDeposit!);
  const wallet = walletOf(from);
  await mined(
    await wallet.writeContract({
      address: deployment.testToken,
      abi: testTokenArtifact.abi,
      functionName: "approve",
      args: [deployment.airdropDistributor, amount],
    }),
  );
  const hash = await mined(
    await wallet.writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "createCampaignAndDeposit",
      args: [campaignArgsOf(params), amount],
    }),
  );
  const reported = await reportTransaction(detail.id, hash, creatorToken);
  expect(reported.body.message).toBe("success");
  return reported.body.content;
}

/** Reports a mined distributor transaction to the API, as the web app does after each one. */
export function reportTransaction(id: number, txHash: Hash | string, token = creatorToken) {
  return call<AirdropDetail>("POST", `/${id}/transactions`, { token, body: { txHash } });
}

/** The creator's refund on chain (after the end, or everything before the start). */
export async function refundOnChain(detail: AirdropDetail): Promise<Hash> {
  return mined(
    await walletOf(creator).writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "refund",
      args: [BigInt(detail.campaignId!)],
    }),
  );
}

export async function prepared(id: number): Promise<AirdropDetail> {
  const response = await call<AirdropDetail>("POST", `/${id}/prepare`, { token: creatorToken });
  expect(response.body.message).toBe("success");
  return response.body.content;
}

export async function claimOnChain(
  detail: AirdropDetail,
  claim: AirdropClaim,
  from: PrivateKeyAccount,
): Promise<Hash> {
  return mined(
    await walletOf(from).writeContract({
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "claim",
      args: [
        BigInt(detail.campaignId!),
        BigInt(claim.index!),
        claim.account as Address,
        BigInt(claim.amount!),
        claim.proof as Hex[],
      ],
    }),
  );
}

export async function lastCampaignTx(id: number): Promise<string> {
  const [row] = await context.database.db.select().from(airdrops).where(eq(airdrops.id, id));
  return row!.campaignTxHash!;
}

export async function releasedAirdrop(
  overrides: Record<string, unknown> = {},
  text?: string,
): Promise<AirdropDetail> {
  const draft = await createDraft(overrides);
  await call("PUT", `/${draft.id}/participants`, {
    token: creatorToken,
    text: text ?? `${newWallet().address}\n${newWallet().address}`,
  });
  const funded = await fund(await prepared(draft.id));
  const released = await call<AirdropDetail>("POST", `/${funded.id}/release`, { token: creatorToken });
  expect(released.body.message).toBe("success");
  return released.body.content;
}
