import type { Hash } from "viem";
import { BaseError } from "../lib/base-error";

/**
 * The wallet steps' errors. They live apart from the wallet engine and the transaction helpers (which load
 * wagmi and viem on demand), so a page can check them with `instanceof` without loading either.
 */

/** The user closed the wallet choice: nothing to report. */
export class WalletChoiceCancelledError extends BaseError {
  override name = "WalletChoiceCancelledError";
}

/** The chosen wallet is not installed in this browser; the message names the wallet. */
export class WalletMissingError extends BaseError {
  override name = "WalletMissingError";
}

/** No wallet provider answers in this browser (the engine's connect, add-chain and switch steps). */
export class NoWalletError extends BaseError {
  override name = "NoWalletError";
}

/** The wallet stayed on another network after being asked to switch; the message is the chain's name. */
export class WrongNetworkError extends BaseError {
  override name = "WrongNetworkError";
}

/** The transaction was mined but reverted. */
export class TransactionRevertedError extends BaseError {
  override name = "TransactionRevertedError";
  constructor(readonly hash: Hash) {
    super(`Transaction ${hash} reverted`);
  }
}
