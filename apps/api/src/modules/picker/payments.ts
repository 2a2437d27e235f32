// Payment checks for the picker, read from the chain through @dropfair/chain/payments.
import {
  PaymentVerificationError,
  requireSuccessfulTransaction,
  verifyBatchPayout,
  verifyErc20Transfer,
} from "@dropfair/chain/payments";
import type { PublicClient } from "viem";
import type { PickerPayments } from "./context.ts";
import { pickerErrors } from "./errors.ts";

function clientFor(chainClient: (chainId: number) => PublicClient | undefined, chainId: number) {
  const client = chainClient(chainId);
  if (!client) throw pickerErrors.paymentInvalid("unsupported-chain");
  return client;
}

/** A failed check becomes a clear 422 naming the reason; an unreachable RPC is a retryable 503. */
async function explained<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof PaymentVerificationError) {
      if (error.reason === "rpc-unavailable") throw pickerErrors.drawChainUnavailable(error);
      throw pickerErrors.paymentInvalid(error.reason);
    }
    throw error;
  }
}

export function createPickerPayments(
  chainClient: (chainId: number) => PublicClient | undefined,
  options: { minConfirmations?: number; timeoutMs?: number } = {},
): PickerPayments {
  return {
    async verifyMembership({ chainId, txHash, token, to, minAmount }) {
      const client = clientFor(chainClient, chainId);
      const payment = await explained(() =>
        verifyErc20Transfer({ client, chainId, txHash, token, to, minAmount, ...options }),
      );
      return {
        payer: payment.payer,
        amount: payment.amount,
        blockTimestamp: new Date(Number(payment.blockTimestamp) * 1000),
      };
    },
    async verifyBatch({ chainId, txHash, batchPayout, token, payments, reference }) {
      const client = clientFor(chainClient, chainId);
      await explained(() =>
        verifyBatchPayout({ client, chainId, txHash, batchPayout, token, payments, reference, ...options }),
      );
    },
    async verifyTransaction({ chainId, txHash }) {
      const client = clientFor(chainClient, chainId);
      await explained(() => requireSuccessfulTransaction({ client, chainId, txHash, ...options }));
    },
  };
}
