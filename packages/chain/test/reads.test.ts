import { type PublicClient, recoverTypedDataAddress } from "viem";
import { describe, expect, it } from "vitest";
import { airdropVoucherDomain, airdropVoucherTypes } from "../src/abis.ts";
import { ChainReadError, readDistributorCampaign, readReceipt, readTokenMetadata } from "../src/reads.ts";
import { createVoucherSigner } from "../src/signers.ts";

const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const named = (name: string, cause?: unknown) => Object.assign(new Error(name), { name, cause });
/** A client whose every call fails with `error`: only the failure path of the reads is exercised. */
const failing = (error: Error) =>
  ({
    readContract: async () => {
      throw error;
    },
    getTransactionReceipt: async () => {
      throw error;
    },
  }) as unknown as PublicClient;

async function failureOf(read: Promise<unknown>): Promise<string> {
  try {
    await read;
  } catch (error) {
    expect(error).toBeInstanceOf(ChainReadError);
    return (error as ChainReadError).reason;
  }
  return expect.unreachable("the read should have failed");
}

describe("shared chain reads", () => {
  const down = named(
    "ContractFunctionExecutionError",
    named("CallExecutionError", named("HttpRequestError")),
  );
  const reverted = named(
    "ContractFunctionExecutionError",
    named("CallExecutionError", named("RpcRequestError")),
  );

  it("a node that did not answer is 'unreachable', never 'not a token' or 'no campaign'", async () => {
    expect(await failureOf(readTokenMetadata(failing(down), token))).toBe("unreachable");
    expect(await failureOf(readDistributorCampaign(failing(down), token, 1n))).toBe("unreachable");
  });

  it("a revert is an answer: not a token, no such campaign", async () => {
    expect(await readTokenMetadata(failing(reverted), token)).toBeNull();
    expect(await readTokenMetadata(failing(reverted), token, "nft")).toBeNull();
    expect(await readDistributorCampaign(failing(reverted), token, 1n)).toBeNull();
  });

  it("tells a receipt that is not there yet from a node that is down", async () => {
    const hash = `0x${"ab".repeat(32)}` as const;
    expect(await failureOf(readReceipt(failing(named("TransactionReceiptNotFoundError")), hash))).toBe(
      "transactionNotFound",
    );
    expect(await failureOf(readReceipt(failing(named("HttpRequestError")), hash))).toBe("unreachable");
    const revertedTx = { getTransactionReceipt: async () => ({ status: "reverted", logs: [] }) };
    expect(await failureOf(readReceipt(revertedTx as unknown as PublicClient, hash))).toBe(
      "transactionReverted",
    );
  });
});

describe("createVoucherSigner", () => {
  it("signs a voucher that recovers to the platform key's address for that chain and contract only", async () => {
    const key = `0x${"11".repeat(32)}` as const;
    const signer = createVoucherSigner(key, {
      domain: airdropVoucherDomain,
      types: airdropVoucherTypes,
      primaryType: "Voucher",
    });
    const voucher = { campaignId: 1n, recipient: token, amount: 5n, nonce: 7n, deadline: 99n } as const;
    const signature = await signer.sign(voucher, 31337, token);
    const typed = { types: airdropVoucherTypes, primaryType: "Voucher", message: voucher } as const;
    const recover = (chainId: number) =>
      recoverTypedDataAddress({ ...typed, domain: airdropVoucherDomain(chainId, token), signature });
    expect(await recover(31337)).toBe(signer.address);
    expect(await recover(1)).not.toBe(signer.address);
  });
});
