import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";

export type TransactionDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
};

/** The frame of a dialog that walks through wallet transactions: large, and full screen on a phone. */
export function TransactionDialog({ opened, onClose, title, testId, children }: TransactionDialogProps) {
  const narrow = useMediaQuery("(max-width: 30em)");
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={narrow} data-testid={testId}>
      {children}
    </Modal>
  );
}
