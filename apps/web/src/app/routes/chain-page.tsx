import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { ChainList } from "../../features/chains";
import { type ChainRecord, usePlatformConfig } from "../../shared/api/get-platform-config";
import { messageDialog } from "../../shared/ui/message-dialog-state";
import { isUserRejection, walletErrorMessage } from "../../shared/wallet/eip1193";
import { loadWalletEngine } from "../../shared/wallet/engine-loader";
import { useNetworkState, useWalletConnection } from "../../shared/wallet/wallet-state";

export function Component() {
  const { t } = useTranslation(["chain", "common"]);
  const config = usePlatformConfig();
  const networkId = useNetworkState((state) => state.networkId);
  const walletChainId = useWalletConnection((state) => state.chainId);

  async function addToWallet(chain: ChainRecord) {
    if (!config.data) return;
    try {
      const engine = await loadWalletEngine({ chains: config.data.chains, sandbox: config.data.sandbox });
      await engine.addChain(chain);
      notifications.show({ color: "jade", message: t("chain:added", { name: chain.name }) });
    } catch (error) {
      if (isUserRejection(error)) return;
      const message =
        error instanceof Error && error.name === "NoWalletError"
          ? t("common:wallet.noneDetected")
          : walletErrorMessage(error);
      void messageDialog.error(message, t("common:network.addChainError"));
    }
  }

  return (
    <ChainList
      chains={config.data?.chains}
      selectedId={networkId ?? walletChainId}
      onAddToWallet={addToWallet}
    />
  );
}
