import { messageKeys } from "@dropfair/core/messages";
import { typeCodes } from "@dropfair/schemas/codes";
import { ApiError } from "../../../shared/api/errors";
import { isApiCodeError } from "../../../shared/api/feature-request";
import { BaseError } from "../../../shared/lib/base-error";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { TransactionRevertedError } from "../../../shared/wallet/errors";
import { walletErrorText } from "../../../shared/wallet/wallet-error-text";

/** The connected wallet is not the signed-in one: its mint would not be the signed-in user's. */
export class AccountMismatchError extends BaseError {
  override name = "AccountMismatchError";
}

/** The badge's chain is not one the app (or this server's contracts) knows. */
export class UnsupportedNetworkError extends BaseError {
  override name = "UnsupportedNetworkError";
}

/** The wallet could not be switched to (or given) the badge's chain; `cause` is the wallet's error. */
export class AddChainError extends BaseError {
  override name = "AddChainError";
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const validation = (key: string) => `validation:${key}`;

/** Badge typeCodes whose message is the shared validation catalogue's. */
const messagesByCode: Record<number, string> = {
  [typeCodes.badgeNotEligible]: validation(messageKeys.mint.notEligible),
  [typeCodes.badgeNothingToMint]: validation(messageKeys.mint.nothingToMint),
  [typeCodes.badgeChainUnsupported]: validation(messageKeys.network.unsupported),
  [typeCodes.badgeTransactionPending]: validation(messageKeys.transaction.processing),
  [typeCodes.badgeTransactionFailed]: validation(messageKeys.transaction.failed),
  [typeCodes.badgeAccountMismatch]: validation(messageKeys.transaction.accountMismatch),
};

export type MintErrorMessage = { title?: string; text: string };

/**
 * What to tell the user about a failed mint; undefined when the shell already did (an expired session). A
 * refusal in the wallet is 'The transaction was cancelled.'.
 */
export function mintErrorMessage(t: Translate, error: unknown): MintErrorMessage | undefined {
  if (isUserRejection(error)) return { text: t(validation(messageKeys.transaction.cancelled)) };
  if (error instanceof AccountMismatchError)
    return { text: t(validation(messageKeys.transaction.accountMismatch)) };
  if (error instanceof UnsupportedNetworkError)
    return { text: t(validation(messageKeys.network.unsupported)) };
  if (error instanceof AddChainError)
    return {
      title: t(validation(messageKeys.network.addChainFailed)),
      text: walletErrorText(t, error.cause) ?? t(validation(messageKeys.network.addChainFailed)),
    };
  if (error instanceof TransactionRevertedError)
    return { text: t(validation(messageKeys.transaction.failed)) };
  if (isApiCodeError(error, "badges")) {
    const key = messagesByCode[error.typeCode];
    return { text: key ? t(key) : error.details || error.message };
  }
  if (error instanceof ApiError) {
    if (error.kind === "global" || error.kind === "forbidden") return undefined;
    return { text: error.message };
  }
  const text = walletErrorText(t, error);
  return text ? { text } : undefined;
}
