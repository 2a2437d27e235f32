import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { isUserRejection, walletErrorMessage } from "../../../shared/wallet/eip1193";
import { airdropErrorMessage } from "../model/error-messages";
import { revertReason } from "../model/revert-reason";
import { nameTokenIds } from "../model/token-ids";

/**
 * Turns a failed airdrop call or wallet step into the text to show; undefined when there is nothing to say
 * (STYLE §8: a rejection in the wallet, a closed wallet choice, or an error the shell already reported).
 */
export function useAirdropErrorText() {
  const { t } = useTranslation(["airdrop", "validation", "common"]);
  return useCallback(
    (error: unknown): string | undefined => {
      if (isUserRejection(error)) return undefined;
      const api = airdropErrorMessage(error);
      if (api) return "text" in api ? api.text : t(api.key, api.params);
      if (error instanceof Error) {
        switch (error.name) {
          case "ApiError":
          case "NotFoundError":
            return undefined;
          case "WalletChoiceCancelledError":
            return undefined;
          case "WalletMissingError":
          case "NoWalletError":
            return t("common:wallet.noneDetected");
          case "WrongNetworkError":
            return t("airdrop:errors.wrongNetwork", { name: error.message });
          case "NftNotOwnedError":
            return t("airdrop:nft.errors.notOwned", {
              ids: nameTokenIds((error as Error & { tokenIds: readonly bigint[] }).tokenIds),
            });
          case "BalanceInsufficientError":
            return t("validation:validation.airdrop.balanceInsufficient");
          case "ChainUnavailableError":
            return t("validation:validation.network.unsupported");
          case "TransactionRevertedError":
            return t("validation:validation.transaction.failed");
        }
      }
      const reason = revertReason(error);
      if (reason) {
        const known = t(`airdrop:reverts.${reason}`, { defaultValue: "" });
        if (known) return known;
      }
      return walletErrorMessage(error);
    },
    [t],
  );
}

/** Shows a failure in the message dialog (SPEC §2), unless there is nothing to say. */
export function useReportAirdropError() {
  const errorText = useAirdropErrorText();
  const { t } = useTranslation("airdrop");
  return useCallback(
    (error: unknown) => {
      const text = errorText(error);
      if (text) void messageDialog.error(text, t("errors.title"));
      return text;
    },
    [errorText, t],
  );
}
