// What the tips API tests share: the real app in sandbox mode (the X sandbox in-process) against a local chain
// with our AirdropDistributor and a test token (the voucher signer is the key both trust); a creator, participants
// signed in with their wallet and with X, a stranger and an administrator; a movable clock for the app and chain.
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { testTokenArtifact } from "@dropfair/contracts/artifacts";
import type { LocalDeployment } from "@dropfair/contracts/deploy";
import { type LocalChainFixture, useLocalChain } from "@dropfair/contracts/testing";
import type { TipsCampaignDetail, TipsCreateBody } from "@dropfair/schemas/tips";
import {
  createWalletClient,
  type Hash,
  type Hex,
  http,
  type PrivateKeyAccount,
  type PublicClient,
} from "viem";
import { afterAll, beforeAll, expect } from "vitest";
import { signIn } from "./helper.ts";
import { buildTestAppWithX, signInWithX, type XTestContext } from "./x-helper.ts";

export let chain: LocalChainFixture;
export let deployment: LocalDeployment;
export let context: XTestContext;
export let publicClient: PublicClient;
let clockOffsetMs = 0;
/** The waits the app's X client asked for (each moved the clock). */
export const xWaits: number[] = [];

export let creator: PrivateKeyAccount;
export let creatorToken: string;
export let admin: PrivateKeyAccount;
export let adminToken: string;
export let strangerToken: string;

/** A participant: a wallet signed in, and the sandbox X account it signed in with. */
export type Participant = {
  account: PrivateKeyAccount;
  token: string;
  xToken: string;
  username: string;
  xUserId: string;
};
export let alice: Participant;
export let bob: Participant;

export function appNow(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

export function useTipsApi(environment: Record<string, string> = {}): void {
  chain = useLocalChain();
  beforeAll(async () => {
    // Test files can share a worker (vitest without isolation): this file starts from the helper's initial state.
    clockOffsetMs = 0;
    deployment = chain.deployment;
    publicClient = chain.publicClient as PublicClient;
    admin = chain.account(5);
    context = await buildTestAppWithX({
      environment: {
        AIRDROP_DISTRIBUTOR_ADDRESSES: `${chain.chainId}:${deployment.airdropDistributor}`,
        AIRDROP_SIGNER_KEY: chain.accounts[1]!.privateKey,
        ADMIN_ADDRESSES: admin.address,
        ...environment,
      },
      chainClient: (chainId) => (chainId === chain.chainId ? publicClient : undefined),
      now: appNow,
      sandbox: { clock: () => appNow().getTime() },
      // Waiting for X (a rate-limit reset, a retry's backoff) moves the app's clock instead of taking time.
      client: {
        clock: {
          now: () => appNow().getTime(),
          sleep: async (ms: number) => {
            xWaits.push(ms);
            clockOffsetMs += ms;
          },
        },
      },
    });
    creator = chain.account(2);
    creatorToken = (await signIn(context.app, creator)).token;
    adminToken = (await signIn(context.app, admin)).token;
    strangerToken = (await signIn(context.app)).token;
    alice = await participant(chain.account(3), "sandbox_alice");
    bob = await participant(chain.account(4), "sandbox_bob");
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });
}

async function participant(account: PrivateKeyAccount, username: string): Promise<Participant> {
  const { token } = await signIn(context.app, account);
  const xToken = await signInWithX(context, username);
  const xUserId = context.sandbox.world.getUserByUsername(username)!.id;
  return { account, token, xToken, username, xUserId };
}

export type Envelope<T> = { content: T; typeCode: number; message: string };

export async function call<T>(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  options: { token?: string; xToken?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await context.app.inject({
    method,
    url: `/api/bounty/tips${url}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.xToken ? { "x-twitter-token": options.xToken } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, response };
}

export function outcome(response: { status: number; body: { typeCode: number; message: string } }) {
  return { status: response.status, typeCode: response.body.typeCode, message: response.body.message };
}

/** Moves the app's clock (and the chain's and the X sandbox's, so vouchers and campaigns see the same time). */
export async function moveTime(seconds: number): Promise<void> {
  await publicClient.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await publicClient.request({ method: "evm_mine" as never, params: [] as never });
  clockOffsetMs += seconds * 1000;
}

export function walletOf(account: PrivateKeyAccount) {
  return createWalletClient({ chain: chain.viemChain, transport: http(chain.rpcUrl), account });
}

export async function mined(hash: Hash) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

const minuteMs = 60_000;

/** A campaign that starts at the next minute and runs for a day, on the local chain's test token. */
export function campaignBody(overrides: Partial<TipsCreateBody> = {}): TipsCreateBody {
  const start = Math.ceil(appNow().getTime() / minuteMs) * minuteMs + minuteMs;
  return {
    title: "Post about Dropfair",
    description: "Tweet with #Dropfair and mention @dropfair_host",
    hashtag: "#Dropfair",
    mention: "@dropfair_host",
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + 86_400_000).toISOString(),
    chainId: chain.chainId,
    token: deployment.testToken,
    totalPrize: "1000",
    ...overrides,
  };
}

export async function createCampaign(overrides: Partial<TipsCreateBody> = {}, token = creatorToken) {
  const response = await call<TipsCampaignDetail>("POST", "/campaigns", {
    token,
    body: campaignBody(overrides),
  });
  expect(response.body.message).toBe("success");
  return response.body.content;
}

/**
 * Opens a voucher campaign on the distributor for the prize (from a minute before the start until the claim
 * window's end, or as `options` change it) with the deposit, as `account`; returns its id.
 */
export async function openDistributorCampaign(
  campaign: TipsCampaignDetail,
  options: { account?: PrivateKeyAccount; deposit?: bigint; startOffset?: number; end?: bigint } = {},
): Promise<bigint> {
  const account = options.account ?? creator;
  const amount = options.deposit ?? BigInt(campaign.totalPrize);
  const wallet = walletOf(account);
  await mined(
    await wallet.writeContract({
      address: deployment.testToken,
      abi: testTokenArtifact.abi,
      functionName: "approve",
      args: [deployment.airdropDistributor, amount],
    }),
  );
  const params = {
    token: deployment.testToken,
    kind: 0,
    proofKind: 1,
    mode: 0,
    merkleRoot: `0x${"00".repeat(32)}` as Hex,
    shares: 0n,
    amountPerShare: 0n,
    start: BigInt(Math.floor(new Date(campaign.startAt).getTime() / 1000) + (options.startOffset ?? -60)),
    end: options.end ?? BigInt(Math.floor(new Date(campaign.claimableUntil).getTime() / 1000) + 3600),
  };
  const { result } = await publicClient.simulateContract({
    account,
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
  return result;
}

/** Funds the campaign's prize on chain and names the distributor campaign to the API. */
export async function fund(campaign: TipsCampaignDetail) {
  const distributorCampaignId = await openDistributorCampaign(campaign);
  const response = await call<TipsCampaignDetail>("POST", `/campaigns/${campaign.id}/funding`, {
    token: creatorToken,
    body: { campaignId: distributorCampaignId.toString() },
  });
  expect(response.body.message).toBe("success");
  return response.body.content;
}

export async function join(campaignId: number, who: Participant) {
  return call<TipsCampaignDetail>("POST", `/campaigns/${campaignId}/join`, {
    token: who.token,
    xToken: who.xToken,
  });
}
