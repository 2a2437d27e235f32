import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { testTokenArtifact, testUsdtArtifact } from "@dropfair/contracts/artifacts";
import type { LocalDeployment } from "@dropfair/contracts/deploy";
import { useLocalChain } from "@dropfair/contracts/testing";
import {
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseEther,
  parseUnits,
  stringToHex,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchPayoutAbi } from "../src/abis.ts";
import {
  normalizeTxHash,
  PaymentVerificationError,
  type PaymentVerificationReason,
  requireSuccessfulTransaction,
  verifyBatchPayout,
  verifyErc20Transfer,
} from "../src/payments.ts";

const tenUsdt = parseUnits("10", 6);

const chain = useLocalChain();
let deployment: LocalDeployment;
let localChain: Chain;
let client: PublicClient;
let member: ReturnType<typeof walletFor>;
let stranger: ReturnType<typeof walletFor>;
const treasury = freshAddress();

function freshAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address;
}

function walletFor(index: number) {
  return createWalletClient({
    account: privateKeyToAccount(chain.accounts[index]!.privateKey),
    chain: localChain,
    transport: http(chain.rpcUrl, { retryCount: 0 }),
  });
}

async function mined(hash: Hash): Promise<Hash> {
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return hash;
}

function transfer(wallet: ReturnType<typeof walletFor>, token: Address, to: Address, amount: bigint) {
  return wallet
    .writeContract({
      address: token,
      abi: testUsdtArtifact.abi,
      functionName: "transfer",
      args: [to, amount],
    })
    .then(mined);
}

async function reason(promise: Promise<unknown>): Promise<PaymentVerificationReason> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PaymentVerificationError);
  return (error as PaymentVerificationError).reason;
}

/** A transaction that is mined and reverts: signed here so its hash is known although sending it fails. */
async function revertedTransaction(): Promise<Hash> {
  const request = await member.prepareTransactionRequest({
    to: deployment.testToken,
    data: encodeFunctionData({
      abi: testTokenArtifact.abi,
      functionName: "faucet",
      args: [parseUnits("2000000", 18)],
    }),
    // Set, so no gas estimate runs (it would refuse the reverting call before anything is sent).
    gas: 100_000n,
  });
  const serialized = await member.signTransaction(request);
  // Hardhat mines the transaction and then reports the revert as an error of the send itself.
  await client.sendRawTransaction({ serializedTransaction: serialized }).catch(() => undefined);
  return keccak256(serialized);
}

function membership(txHash: string, overrides: Partial<Parameters<typeof verifyErc20Transfer>[0]> = {}) {
  return verifyErc20Transfer({
    client,
    chainId: chain.chainId,
    txHash,
    token: deployment.testUsdt,
    to: treasury,
    minAmount: tenUsdt,
    ...overrides,
  });
}

beforeAll(() => {
  ({ deployment, viemChain: localChain, publicClient: client } = chain);
  member = walletFor(1);
  stranger = walletFor(2);
});

