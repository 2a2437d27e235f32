import { useStore } from "../lib/create-store";
import { lazyWhenOpened } from "../ui/lazy-when-opened";
import { walletDialogStore } from "./wallet-dialog-state";

/** The wallet choice dialog; its body loads on first use. */
export const WalletDialog = lazyWhenOpened(
  () => import("./wallet-dialog-body"),
  () => useStore(walletDialogStore, (state) => state.opened),
);
