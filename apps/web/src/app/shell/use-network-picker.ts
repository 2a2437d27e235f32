import { useTranslation } from "react-i18next";
import { type ChainRecord, usePlatformConfig } from "../../shared/api/get-platform-config";
import { messageDialog } from "../../shared/ui/message-dialog-state";
import { walletErrorMessage } from "../../shared/wallet/eip1193";
import { isWrongNetwork, selectNetwork } from "../../shared/wallet/network-actions";
import { useNetworkState, useWalletConnection } from "../../shared/wallet/wallet-state";

export function useNetworkPicker() {
  const { t } = useTranslation();
  const config = usePlatformConfig();
  const chains = config.data?.chains ?? [];
  const network = useNetworkState((state) => state);
  const connection = useWalletConnection((state) => state);
  const selected = chains.find((chain) => chain.id === network.networkId);
  const wrongNetwork = isWrongNetwork(network.networkId, connection);

  async function choose(record: ChainRecord) {
    try {
      await selectNetwork(record);
    } catch (error) {
      void messageDialog.error(walletErrorMessage(error), t("network.switchFailed"));
    }
  }

  return {
    loading: config.isPending,
    chains,
    selected,
    wrongNetwork,
    isSwitching: network.isSwitching,
    choose,
    /** On a wrong network, one click switches the wallet to the page's chain. */
    switchToSelected: () => (selected ? choose(selected) : undefined),
  };
}
