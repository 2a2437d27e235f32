// Payment checks for the picker, read from the chain through @dropfair/chain/payments. A payment counts once
// its transaction has the confirmations its chain needs (docs/security.md, T19).
import { confirmationsFor } from "@dropfair/chain/confirmations";
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

/**
 * A failed check becomes a clear 422 naming the reason; a transaction not mined or not confirmed yet is a 409 to
 * send again later; an unreachable RPC is a retryable 503.
 */
async function explained<T>(confirmations: number, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof PaymentVerificationError) {
      if (error.reason === "rpc-unavailable") throw pickerErrors.drawChainUnavailable(error);
      if (error.reason === "pending") throw pickerErrors.paymentUnconfirmed(confirmations);
      throw pickerErrors.paymentInvalid(error.reason);
    }
    throw error;
  }
}

export function createPickerPayments(
  chainClient: (chainId: number) => PublicClient | undefined,
  options: { confirmations?: (chainId: number) => number; timeoutMs?: number } = {},
): PickerPayments {
  const checkOn = (chainId: number) => {
    const minConfirmations = options.confirmations?.(chainId) ?? confirmationsFor(chainId);
    return {
      client: clientFor(chainClient, chainId),
      chainId,
      minConfirmations,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    };
  };
  return {
    async verifyMembership({ chainId, txHash, token, to, minAmount }) {
      const check = checkOn(chainId);
      const payment = await explained(check.minConfirmations, () =>
        verifyErc20Transfer({ ...check, txHash, token, to, minAmount }),
      );
      return {
        payer: payment.payer,
        amount: payment.amount,
        blockTimestamp: new Date(Number(payment.blockTimestamp) * 1000),
      };
    },
    async verifyBatch({ chainId, txHash, batchPayout, token, payments, reference }) {
      const check = checkOn(chainId);
      await explained(check.minConfirmations, () =>
        verifyBatchPayout({ ...check, txHash, batchPayout, token, payments, reference }),
      );
    },
    async verifyTransaction({ chainId, txHash }) {
      const check = checkOn(chainId);
      await explained(check.minConfirmations, () => requireSuccessfulTransaction({ ...check, txHash }));
    },
  };
}
