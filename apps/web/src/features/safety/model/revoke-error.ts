import { messageKeys } from "@dropfair/core/messages";
import { walletErrorText } from "../../../shared/wallet/wallet-error-text";
import { NotOwnerWalletError } from "../wallet/revoke";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text of a failed revoke, or undefined when there is nothing to say (the wallet refused). A wallet that is not
 * the approval's owner (switched accounts since the scan) fails the account check before anything is sent: the
 * transaction message 'Account address verification failed.', then what to do about it.
 */
export function revokeErrorText(t: Translate, error: unknown): string | undefined {
  if (error instanceof NotOwnerWalletError) {
    return t("safety:approvals.notOwner", {
      failed: t(`validation:${messageKeys.transaction.accountMismatch}`),
    });
  }
  return walletErrorText(t, error);
}
