import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/errors";
import { isUserRejection, walletErrorMessage } from "../../../shared/wallet/eip1193";
import { revertReason } from "../model/revert-reason";

/**
 * STYLE §8: wallet errors are UX. A rejection or a closed wallet choice shows nothing (undefined); a missing
 * wallet, a wrong network and a revert get a translated sentence; the API's refusals keep the server's text.
 */
export function usePaymentErrorText() {
  const { t } = useTranslation(["picker-payments", "validation", "common"]);
  return (error: unknown): string | undefined => {
    if (isUserRejection(error)) return undefined;
    if (error instanceof ApiError) return error.message;
    if (error instanceof Error) {
      switch (error.name) {
        case "WalletChoiceCancelledError":
          return undefined;
        case "WalletMissingError":
        case "NoWalletError":
          return t("common:wallet.noneDetected");
        case "WrongNetworkError":
          return t("picker-payments:errors.wrongNetwork", { name: error.message });
        case "TransactionRevertedError":
          return t("validation:validation.transaction.failed");
      }
    }
    switch (revertReason(error)) {
      case "ERC20InsufficientAllowance":
        return t("picker-payments:errors.allowance");
      case "ERC20InsufficientBalance":
        return t("validation:validation.airdrop.balanceInsufficient");
    }
    return walletErrorMessage(error);
  };
}
