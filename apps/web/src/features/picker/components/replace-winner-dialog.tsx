import type { PickerDetail } from "@dropfair/schemas/picker";
import { useTranslation } from "react-i18next";
import { useReplaceWinner } from "../api/replace-winner";
import { ReasonDialog } from "./reason-dialog";

export type ReplaceWinnerDialogProps = {
  picker: PickerDetail;
  /** The winner being replaced; the dialog is open while there is one. */
  replacing: { xUserId: string; username: string } | undefined;
  onClose: () => void;
  /** Shows `message` and refreshes the picker. */
  succeeded: (message: string) => void;
  report: (error: unknown, context?: { ownerAction?: boolean }) => void;
};

/** Asks the host why a drawn winner is replaced, then replaces them with the next substitute. */
export function ReplaceWinnerDialog({
  picker,
  replacing,
  onClose,
  succeeded,
  report,
}: ReplaceWinnerDialogProps) {
  const { t } = useTranslation(["picker", "validation", "common"]);
  const replace = useReplaceWinner(picker.id);
  return (
    <ReasonDialog
      opened={replacing !== undefined}
      title={t("picker:winners.replaceTitle", { username: replacing?.username ?? "" })}
      description={t("picker:winners.replaceExplain")}
      confirmLabel={t("picker:winners.replace")}
      requiredKey="picker:reason.required"
      busy={replace.isPending}
      onClose={onClose}
      onConfirm={(reason) => {
        if (!replacing) return;
        replace.mutate(
          { xUserId: replacing.xUserId, reason },
          {
            onSuccess: () => {
              onClose();
              succeeded(t("picker:winners.replaced", { username: replacing.username }));
            },
            onError: (error) => report(error, { ownerAction: true }),
          },
        );
      }}
    />
  );
}
