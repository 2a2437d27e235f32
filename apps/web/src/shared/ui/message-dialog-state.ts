import { createStore, useStore } from "../lib/create-store";

export type MessageDialogKind = "error" | "loading" | "confirm" | "info";

type MessageDialogState = {
  opened: boolean;
  kind: MessageDialogKind;
  title: string | undefined;
  message: string;
  confirmLabel: string | undefined;
  cancelLabel: string | undefined;
  resolve: ((confirmed: boolean) => void) | undefined;
};

const closed: MessageDialogState = {
  opened: false,
  kind: "info",
  title: undefined,
  message: "",
  confirmLabel: undefined,
  cancelLabel: undefined,
  resolve: undefined,
};

export const messageDialogStore = createStore<MessageDialogState>(closed);

function open(state: Omit<MessageDialogState, "opened" | "resolve">): Promise<boolean> {
  messageDialogStore.get().resolve?.(false);
  return new Promise((resolve) => messageDialogStore.set({ ...state, opened: true, resolve }));
}

/** Closes the dialog; `confirmed` answers a confirm dialog. */
export function settleMessageDialog(confirmed: boolean) {
  const { resolve } = messageDialogStore.get();
  messageDialogStore.set({ opened: false, resolve: undefined });
  resolve?.(confirmed);
}

/** The app-wide message dialog: error, loading and confirm/cancel. */
export const messageDialog = {
  error(message: string, title?: string): Promise<void> {
    return open({ kind: "error", message, title, confirmLabel: undefined, cancelLabel: undefined }).then(
      () => {},
    );
  },
  info(message: string, title?: string): Promise<void> {
    return open({ kind: "info", message, title, confirmLabel: undefined, cancelLabel: undefined }).then(
      () => {},
    );
  },
  /** Shows a blocking loading dialog; call the returned function to close it. */
  loading(message: string): () => void {
    void open({
      kind: "loading",
      message,
      title: undefined,
      confirmLabel: undefined,
      cancelLabel: undefined,
    });
    const { resolve } = messageDialogStore.get();
    return () => {
      if (messageDialogStore.get().resolve === resolve) settleMessageDialog(false);
    };
  },
  confirm(options: {
    message: string;
    title?: string;
    confirmLabel?: string;
    cancelLabel?: string;
  }): Promise<boolean> {
    return open({
      kind: "confirm",
      message: options.message,
      title: options.title,
      confirmLabel: options.confirmLabel,
      cancelLabel: options.cancelLabel,
    });
  },
};

export function useMessageDialog() {
  return useStore(messageDialogStore, (state) => state);
}
