import type { ChainRecord } from "../api/get-platform-config";
import { isUserRejection } from "./eip1193";
import { loadedWalletEngine } from "./engine-loader";
import { networkStore, walletConnectionStore } from "./wallet-state";

export type SwitchOutcome = "switched" | "selected" | "rejected";

/** True when a wallet is connected to another chain than the one the page works on. */
export function isWrongNetwork(
  networkId: number | undefined,
  connection: { status: string; chainId: number | undefined },
) {
  return connection.status === "connected" && networkId !== undefined && connection.chainId !== networkId;
}

/**
 * Selects a network and, when a wallet is connected elsewhere, switches it in one step (EIP-3326, adding the
 * chain on 4902). A user rejection is not an error; other failures are thrown for the caller to show.
 */
export async function selectNetwork(record: ChainRecord): Promise<SwitchOutcome> {
  networkStore.set({ networkId: record.id });
  const connection = walletConnectionStore.get();
  const engine = loadedWalletEngine();
  if (!engine || connection.status !== "connected" || connection.chainId === record.id) return "selected";
  networkStore.set({ isSwitching: true });
  try {
    await (await engine).switchChain(record);
    return "switched";
  } catch (error) {
    if (isUserRejection(error)) return "rejected";
    throw error;
  } finally {
    networkStore.set({ isSwitching: false });
  }
}
