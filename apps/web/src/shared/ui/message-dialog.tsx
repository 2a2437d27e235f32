import { useStore } from "../lib/create-store";
import { lazyWhenOpened } from "./lazy-when-opened";
import { messageDialogStore } from "./message-dialog-state";

/** The app-wide message dialog (errors, loading, confirm/cancel); its body loads on first use. */
export const MessageDialog = lazyWhenOpened(
  () => import("./message-dialog-body"),
  () => useStore(messageDialogStore, (state) => state.opened),
);
