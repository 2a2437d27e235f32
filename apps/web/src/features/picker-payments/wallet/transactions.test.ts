// @vitest-environment node
// The web's payment transactions on a real local chain, checked by the same receipt verifiers the API runs
// (packages/chain/payments): what the pay and membership dialogs send is what POST /pay and /membership accept.
import { verifyBatchPayout, verifyErc20Transfer } from "@dropfair/chain/payments";
import { deployLocalContracts, type LocalDeployment } from "@dropfair/contracts/deploy";
import { type LocalChain, startLocalChain } from "@dropfair/contracts/local-chain";
import { createPublicClient, createWalletClient, defineChain, http, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { revertReason } from "../../../shared/wallet/revert-reason";
import { approvalNeeded, buildPayoutPlan, pickerPaymentReference } from "../model/payout-plan";
import {
  approveToken,
  payErc20,
  payNative,
  readNativeBalance,
  readToken,
  transferToken,
  waitForSuccess,
} from "./transactions";

let chain: LocalChain;
let deployment: LocalDeployment;

function setup() {
  const localChain = defineChain({
    id: chain.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  const transport = http(chain.rpcUrl, { retryCount: 0 });
  const account = privateKeyToAccount(chain.accounts[1]!.privateKey);
  // The connector client of the wallet engine is a viem client with an account and a chain, like this one.
  const client = createWalletClient({ account, chain: localChain, transport, pollingInterval: 50 });
  const publicClient = createPublicClient({
    chain: localChain,
    transport,
    cacheTime: 0,
    pollingInterval: 50,
  });
  return { client: client as unknown as Parameters<typeof readToken>[0], publicClient, account };
}

const winners = () =>
  Array.from({ length: 3 }, (_, index) => ({
    xUserId: String(index + 1),
    username: `winner${index}`,
    address: privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
  }));

beforeAll(async () => {
  // Node, not happy-dom: the local chain is a child process reached over real HTTP. The web project's shared
  // setup still clears browser storage after each test, so give it the little it touches.
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
  await chain?.stop();
});

describe("paying winners through BatchPayout", () => {
  it("approves when the allowance is short, pays every winner in one call, and the API's check accepts it", async () => {
    const { client, publicClient, account } = setup();
    const plan = buildPayoutPlan(winners(), parseUnits("2.5", 6));
    const before = await readToken(client, deployment.testUsdt, account.address, deployment.batchPayout);
    expect(before.decimals).toBe(6);
    expect(before.symbol).toBe("USDT");
    expect(approvalNeeded(before.allowance, plan.total)).toBe(plan.total);

    const approval = await approveToken(client, deployment.testUsdt, deployment.batchPayout, plan.total);
    await waitForSuccess(client, approval);
    const approved = await readToken(client, deployment.testUsdt, account.address, deployment.batchPayout);
    expect(approvalNeeded(approved.allowance, plan.total)).toBe(0n);

    const reference = pickerPaymentReference("K7Q2MZ");
    const hash = await payErc20(client, deployment.testUsdt, {
      batchPayout: deployment.batchPayout,
      reference,
      recipients: plan.recipients,
      amounts: plan.amounts,
    });
    await waitForSuccess(client, hash);
    const after = await readToken(client, deployment.testUsdt, account.address);
    expect(before.balance - after.balance).toBe(plan.total);

    const verified = await verifyBatchPayout({
      client: publicClient,
      chainId: chain.chainId,
      txHash: hash,
      batchPayout: deployment.batchPayout,
      token: deployment.testUsdt,
      payments: plan.recipients.map((to) => ({ to, amount: parseUnits("2.5", 6) })),
      reference,
    });
    expect(verified.total).toBe(plan.total);
    // Another picker's reference does not match this payment.
    await expect(
      verifyBatchPayout({
        client: publicClient,
        chainId: chain.chainId,
        txHash: hash,
        batchPayout: deployment.batchPayout,
        token: deployment.testUsdt,
        payments: plan.recipients.map((to) => ({ to, amount: parseUnits("2.5", 6) })),
        reference: pickerPaymentReference("OTHER"),
      }),
    ).rejects.toMatchObject({ reason: "wrong-reference" });
  });

  it("pays in the native coin with the total as value", async () => {
    const { client, publicClient, account } = setup();
    const plan = buildPayoutPlan(winners(), parseEther("0.01"));
    const before = await readNativeBalance(client, account.address);
    const reference = pickerPaymentReference("NATIVE1");
    const hash = await payNative(
      client,
      { batchPayout: deployment.batchPayout, reference, recipients: plan.recipients, amounts: plan.amounts },
      plan.total,
    );
    await waitForSuccess(client, hash);
    expect(before - (await readNativeBalance(client, account.address))).toBeGreaterThanOrEqual(plan.total);
    await verifyBatchPayout({
      client: publicClient,
      chainId: chain.chainId,
      txHash: hash,
      batchPayout: deployment.batchPayout,
      token: "native",
      payments: plan.recipients.map((to) => ({ to, amount: parseEther("0.01") })),
      reference,
    });
  });

  it("names the reason when a payout beyond the allowance is refused, and moves nothing", async () => {
    const { client, account } = setup();
    const plan = buildPayoutPlan(winners(), parseUnits("1000000", 6));
    const before = await readToken(client, deployment.testUsdt, account.address);
    const refusal = await payErc20(client, deployment.testUsdt, {
      batchPayout: deployment.batchPayout,
      reference: pickerPaymentReference("NOALLOW"),
      recipients: plan.recipients,
      amounts: plan.amounts,
    }).catch((error: unknown) => error);
    expect(revertReason(refusal)).toBe("ERC20InsufficientAllowance");
    expect((await readToken(client, deployment.testUsdt, account.address)).balance).toBe(before.balance);
  });
});

describe("buying membership", () => {
  it("transfers the plan's price to the treasury, as the API's receipt check expects", async () => {
    const { client, publicClient } = setup();
    const treasury = privateKeyToAccount(generatePrivateKey()).address;
    const price = parseUnits("120", 6);
    const hash = await transferToken(client, deployment.testUsdt, treasury, price);
    await waitForSuccess(client, hash);
    const verified = await verifyErc20Transfer({
      client: publicClient,
      chainId: chain.chainId,
      txHash: hash,
      token: deployment.testUsdt,
      to: treasury,
      minAmount: price,
    });
    expect(verified.amount).toBe(price);
  });
});
