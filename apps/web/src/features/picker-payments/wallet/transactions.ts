import { batchPayoutAbi } from "@dropfair/chain/abis";
import type { Address, Hash, Hex } from "viem";
import { writeContract } from "viem/actions";
import { tokenErrorsAbi, type WalletClient } from "../../../shared/wallet/transactions";

/**
 * The on-chain steps of paying winners and buying membership: the shared wallet steps (shared/wallet) plus
 * BatchPayout. Loaded only when a payment starts.
 */
export {
  approveToken,
  type ConnectedWallet,
  clientOnChain,
  connectWallet,
  readNativeBalance,
  readToken,
  type TokenState,
  TransactionRevertedError,
  transferToken,
  WalletChoiceCancelledError,
  WalletMissingError,
  WrongNetworkError,
  waitForSuccess,
} from "../../../shared/wallet/transactions";

/**
 * BatchPayout with the token errors it passes on (OpenZeppelin's ERC-6093 errors, which most tokens raise), so
 * a refused payout names its reason ("ERC20InsufficientAllowance") instead of a bare selector.
 */
const batchPayoutWithTokenErrorsAbi = [...batchPayoutAbi, ...tokenErrorsAbi] as const;

export type BatchPayment = {
  batchPayout: Address;
  reference: Hex;
  recipients: readonly Address[];
  amounts: readonly bigint[];
};

/** BatchPayout.payERC20: every winner in one transaction (needs the allowance first). */
export function payErc20(client: WalletClient, token: Address, batch: BatchPayment): Promise<Hash> {
  return writeContract(client, {
    address: batch.batchPayout,
    abi: batchPayoutWithTokenErrorsAbi,
    functionName: "payERC20",
    args: [token, batch.reference, batch.recipients, batch.amounts],
  });
}

/** BatchPayout.payNative: every winner in one transaction, the total sent as value. */
export function payNative(client: WalletClient, batch: BatchPayment, total: bigint): Promise<Hash> {
  return writeContract(client, {
    address: batch.batchPayout,
    abi: batchPayoutAbi,
    functionName: "payNative",
    args: [batch.reference, batch.recipients, batch.amounts],
    value: total,
  });
}
