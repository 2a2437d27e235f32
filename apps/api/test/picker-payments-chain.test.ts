// The picker's payments through HTTP with the real payment verifier against a local Hardhat chain (no stub):
// membership bought with the test USDT (T19), a payment that counts only once confirmed, one membership per
// transaction even when two requests race with it, and concurrent retries of a membership purchase and of a
// winners' payment with one Idempotency-Key (T15). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { useLocalChain } from "@dropfair/contracts/testing";
import { pickerStatus } from "@dropfair/core/picker";
import { eq, pickerMemberships, pickers } from "@dropfair/db";
import type { PickerDetail } from "@dropfair/schemas/picker";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hash,
  type Hex,
  keccak256,
  type PrivateKeyAccount,
} from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import {
  alice,
  call,
  carol,
  context,
  createPicker,
  host,
  settleDraw,
  usePickerApi,
  winners,
} from "./picker-api-helper.ts";

const local = useLocalChain();
usePickerApi({ localChain: local });

/** A month of membership: 10 USDT with the test USDT's 6 decimals. */
const monthPrice = 10_000_000n;
let payer: PrivateKeyAccount;
let treasury: Address;

beforeAll(() => {
  payer = local.account(3);
  treasury = local.accounts.at(-1)!.address;
});

async function transfer(
  token: Address,
  to: Address,
  amount: bigint,
  from: PrivateKeyAccount = payer,
): Promise<Hash> {
  const hash = await local.walletOf(from).writeContract({
    address: token,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to, amount],
  });
  await local.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

/**
 * A USDT transfer of more than the payer holds, mined and reverted: signed here so its hash is known although
 * Hardhat reports the revert as an error of the send itself; the gas is set, so no estimate refuses it first.
 */
async function revertedTransfer(): Promise<Hash> {
  const wallet = local.walletOf(payer);
  const request = await wallet.prepareTransactionRequest({
    to: local.deployment.testUsdt,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [treasury, 10n ** 30n] }),
    gas: 100_000n,
  });
  const serialized = await wallet.signTransaction(request);
  await local.publicClient.sendRawTransaction({ serializedTransaction: serialized }).then(
    () => expect.unreachable("the transfer must revert"),
    () => undefined,
  );
  return keccak256(serialized);
}

/** One more block: the local chain's transactions count from their second confirmation. */
async function confirm() {
  await local.publicClient.request({ method: "evm_mine" as never, params: [] as never });
}

function buy(txHash: string, token: string, options: { language?: string; key?: string } = {}) {
  return call<{ member: boolean; plan: string | null }>("POST", "/membership", {
    token,
    body: { chainId: local.chainId, txHash, plan: "month" },
    ...(options.language ? { language: options.language } : {}),
    ...(options.key ? { headers: { "idempotency-key": options.key } } : {}),
  });
}

async function membershipsOf(txHash: string) {
  return context.database.db.select().from(pickerMemberships).where(eq(pickerMemberships.txHash, txHash));
}

const reasons: Record<string, string> = {
  "wrong-token": "it paid with another token",
  "wrong-recipient": "it paid another address",
  "insufficient-amount": "it paid less than the price",
  reverted: "the transaction failed on chain",
  "not-found": "no such transaction on this chain",
};
const invalid = (reason: string) => ({
  content: null,
  typeCode: 191,
  message: `The payment could not be verified: ${reasons[reason]}.`,
});
const inFlight = {
  content: null,
  typeCode: 440,
  message: "A request with this Idempotency-Key is still being processed or had another body.",
};

