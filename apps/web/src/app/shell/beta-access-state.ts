import { createStore, useStore } from "../../shared/lib/create-store";

const betaAccessStore = createStore({ opened: false });

export function openBetaAccess() {
  betaAccessStore.set({ opened: true });
}

export function closeBetaAccess() {
  betaAccessStore.set({ opened: false });
}

export function useBetaAccessOpened() {
  return useStore(betaAccessStore, (state) => state.opened);
}
