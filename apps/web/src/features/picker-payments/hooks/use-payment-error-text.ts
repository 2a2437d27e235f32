import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/errors";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { walletErrorText } from "../../../shared/wallet/wallet-error-text";

/**
 * Wallet errors are part of the UX, not failures to report. A rejection or a closed wallet choice shows
 * nothing (undefined); a missing wallet, a wrong network and a revert get a translated sentence; the API's
 * refusals keep the server's text.
 */
export function usePaymentErrorText() {
  const { t } = useTranslation(["picker-payments", "validation", "common"]);
  const revertText = (reason: string) => {
    switch (reason) {
      case "ERC20InsufficientAllowance":
        return t("picker-payments:errors.allowance");
      case "ERC20InsufficientBalance":
        return t("validation:validation.airdrop.balanceInsufficient");
    }
    return undefined;
  };
  return (error: unknown): string | undefined => {
    if (isUserRejection(error)) return undefined;
    if (error instanceof ApiError) return error.message;
    return walletErrorText(t, error, {
      wrongNetworkKey: "picker-payments:errors.wrongNetwork",
      revert: revertText,
    });
  };
}
