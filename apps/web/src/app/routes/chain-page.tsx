import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { ChainList } from "../../features/chains";
import { type ChainRecord, usePlatformConfig } from "../../shared/api/get-platform-config";
import { messageDialog } from "../../shared/ui/message-dialog-state";
import { loadWalletEngine } from "../../shared/wallet/engine-loader";
import { walletErrorText } from "../../shared/wallet/wallet-error-text";
import { useWalletConnection } from "../../shared/wallet/wallet-state";

export function Component() {
  const { t } = useTranslation(["chain", "common", "validation"]);
  const config = usePlatformConfig();
  const walletChainId = useWalletConnection((state) =>
    state.status === "connected" ? state.chainId : undefined,
  );

  function engine() {
    return loadWalletEngine({ chains: config.data?.chains ?? [], sandbox: config.data?.sandbox ?? false });
  }

  /** A wallet refusal shows nothing; any other failure is the 'add chain error' with the wallet's reason. */
  function fail(error: unknown) {
    const message = walletErrorText(t, error);
    if (message) void messageDialog.error(message, t("validation:validation.network.addChainFailed"));
  }

  async function addToWallet(chain: ChainRecord) {
    try {
      await (await engine()).addChain(chain);
      notifications.show({ color: "jade", message: t("chain:added", { name: chain.name }) });
    } catch (error) {
      fail(error);
    }
  }

  async function switchTo(chain: ChainRecord) {
    try {
      await (await engine()).switchChain(chain);
      notifications.show({ color: "jade", message: t("chain:switched", { name: chain.name }) });
    } catch (error) {
      fail(error);
    }
  }

  return (
    <ChainList
      supported={config.data?.chains}
      walletChainId={walletChainId}
      onAddToWallet={addToWallet}
      onSwitch={switchTo}
    />
  );
}
