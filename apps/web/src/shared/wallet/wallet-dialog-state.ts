import { createStore, useStore } from "../lib/create-store";
import type { WalletId } from "./wallets";

type WalletDialogState = {
  opened: boolean;
  includeSandbox: boolean;
  resolve: ((wallet: WalletId | null) => void) | undefined;
};

export const walletDialogStore = createStore<WalletDialogState>({
  opened: false,
  includeSandbox: false,
  resolve: undefined,
});

/** Opens the wallet choice dialog; resolves with the chosen wallet, or null when cancelled. */
export function chooseWalletInDialog(options: { includeSandbox: boolean }): Promise<WalletId | null> {
  walletDialogStore.get().resolve?.(null);
  return new Promise((resolve) => {
    walletDialogStore.set({ opened: true, includeSandbox: options.includeSandbox, resolve });
  });
}

export function settleWalletDialog(wallet: WalletId | null) {
  const { resolve } = walletDialogStore.get();
  walletDialogStore.set({ opened: false, resolve: undefined });
  resolve?.(wallet);
}

export function useWalletDialog() {
  return useStore(walletDialogStore, (state) => state);
}
