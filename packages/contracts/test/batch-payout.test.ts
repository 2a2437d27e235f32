import {
  type Address,
  type Chain,
  type Hash,
  keccak256,
  type PublicClient,
  parseEther,
  parseEventLogs,
  parseUnits,
  stringToHex,
  type WalletClient,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { batchPayoutArtifact, testReentrantRecipientArtifact, testUsdtArtifact } from "../src/artifacts.ts";
import type { LocalDeployment } from "../src/deploy.ts";
import { useLocalChain } from "../src/testing.ts";

/** BatchPayout's errors and the token's, so reverts from either are decoded by name. */
const payoutAndTokenAbi = [...batchPayoutArtifact.abi, ...testUsdtArtifact.abi];
const reference = keccak256(stringToHex("picker seed 7f3a"));

const chain = useLocalChain();
let deployment: LocalDeployment;
let publicClient: PublicClient;
let localChain: Chain;
let payer: WalletClient & { account: { address: Address } };

function freshAddresses(count: number): Address[] {
  return Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()).address);
}

const walletFor = (index: number) => chain.walletOf(index);

async function mined(hash: Hash) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

const usdtBalance = (address: Address) =>
  publicClient.readContract({
    address: deployment.testUsdt,
    abi: testUsdtArtifact.abi,
    functionName: "balanceOf",
    args: [address],
  });

async function approve(amount: bigint) {
  await mined(
    await payer.writeContract({
      account: payer.account.address,
      chain: localChain,
      address: deployment.testUsdt,
      abi: testUsdtArtifact.abi,
      functionName: "approve",
      args: [deployment.batchPayout, amount],
    }),
  );
}

beforeAll(() => {
  ({ deployment, publicClient, viemChain: localChain } = chain);
  payer = walletFor(1);
});

describe("BatchPayout.payERC20", () => {
  it("moves each amount from the payer straight to each recipient and reports the batch", async () => {
    const recipients = freshAddresses(3);
    const amounts = [parseUnits("10", 6), parseUnits("2.5", 6), 1n];
    const total = amounts.reduce((sum, amount) => sum + amount, 0n);
    await approve(total);
    const before = await usdtBalance(payer.account.address);

    const receipt = await mined(
      await payer.writeContract({
        account: payer.account.address,
        chain: localChain,
        address: deployment.batchPayout,
        abi: batchPayoutArtifact.abi,
        functionName: "payERC20",
        args: [deployment.testUsdt, reference, recipients, amounts],
      }),
    );

    expect(await Promise.all(recipients.map(usdtBalance))).toEqual(amounts);
    expect(await usdtBalance(payer.account.address)).toBe(before - total);
    expect(await usdtBalance(deployment.batchPayout)).toBe(0n);
    const [event] = parseEventLogs({
      abi: batchPayoutArtifact.abi,
      logs: receipt.logs,
      eventName: "BatchPaid",
    });
    expect(event?.address.toLowerCase()).toBe(deployment.batchPayout.toLowerCase());
    expect(event?.args).toEqual({
      payer: payer.account.address,
      token: deployment.testUsdt,
      paymentReference: reference,
      total,
      count: 3n,
    });
    const transfers = parseEventLogs({
      abi: testUsdtArtifact.abi,
      logs: receipt.logs,
      eventName: "Transfer",
    });
    expect(transfers.map((transfer) => transfer.args)).toEqual(
      recipients.map((to, index) => ({ from: payer.account.address, to, value: amounts[index] })),
    );
  });

  it("reverts without enough allowance", async () => {
    const recipients = freshAddresses(2);
    await approve(parseUnits("1", 6));
    await expect(
      publicClient.simulateContract({
        account: payer.account.address,
        address: deployment.batchPayout,
        abi: payoutAndTokenAbi,
        functionName: "payERC20",
        args: [deployment.testUsdt, reference, recipients, [parseUnits("1", 6), parseUnits("1", 6)]],
      }),
    ).rejects.toThrow(/ERC20InsufficientAllowance/);
  });

  it("reverts on mismatched or empty lists, zero addresses and zero amounts", async () => {
    const [first, second] = freshAddresses(2) as [Address, Address];
    await approve(parseUnits("100", 6));
    const attempt = (token: Address, recipients: Address[], amounts: bigint[]) =>
      publicClient.simulateContract({
        account: payer.account.address,
        address: deployment.batchPayout,
        abi: payoutAndTokenAbi,
        functionName: "payERC20",
        args: [token, reference, recipients, amounts],
      });
    await expect(attempt(deployment.testUsdt, [first, second], [1n])).rejects.toThrow(/LengthMismatch/);
    await expect(attempt(deployment.testUsdt, [], [])).rejects.toThrow(/EmptyBatch/);
    await expect(attempt(deployment.testUsdt, [first, zeroAddress], [1n, 1n])).rejects.toThrow(
      /ZeroRecipient/,
    );
    await expect(attempt(deployment.testUsdt, [first, second], [1n, 0n])).rejects.toThrow(/ZeroAmount/);
    await expect(attempt(zeroAddress, [first], [1n])).rejects.toThrow(/ZeroToken/);
    // An address without code is no token: SafeERC20 refuses it rather than treating silence as success.
    await expect(attempt(second, [first], [1n])).rejects.toThrow(/SafeERC20FailedOperation/);
  });
});

