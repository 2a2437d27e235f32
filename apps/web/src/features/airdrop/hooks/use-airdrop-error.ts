import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/errors";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { isUserRejection } from "../../../shared/wallet/eip1193";
import { walletErrorText } from "../../../shared/wallet/wallet-error-text";
import { airdropErrorMessage } from "../model/error-messages";
import { BalanceInsufficientError, ChainUnavailableError, NftNotOwnedError } from "../model/errors";
import { nameTokenIds } from "../model/token-ids";

/**
 * Turns a failed airdrop call or wallet step into the text to show; undefined when there is nothing to say
 * (a rejection in the wallet or a closed wallet choice, which are the user's choices, or an error the shell
 * already reported).
 */
export function useAirdropErrorText() {
  const { t } = useTranslation(["airdrop", "validation", "common"]);
  return useCallback(
    (error: unknown): string | undefined => {
      if (isUserRejection(error)) return undefined;
      const api = airdropErrorMessage(error);
      if (api) return "text" in api ? api.text : t(api.key, api.params);
      // Any other API failure was already reported by the shell (an expired session, the beta dialog).
      if (error instanceof ApiError) return undefined;
      if (error instanceof NftNotOwnedError)
        return t("airdrop:nft.errors.notOwned", { ids: nameTokenIds(error.tokenIds) });
      if (error instanceof BalanceInsufficientError)
        return t("validation:validation.airdrop.balanceInsufficient");
      if (error instanceof ChainUnavailableError) return t("validation:validation.network.unsupported");
      return walletErrorText(t, error, {
        wrongNetworkKey: "airdrop:errors.wrongNetwork",
        revert: (reason) => t(`airdrop:reverts.${reason}`, { defaultValue: "" }) || undefined,
      });
    },
    [t],
  );
}

/** Shows a failure in the app's message dialog, unless there is nothing to say. */
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