describe("verifyErc20Transfer (membership, T19)", () => {
  it("accepts a real transfer of enough USDT to the treasury", async () => {
    const hash = await transfer(member, deployment.testUsdt, treasury, tenUsdt);
    const receipt = await client.getTransactionReceipt({ hash });
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    // Any letter case is the same transaction; the answer carries the one form to store.
    const shouted = `0x${hash.slice(2).toUpperCase()}`;
    expect(await membership(shouted, { from: member.account.address, minConfirmations: 1 })).toEqual({
      chainId: chain.chainId,
      txHash: hash.toLowerCase(),
      payer: member.account.address,
      amount: tenUsdt,
      blockNumber: receipt.blockNumber,
      blockTimestamp: block.timestamp,
    });
    expect(normalizeTxHash(` ${shouted} `)).toBe(hash.toLowerCase());
  });

  it("sums the matching transfers of one transaction and reports what was paid", async () => {
    await member
      .writeContract({
        address: deployment.testUsdt,
        abi: testUsdtArtifact.abi,
        functionName: "approve",
        args: [deployment.batchPayout, tenUsdt + 1n],
      })
      .then(mined);
    const hash = await member
      .writeContract({
        address: deployment.batchPayout,
        abi: batchPayoutAbi,
        functionName: "payERC20",
        args: [
          deployment.testUsdt,
          keccak256("0x01"),
          [treasury, treasury],
          [parseUnits("5", 6), parseUnits("5", 6) + 1n],
        ],
      })
      .then(mined);
    const verified = await membership(hash);
    expect(verified.amount).toBe(tenUsdt + 1n);
    expect(verified.payer).toBe(member.account.address);
  });

  it("rejects a fake or malformed transaction hash", async () => {
    expect(await reason(membership(keccak256(stringToHex("no such transaction"))))).toBe("not-found");
    expect(await reason(membership("0x1234"))).toBe("not-found");
    expect(await reason(membership("a membership, trust me"))).toBe("not-found");
  });

  it("rejects a reverted transaction", async () => {
    expect(await reason(membership(await revertedTransaction()))).toBe("reverted");
  });

  it("rejects a transfer of another token, or of the native coin", async () => {
    const otherToken = await transfer(member, deployment.testToken, treasury, tenUsdt);
    expect(await reason(membership(otherToken))).toBe("wrong-token");
    const coin = await member.sendTransaction({ to: treasury, value: parseEther("1") }).then(mined);
    expect(await reason(membership(coin))).toBe("wrong-token");
  });

  it("rejects a transfer to another address", async () => {
    const hash = await transfer(member, deployment.testUsdt, freshAddress(), tenUsdt);
    expect(await reason(membership(hash))).toBe("wrong-recipient");
  });

  it("rejects a transfer of too small an amount", async () => {
    const hash = await transfer(member, deployment.testUsdt, treasury, tenUsdt - 1n);
    expect(await reason(membership(hash))).toBe("insufficient-amount");
  });

  it("rejects someone else's payment when the sender is given", async () => {
    const hash = await transfer(stranger, deployment.testUsdt, treasury, tenUsdt);
    expect(await reason(membership(hash, { from: member.account.address }))).toBe("wrong-sender");
    expect((await membership(hash, { from: stranger.account.address })).payer).toBe(stranger.account.address);
  });

  it("waits for the transaction to be mined and confirmed", async () => {
    const testClient = createTestClient({
      chain: localChain,
      mode: "hardhat",
      transport: http(chain.rpcUrl, { retryCount: 0 }),
    });
    await testClient.setAutomine(false);
    let hash: Hash;
    try {
      hash = await member.writeContract({
        address: deployment.testUsdt,
        abi: testUsdtArtifact.abi,
        functionName: "transfer",
        args: [treasury, tenUsdt],
        gas: 100_000n,
      });
      const error = await membership(hash).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ reason: "pending", retryable: true });
      await testClient.mine({ blocks: 1 });
    } finally {
      await testClient.setAutomine(true);
    }
    expect(await reason(membership(hash, { minConfirmations: 3 }))).toBe("pending");
    await testClient.mine({ blocks: 2 });
    expect((await membership(hash, { minConfirmations: 3 })).amount).toBe(tenUsdt);
  });

  it("rejects a payment claimed on another chain than the client's", async () => {
    const hash = await transfer(member, deployment.testUsdt, treasury, tenUsdt);
    expect(await reason(membership(hash, { chainId: 56 }))).toBe("wrong-chain");
  });
});

