import { messageKeys } from "@dropfair/core/messages";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/errors";
import { isApiCodeError } from "../../../shared/api/feature-request";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { walletErrorText } from "../../../shared/wallet/wallet-error-text";
import { AccountMismatchError, TokenBalanceShortError, UnsupportedChainError } from "../model/errors";
import { tokenAmount } from "../model/wheel-display";

/**
 * The text of a failed wheel call or wallet step; undefined when there is nothing to say (an error the shell
 * already reported). A refusal in the wallet is 'The transaction was cancelled.', a wallet that is not the
 * signed-in one 'Account address verification failed.' and what to do about it. The API's wheel refusals arrive
 * worded in the request's language ("No ticket left to spin with.").
 */
export function useWheelErrorText() {
  const { t } = useTranslation(["wheel", "validation", "common"]);
  return useCallback(
    (error: unknown): string | undefined => {
      if (isUserRejection(error)) return t(`validation:${messageKeys.transaction.cancelled}`);
      if (isApiCodeError(error, "wheel")) return error.details || t("wheel:errors.unexpected");
      if (error instanceof ApiError) {
        if (error.kind === "global" || error.kind === "forbidden") return undefined;
        return error.message;
      }
      if (error instanceof AccountMismatchError)
        return t("wheel:errors.accountMismatch", {
          failed: t(`validation:${messageKeys.transaction.accountMismatch}`),
          address: error.address,
        });
      if (error instanceof UnsupportedChainError) return t("validation:validation.network.unsupported");
      if (error instanceof TokenBalanceShortError)
        return t("wheel:errors.balanceShort", {
          symbol: error.token.symbol,
          needed: tokenAmount(error.needed, error.token.decimals),
          held: tokenAmount(error.held, error.token.decimals),
        });
      return walletErrorText(t, error, {
        wrongNetworkKey: "wheel:errors.wrongNetwork",
        revert: (reason) => t(`wheel:reverts.${reason}`, { defaultValue: "" }) || undefined,
      });
    },
    [t],
  );
}

/** Shows a failure in the app's message dialog, unless there is nothing to say. */
export function useReportWheelError() {
  const errorText = useWheelErrorText();
  const { t } = useTranslation("wheel");
  return useCallback(
    (error: unknown) => {
      const text = errorText(error);
      if (text) void messageDialog.error(text, t("errors.title"));
      return text;
    },
    [errorText, t],
  );
}
