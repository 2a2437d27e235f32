import type { ChainRecord } from "../../../shared/api/get-platform-config";

/** The chain a safe-check page starts on: the wallet's if offered, else the sandbox chain when present, else the first. */
export function initialChainId(
  chains: readonly ChainRecord[],
  walletChainId: number | undefined,
): number | undefined {
  if (walletChainId !== undefined && chains.some((chain) => chain.id === walletChainId)) return walletChainId;
  const sandbox = chains.find((chain) => chain.id === 31337);
  return (sandbox ?? chains[0])?.id;
}
