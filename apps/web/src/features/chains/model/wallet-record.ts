import type { ChainRecord } from "../../../shared/api/get-platform-config";
import type { ListedChain } from "./chain-search";

/**
 * The EIP-3085 record the wallet is given for a listed chain (`wallet_addEthereumChain` wants at least one RPC
 * endpoint), or undefined when the chain has none a wallet could use.
 */
export function walletRecord(chain: ListedChain): ChainRecord | undefined {
  if (chain.rpc.length === 0) return undefined;
  const chainId = `0x${chain.id.toString(16)}`;
  return {
    id: chain.id,
    name: chain.name,
    icon: "",
    walletChainId: chainId,
    testnet: chain.testnet,
    info: {
      chainId,
      chainName: chain.name,
      rpcUrls: chain.rpc.slice(0, 4),
      nativeCurrency: chain.currency,
      blockExplorerUrls: chain.explorers.slice(0, 1),
    },
  };
}
