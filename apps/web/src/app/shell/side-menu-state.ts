import { createStore, useStore } from "../../shared/lib/create-store";

const sideMenuStore = createStore({ opened: false });

export const sideMenu = {
  open: () => sideMenuStore.set({ opened: true }),
  close: () => sideMenuStore.set({ opened: false }),
  toggle: () => sideMenuStore.set((state) => ({ opened: !state.opened })),
};

export function useSideMenuOpened() {
  return useStore(sideMenuStore, (state) => state.opened);
}