describe("verification when the RPC fails (fails closed)", () => {
  let silent: Server;
  let silentUrl: string;
  let broken: Server;
  let brokenUrl: string;
  const someHash = keccak256(stringToHex("a payment"));

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const clientAt = (url: string) =>
    createPublicClient({
      chain: localChain,
      transport: http(url, { retryCount: 0, timeout: 30_000 }),
      cacheTime: 0,
    });

  beforeAll(async () => {
    // Accepts the connection, never answers.
    silent = createServer(() => undefined);
    silentUrl = await listen(silent);
    broken = createServer((_request, response) => {
      response.statusCode = 502;
      response.end("bad gateway");
    });
    brokenUrl = await listen(broken);
  });

  afterAll(async () => {
    for (const server of [silent, broken]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("answers rpc-unavailable within the timeout when the RPC hangs", async () => {
    const started = Date.now();
    const error = await membership(someHash, { client: clientAt(silentUrl), timeoutMs: 300 }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ reason: "rpc-unavailable", retryable: true, txHash: someHash });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("answers rpc-unavailable when the RPC is down or answers errors", async () => {
    expect(await reason(membership(someHash, { client: clientAt("http://127.0.0.1:1") }))).toBe(
      "rpc-unavailable",
    );
    expect(await reason(membership(someHash, { client: clientAt(brokenUrl) }))).toBe("rpc-unavailable");
    expect(
      await reason(
        verifyBatchPayout({
          client: clientAt(brokenUrl),
          chainId: chain.chainId,
          txHash: someHash,
          batchPayout: deployment.batchPayout,
          token: "native",
          payments: [{ to: treasury, amount: 1n }],
        }),
      ),
    ).toBe("rpc-unavailable");
    expect(
      await reason(requireSuccessfulTransaction({ client: clientAt(brokenUrl), txHash: someHash })),
    ).toBe("rpc-unavailable");
  });
});

describe("verifyBatchPayout", () => {
  const winners = [freshAddress(), freshAddress(), freshAddress()];
  const amounts = [parseUnits("50", 6), parseUnits("30", 6), parseUnits("20", 6)];
  const reference = keccak256(stringToHex("picker seed 1"));
  let erc20Batch: Hash;
  let nativeBatch: Hash;

  const expected = () => winners.map((to, index) => ({ to, amount: amounts[index]! }));
  const verify = (txHash: Hash, overrides: Partial<Parameters<typeof verifyBatchPayout>[0]> = {}) =>
    verifyBatchPayout({
      client,
      chainId: chain.chainId,
      txHash,
      batchPayout: deployment.batchPayout,
      token: deployment.testUsdt,
      payments: expected(),
      reference,
      ...overrides,
    });

  beforeAll(async () => {
    await stranger
      .writeContract({
        address: deployment.testUsdt,
        abi: testUsdtArtifact.abi,
        functionName: "approve",
        args: [deployment.batchPayout, parseUnits("100", 6)],
      })
      .then(mined);
    erc20Batch = await stranger
      .writeContract({
        address: deployment.batchPayout,
        abi: batchPayoutAbi,
        functionName: "payERC20",
        args: [deployment.testUsdt, reference, winners, amounts],
      })
      .then(mined);
    nativeBatch = await stranger
      .writeContract({
        address: deployment.batchPayout,
        abi: batchPayoutAbi,
        functionName: "payNative",
        args: [reference, winners, amounts],
        value: parseUnits("100", 6),
      })
      .then(mined);
  });

  it("accepts an ERC-20 batch that paid every winner", async () => {
    const receipt = await client.getTransactionReceipt({ hash: erc20Batch });
    expect(await verify(erc20Batch)).toEqual({
      chainId: chain.chainId,
      txHash: erc20Batch.toLowerCase(),
      payer: stranger.account.address,
      blockNumber: receipt.blockNumber,
      total: parseUnits("100", 6),
      reference,
    });
    // Without a reference to insist on, and for part of the batch, it is still the same payout.
    const [first] = expected();
    expect((await verify(erc20Batch, { reference: undefined, payments: [first!] })).total).toBe(
      parseUnits("100", 6),
    );
  });

  it("rejects a batch that misses a winner or paid one less", async () => {
    expect(
      await reason(verify(erc20Batch, { payments: [...expected(), { to: freshAddress(), amount: 1n }] })),
    ).toBe("missing-payment");
    const short = expected().map((payment, index) =>
      index === 1 ? { ...payment, amount: payment.amount + 1n } : payment,
    );
    expect(await reason(verify(erc20Batch, { payments: short }))).toBe("missing-payment");
  });

  it("rejects a batch made for another reference, in another token, or not through BatchPayout", async () => {
    const otherReference: Hex = keccak256(stringToHex("picker seed 2"));
    expect(await reason(verify(erc20Batch, { reference: otherReference }))).toBe("wrong-reference");
    expect(await reason(verify(erc20Batch, { token: deployment.testToken }))).toBe("wrong-token");
    expect(await reason(verify(erc20Batch, { token: "native" }))).toBe("wrong-token");
    const direct = await transfer(stranger, deployment.testUsdt, winners[0]!, amounts[0]!);
    expect(await reason(verify(direct, { payments: [expected()[0]!] }))).toBe("wrong-contract");
    expect(await reason(verify(await revertedTransaction()))).toBe("reverted");
  });

  it("accepts a native batch from its call and BatchPaid total, and rejects a missing winner", async () => {
    const verified = await verify(nativeBatch, { token: "native" });
    expect(verified).toMatchObject({
      payer: stranger.account.address,
      total: parseUnits("100", 6),
      reference,
    });
    expect(
      await reason(
        verify(nativeBatch, { token: "native", payments: [...expected(), { to: treasury, amount: 1n }] }),
      ),
    ).toBe("missing-payment");
    expect(await reason(verify(nativeBatch, { token: "native", reference: keccak256("0x02") }))).toBe(
      "wrong-reference",
    );
    expect(await reason(verify(nativeBatch))).toBe("wrong-token");
  });

  it("refuses nonsense input before asking the chain", async () => {
    await expect(verify(erc20Batch, { payments: [] })).rejects.toThrow(RangeError);
    await expect(verify(erc20Batch, { payments: [{ to: treasury, amount: 0n }] })).rejects.toThrow(
      RangeError,
    );
    await expect(verify(erc20Batch, { reference: "0x1234" })).rejects.toThrow(TypeError);
    await expect(verify(erc20Batch, { batchPayout: zeroAddress.slice(0, 10) as Address })).rejects.toThrow(
      TypeError,
    );
    await expect(membership(erc20Batch, { minAmount: 0n })).rejects.toThrow(RangeError);
    await expect(membership(erc20Batch, { minConfirmations: 0 })).rejects.toThrow(RangeError);
  });
});

describe("requireSuccessfulTransaction", () => {
  it("answers sender, recipient and block of a successful transaction", async () => {
    const hash = await member.sendTransaction({ to: treasury, value: 1n }).then(mined);
    const receipt = await client.getTransactionReceipt({ hash });
    expect(await requireSuccessfulTransaction({ client, txHash: hash, chainId: chain.chainId })).toEqual({
      txHash: hash.toLowerCase(),
      from: member.account.address,
      to: treasury,
      blockNumber: receipt.blockNumber,
    });
  });

  it("rejects reverted and unknown transactions", async () => {
    expect(await reason(requireSuccessfulTransaction({ client, txHash: await revertedTransaction() }))).toBe(
      "reverted",
    );
    expect(await reason(requireSuccessfulTransaction({ client, txHash: keccak256("0x03") }))).toBe(
      "not-found",
    );
  });
});