describe("membership paid on the local chain, checked by the real verifier (T19)", () => {
  it("refuses the wrong token, the wrong recipient, too little, a reverted transfer and a made-up hash", async () => {
    const { testToken, testUsdt } = local.deployment;
    const cases: [string, Hash | Hex][] = [
      ["wrong-token", await transfer(testToken, treasury, monthPrice)],
      ["wrong-recipient", await transfer(testUsdt, local.accounts[5]!.address, monthPrice)],
      ["insufficient-amount", await transfer(testUsdt, treasury, monthPrice - 1n)],
      ["reverted", await revertedTransfer()],
      ["not-found", `0x${"ab".repeat(32)}`],
    ];
    await confirm();
    const reverted = await local.publicClient.getTransactionReceipt({ hash: cases[3]![1] });
    expect(reverted.status).toBe("reverted");
    for (const [reason, hash] of cases) {
      const answer = await buy(hash, host);
      expect({ reason, status: answer.status, body: answer.body }).toEqual({
        reason,
        status: 422,
        body: invalid(reason),
      });
    }
    const cn = await buy(cases[0]![1], host, { language: "zh-CN" });
    expect(cn.body).toEqual({ content: null, typeCode: 191, message: "无法验证该付款：支付的是其他代币。" });
    const rows = await context.database.db.select().from(pickerMemberships);
    expect(rows).toEqual([]);
    expect((await call<{ member: boolean }>("GET", "/membership", { token: host })).body.content.member).toBe(
      false,
    );
  });

  it("counts a payment once it has the chain's confirmations: a 409 before, the membership after", async () => {
    const hash = await transfer(local.deployment.testUsdt, treasury, monthPrice);
    const early = await buy(hash, carol);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      content: null,
      typeCode: 193,
      message:
        "The transaction is not confirmed yet: it needs 2 confirmations. Please try again in a moment.",
    });
    const earlyCn = await buy(hash, carol, { language: "zh-CN" });
    expect(earlyCn.body.message).toBe("该交易尚未确认：需要 2 个区块确认。请稍后再试。");
    expect(await membershipsOf(hash)).toEqual([]);

    await confirm();
    const bought = await buy(hash, carol);
    expect(bought.status).toBe(200);
    expect(bought.body.content).toMatchObject({ member: true, plan: "month" });
    const [row] = await membershipsOf(hash);
    expect(row).toMatchObject({ payer: payer.address, amount: monthPrice.toString(), plan: "month" });
  });

  it("makes one membership when two accounts send the same transaction at once", async () => {
    const hash = await transfer(local.deployment.testUsdt, treasury, monthPrice);
    await confirm();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => buy(hash, index % 2 === 0 ? host : alice)),
    );
    const granted = answers.filter((answer) => answer.status === 200);
    expect(granted).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused).toEqual({
        status: 409,
        body: { content: null, typeCode: 191, message: "This transaction has already been used." },
      });
    }
    const rows = await membershipsOf(hash);
    expect(rows).toHaveLength(1);
  });
});

describe("concurrent retries with one Idempotency-Key (T15)", () => {
  it("buys one membership, and every answer is the first one's or a 409 while it runs", async () => {
    const hash = await transfer(local.deployment.testUsdt, treasury, monthPrice);
    await confirm();
    const key = "membership-once";
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(hash, alice, { key })));
    const done = answers.filter((answer) => answer.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const answer of done) expect(answer).toEqual(done[0]);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer).toEqual({ status: 409, body: inFlight });
    }
    expect(await membershipsOf(hash)).toHaveLength(1);

    const retry = await context.app.inject({
      method: "POST",
      url: "/api/bounty/picker/membership",
      headers: { "x-twitter-token": alice, "idempotency-key": key },
      payload: { chainId: local.chainId, txHash: hash, plan: "month" },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(done[0]!.body);
    expect(await membershipsOf(hash)).toHaveLength(1);
  });

  it("records one winners' payment, and every answer is the first one's or a 409 while it runs", async () => {
    const picker = await createPicker();
    expect((await call("POST", `/${picker.id}/draw`, { token: host })).status).toBe(200);
    await settleDraw();
    const chosen = (await winners(picker.id)).map((winner) => winner.xUserId);
    expect(
      (await call("POST", `/${picker.id}/confirm`, { token: host, body: { xUserIds: chosen } })).status,
    ).toBe(200);
    expect((await call("POST", `/${picker.id}/complete-collect`, { token: host })).status).toBe(200);

    const hash = await transfer(local.deployment.testUsdt, local.accounts[6]!.address, 1n);
    await confirm();
    const body = { mode: "external", chainId: local.chainId, txHash: hash };
    const key = `pay-${picker.id}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", `/${picker.id}/pay`, { token: host, body, headers: { "idempotency-key": key } }),
      ),
    );
    const done = answers.filter((answer) => answer.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const answer of done) {
      expect(answer).toEqual({
        status: 200,
        body: { content: { chainId: local.chainId, txHash: hash }, typeCode: 1, message: "success" },
      });
    }
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer).toEqual({ status: 409, body: inFlight });
    }
    const [row] = await context.database.db.select().from(pickers).where(eq(pickers.id, picker.id));
    expect(row).toMatchObject({
      status: pickerStatus.completed,
      paymentChainId: local.chainId,
      paymentTxHash: hash,
    });
    const retried = await call("POST", `/${picker.id}/pay`, {
      token: host,
      body,
      headers: { "idempotency-key": key },
    });
    expect(retried).toEqual(done[0]);
    const detail = await call<PickerDetail>("GET", `/${picker.id}`);
    expect(detail.body.content.payment?.txHash).toBe(hash);
  });
});
