import { createStore, useStore } from "../lib/create-store";
import type { WalletId } from "./wallets";

export type WalletConnection = {
  status: "disconnected" | "connecting" | "reconnecting" | "connected";
  address: string | undefined;
  chainId: number | undefined;
  walletId: WalletId | undefined;
};

/** What the lazily loaded wallet engine reports; the shell reads it without loading wagmi. */
export const walletConnectionStore = createStore<WalletConnection>({
  status: "disconnected",
  address: undefined,
  chainId: undefined,
  walletId: undefined,
});

export function useWalletConnection<Selected>(select: (state: WalletConnection) => Selected): Selected {
  return useStore(walletConnectionStore, select);
}

export type NetworkState = {
  /** The network the current route asks for (its `network` handle); undefined when cleared. */
  networkId: number | undefined;
  /** The wallet kind preferred by the app; set to metamask when the app starts. */
  wallet: WalletId;
  isSwitching: boolean;
};

export const networkStore = createStore<NetworkState>({
  networkId: 56,
  wallet: "metamask",
  isSwitching: false,
});

export function useNetworkState<Selected>(select: (state: NetworkState) => Selected): Selected {
  return useStore(networkStore, select);
}
