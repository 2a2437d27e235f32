import { testContractWalletArtifact } from "@dropfair/contracts/artifacts";
import { useLocalChain } from "@dropfair/contracts/testing";
import { sessions } from "@dropfair/db";
import type { Address, PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newWallet, submitLogin, type TestContext } from "./helper.ts";

/** ERC-1271: a smart-contract wallet signs in through its owner's signature, checked on the local chain. */
const chain = useLocalChain();
let context: TestContext;
let walletAddress: Address;
const owner = newWallet();

beforeAll(async () => {
  const publicClient = chain.publicClient;
  const deployer = chain.walletOf(0);
  const hash = await deployer.deployContract({
    abi: testContractWalletArtifact.abi,
    bytecode: testContractWalletArtifact.bytecode,
    args: [owner.address],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  walletAddress = receipt.contractAddress!;
  context = await buildTestApp({
    environment: { SANDBOX_RPC_URL: chain.rpcUrl },
    chainClient: (chainId) => (chainId === chain.chainId ? (publicClient as PublicClient) : undefined),
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
});

async function messageFor(address: Address) {
  const response = await context.app.inject({
    url: `/api/reg/Authentication/signMsg/Dropfair/${address}?chainId=${chain.chainId}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().content as string;
}

describe("contract-wallet sign-in (ERC-1271)", () => {
  it("opens a session when the wallet contract accepts its owner's signature", async () => {
    const message = await messageFor(walletAddress);
    const signature = await owner.signMessage({ message });
    const login = await submitLogin(context.app, { address: walletAddress } as typeof owner, { signature });
    expect(login.response.statusCode).toBe(200);
    expect(login.body.typeCode).toBe(1);
  });

  it("refuses a signature by someone other than the owner", async () => {
    const message = await messageFor(walletAddress);
    const signature = await newWallet().signMessage({ message });
    const before = (await context.database.db.select().from(sessions)).length;
    const login = await submitLogin(context.app, { address: walletAddress } as typeof owner, { signature });
    expect(login.response.statusCode).toBe(401);
    expect((await context.database.db.select().from(sessions)).length).toBe(before);
  });
});