describe("BatchPayout.payNative", () => {
  it("forwards the value to each recipient and keeps nothing", async () => {
    const recipients = freshAddresses(2);
    const amounts = [parseEther("0.25"), parseEther("0.75")];
    const receipt = await mined(
      await payer.writeContract({
        account: payer.account.address,
        chain: localChain,
        address: deployment.batchPayout,
        abi: batchPayoutArtifact.abi,
        functionName: "payNative",
        args: [reference, recipients, amounts],
        value: parseEther("1"),
      }),
    );
    expect(await Promise.all(recipients.map((address) => publicClient.getBalance({ address })))).toEqual(
      amounts,
    );
    expect(await publicClient.getBalance({ address: deployment.batchPayout })).toBe(0n);
    const [event] = parseEventLogs({
      abi: batchPayoutArtifact.abi,
      logs: receipt.logs,
      eventName: "BatchPaid",
    });
    expect(event?.args).toEqual({
      payer: payer.account.address,
      token: zeroAddress,
      paymentReference: reference,
      total: parseEther("1"),
      count: 2n,
    });
  });

  it("reverts unless the value is exactly the sum, and on bad lists", async () => {
    const [first, second] = freshAddresses(2) as [Address, Address];
    const attempt = (recipients: Address[], amounts: bigint[], value: bigint) =>
      publicClient.simulateContract({
        account: payer.account.address,
        address: deployment.batchPayout,
        abi: batchPayoutArtifact.abi,
        functionName: "payNative",
        args: [reference, recipients, amounts],
        value,
      });
    await expect(attempt([first, second], [1n, 2n], 4n)).rejects.toThrow(/ValueMismatch/);
    await expect(attempt([first, second], [1n, 2n], 2n)).rejects.toThrow(/ValueMismatch/);
    await expect(attempt([first], [1n, 2n], 3n)).rejects.toThrow(/LengthMismatch/);
    await expect(attempt([], [], 0n)).rejects.toThrow(/EmptyBatch/);
    await expect(attempt([first, zeroAddress], [1n, 2n], 3n)).rejects.toThrow(/ZeroRecipient/);
  });

  it("reverts the whole batch when a recipient refuses the coin", async () => {
    const [first] = freshAddresses(1) as [Address];
    // TestUSDT has no receive function, so a plain value transfer to it fails.
    await expect(
      publicClient.simulateContract({
        account: payer.account.address,
        address: deployment.batchPayout,
        abi: batchPayoutArtifact.abi,
        functionName: "payNative",
        args: [reference, [first, deployment.testUsdt], [1n, 1n]],
        value: 2n,
      }),
    ).rejects.toThrow(/NativeTransferFailed/);
  });

  it("cannot be re-entered by a recipient while it pays", async () => {
    const [beneficiary, other] = freshAddresses(2) as [Address, Address];
    const deployer = walletFor(2);
    const deployHash = await deployer.deployContract({
      abi: testReentrantRecipientArtifact.abi,
      bytecode: testReentrantRecipientArtifact.bytecode,
      args: [deployment.batchPayout, beneficiary],
    });
    const reentrant = (await mined(deployHash)).contractAddress!;
    // Paid directly, it forwards through BatchPayout fine: what fails below is only the re-entry.
    await mined(
      await payer.sendTransaction({
        account: payer.account.address,
        chain: localChain,
        to: reentrant,
        value: 3n,
      }),
    );
    expect(await publicClient.getBalance({ address: beneficiary })).toBe(3n);
    // The recipient's nested payNative call hits the guard, so its receive reverts and so does the batch.
    await expect(
      publicClient.simulateContract({
        account: payer.account.address,
        address: deployment.batchPayout,
        abi: batchPayoutArtifact.abi,
        functionName: "payNative",
        args: [reference, [other, reentrant], [1n, 5n]],
        value: 6n,
      }),
    ).rejects.toThrow(/NativeTransferFailed/);
  });

  it("refuses plain transfers, so it can never hold a balance", async () => {
    await expect(
      publicClient.call({ account: payer.account.address, to: deployment.batchPayout, value: 1n }),
    ).rejects.toThrow();
  });
});
