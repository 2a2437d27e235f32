import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/errors";
import { isApiCodeError } from "../../../shared/api/feature-request";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { walletErrorText } from "../../../shared/wallet/wallet-error-text";

/**
 * The text of a failed tips call or wallet step; undefined when there is nothing to say (a rejection in the
 * wallet, or an error the shell already reported). The API's tips refusals arrive worded in the request's
 * language ("Tips reload is allowed once per 3 hours.").
 */
export function useTipsErrorText() {
  const { t } = useTranslation(["tips", "validation", "common"]);
  return useCallback(
    (error: unknown): string | undefined => {
      if (isUserRejection(error)) return undefined;
      if (isApiCodeError(error, "tips")) return error.details || t("tips:errors.unexpected");
      if (error instanceof ApiError) {
        if (error.kind === "global" || error.kind === "forbidden") return undefined;
        return error.message;
      }
      // The funding's own errors, told by name: their classes load with the wallet steps, not with the page.
      if (error instanceof Error && error.name === "AccountMismatchError")
        return t("tips:errors.accountMismatch", { address: error.message });
      if (error instanceof Error && error.name === "BalanceTooLowError")
        return t("tips:errors.balanceTooLow");
      return walletErrorText(t, error, { wrongNetworkKey: "tips:errors.wrongNetwork" });
    },
    [t],
  );
}

/** Shows a failure in the app's message dialog, unless there is nothing to say. */
export function useReportTipsError() {
  const errorText = useTipsErrorText();
  const { t } = useTranslation("tips");
  return useCallback(
    (error: unknown) => {
      const text = errorText(error);
      if (text) void messageDialog.error(text, t("errors.title"));
      return text;
    },
    [errorText, t],
  );
}
