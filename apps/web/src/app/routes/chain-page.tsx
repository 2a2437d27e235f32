import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { ChainList } from "../../features/chains";
import { type ChainRecord, usePlatformConfig } from "../../shared/api/get-platform-config";
import { messageDialog } from "../../shared/ui/message-dialog-state";
import { loadWalletEngine } from "../../shared/wallet/engine-loader";
import { walletErrorText } from "../../shared/wallet/wallet-error-text";
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
      const message = walletErrorText(t, error);
      if (message) void messageDialog.error(message, t("common:network.addChainError"));
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
