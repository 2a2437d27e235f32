import { isUserRejection, walletErrorMessage } from "./eip1193";
import {
  NoWalletError,
  TransactionRevertedError,
  WalletChoiceCancelledError,
  WalletMissingError,
  WrongNetworkError,
} from "./errors";
import { revertReason } from "./revert-reason";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type WalletErrorTextOptions = {
  /** The catalogue key for a wallet left on another network; it gets the chain's `name`. */
  wrongNetworkKey?: string;
  /** The feature's text for a contract's custom error ("ERC20InsufficientAllowance"), if it has one. */
  revert?: (reason: string) => string | undefined;
};

/**
 * The text of a failed wallet step, or undefined when there is nothing to say: a rejection in the wallet or a
 * closed wallet choice. A missing wallet, a wrong network and a reverted transaction get a translated sentence
 * (`t` must have the common and validation namespaces), a known revert the feature's text, anything else the
 * wallet's own message.
 */
export function walletErrorText(
  t: Translate,
  error: unknown,
  options: WalletErrorTextOptions = {},
): string | undefined {
  if (isUserRejection(error) || error instanceof WalletChoiceCancelledError) return undefined;
  if (error instanceof WalletMissingError || error instanceof NoWalletError)
    return t("common:wallet.noneDetected");
  if (error instanceof WrongNetworkError && options.wrongNetworkKey)
    return t(options.wrongNetworkKey, { name: error.message });
  if (error instanceof TransactionRevertedError) return t("validation:validation.transaction.failed");
  const reason = revertReason(error);
  const known = reason ? options.revert?.(reason) : undefined;
  return known || walletErrorMessage(error);
}
