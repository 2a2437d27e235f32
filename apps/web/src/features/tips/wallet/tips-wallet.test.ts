// @vitest-environment node
// The funding's resume on a real local chain: the distributor campaign a sent deposit opened is read back from
// its transaction, and a transaction the chain never saw answers nothing (so that a new deposit is safe).
import { airdropDistributorAbi } from "@dropfair/chain/abis";
import { deployLocalContracts, type LocalDeployment } from "@dropfair/contracts/deploy";
import { type LocalChain, startLocalChain } from "@dropfair/contracts/local-chain";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseEventLogs,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { waitForTransactionReceipt, writeContract } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { campaignOfDeposit } from "./tips-wallet";

let chain: LocalChain;
let deployment: LocalDeployment;

beforeAll(async () => {
  // Node, not happy-dom: the web project's shared setup still clears browser storage and cookies after each test.
  vi.stubGlobal("localStorage", { clear() {} });
  vi.stubGlobal("sessionStorage", { clear() {} });
  vi.stubGlobal("document", { cookie: "" });
  chain = await startLocalChain({ port: 0 });
  deployment = await deployLocalContracts({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    deployerPrivateKey: chain.accounts[0]!.privateKey,
    recipients: [chain.accounts[1]!.address],
  });
}, 120_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await chain?.stop();
});

function creatorClient() {
  const localChain = defineChain({
    id: chain.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  const transport = http(chain.rpcUrl, { retryCount: 0 });
  const account = privateKeyToAccount(chain.accounts[1]!.privateKey);
  const client = createWalletClient({ account, chain: localChain, transport, pollingInterval: 50 });
  const reader = createPublicClient({ chain: localChain, transport, cacheTime: 0, pollingInterval: 50 });
  return { client, reader };
}

describe("campaignOfDeposit", () => {
  it("reads the distributor campaign a sent deposit opened, and nothing for a transaction never sent", async () => {
    const { client, reader } = creatorClient();
    const amount = parseUnits("25", 18);
    const approval = await writeContract(client, {
      address: deployment.testToken,
      abi: erc20Abi,
      functionName: "approve",
      args: [deployment.airdropDistributor, amount],
    });
    await waitForTransactionReceipt(reader, { hash: approval });
    const now = BigInt(Math.floor(Date.now() / 1000));
    const deposit = await writeContract(client, {
      address: deployment.airdropDistributor,
      abi: airdropDistributorAbi,
      functionName: "createCampaignAndDeposit",
      args: [
        {
          token: deployment.testToken,
          kind: 0,
          proofKind: 1,
          mode: 0,
          merkleRoot: `0x${"00".repeat(32)}`,
          shares: 0n,
          amountPerShare: 0n,
          start: now,
          end: now + 86_400n,
        },
        amount,
      ],
    });
    // Asked before the receipt is awaited, as a resumed funding does: it waits for the deposit to be mined.
    const found = await campaignOfDeposit(client as never, deposit);
    const receipt = await waitForTransactionReceipt(reader, { hash: deposit });
    const [created] = parseEventLogs({
      abi: airdropDistributorAbi,
      logs: receipt.logs,
      eventName: "CampaignCreated",
    });
    expect(found).toBe(created!.args.campaignId.toString());

    expect(await campaignOfDeposit(client as never, `0x${"ab".repeat(32)}`)).toBeUndefined();
  }, 60_000);
});
