import { drawOrdinalKey, pickerStatus } from "@dropfair/core/picker";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { useAdvancePicker } from "../api/advance-picker";
import { useDrawPicker } from "../api/draw-picker";
import { serverErrorText } from "../hooks/use-picker-error";
import { statusName } from "../model/status";

export type OwnerActionsProps = {
  picker: PickerDetail;
  /** The host is choosing which drawn winners to confirm. */
  selecting: boolean;
  selectedCount: number;
  onConfirm: () => void;
  confirming: boolean;
  onRedraw: () => void;
  /** Opens the pay dialog; undefined when the page has none. */
  onPay: (() => void) | undefined;
  selectionError: string | undefined;
  /** Shows `message` and refreshes the picker. */
  succeeded: (message: string) => void;
  report: (error: unknown, context?: { ownerAction?: boolean }) => void;
};

/** The owner's buttons for the picker's step: draw, confirm or redraw, complete collect, pay, finish, cancel. */
export function OwnerActions({
  picker,
  selecting,
  selectedCount,
  onConfirm,
  confirming,
  onRedraw,
  onPay,
  selectionError,
  succeeded,
  report,
}: OwnerActionsProps) {
  const { t } = useTranslation(["picker", "validation", "common"]);
  const drawMutation = useDrawPicker(picker.id);
  const advance = useAdvancePicker(picker.id);
  const owner = { ownerAction: true };
  const draw = picker.currentDraw;

  function step(action: "complete-collect" | "finish" | "cancel", doneKey: string) {
    advance.mutate(action, {
      onSuccess: () => succeeded(t(doneKey)),
      onError: (error) => report(error, owner),
    });
  }

  async function cancel() {
    const ok = await messageDialog.confirm({
      title: t("picker:draw.cancelTitle"),
      message: t("picker:draw.cancelConfirm"),
      confirmLabel: t("picker:draw.cancel"),
      cancelLabel: t("common:dialog.cancel"),
    });
    if (ok) step("cancel", "picker:draw.cancelled");
  }

  const cancellable = ![pickerStatus.completed, pickerStatus.cancelled].includes(
    picker.status as typeof pickerStatus.completed,
  );
  const ordinal = drawOrdinalKey(picker.drawCount);
  const drawLabel =
    ordinal === "nth"
      ? t("picker:draw.ordinal.nth", { count: picker.drawCount + 1, ordinal: true })
      : t(`picker:draw.ordinal.${ordinal}`);

  return (
    <Card padding="lg" data-testid="owner-actions">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("picker:draw.ownerTitle")}
        </Title>
        {picker.errorMessage &&
          (picker.status === pickerStatus.readyToPick || draw?.status === "waiting") && (
            <Alert color="orange" variant="light" data-testid="draw-alert">
              {serverErrorText(t, picker.errorMessage)}
            </Alert>
          )}
        <Text size="sm" c="dimmed">
          {t(
            `picker:draw.hint.${draw?.status === "waiting" ? "waiting" : (statusName(2, picker.status) ?? "other")}`,
          )}
        </Text>
        <Group gap="sm">
          {picker.status === pickerStatus.readyToPick && (
            <Button
              size="md"
              loading={drawMutation.isPending}
              onClick={() =>
                drawMutation.mutate(undefined, {
                  onSuccess: () => succeeded(t("picker:draw.committed")),
                  onError: (error) => report(error, owner),
                })
              }
              data-testid="draw-button"
            >
              {drawLabel}
            </Button>
          )}
          {selecting && (
            <>
              <Button onClick={onConfirm} loading={confirming} data-testid="confirm-winners">
                {t("picker:draw.confirm", { count: selectedCount })}
              </Button>
              <Button variant="default" onClick={onRedraw} data-testid="redraw-button">
                {t("picker:draw.redraw")}
              </Button>
            </>
          )}
          {picker.status === pickerStatus.collectingInfo && (
            <Button
              loading={advance.isPending && advance.variables === "complete-collect"}
              onClick={() => step("complete-collect", "picker:draw.collectCompleted")}
              data-testid="complete-collect"
            >
              {t("picker:draw.completeCollect")}
            </Button>
          )}
          {picker.status === pickerStatus.paying && (
            <>
              {onPay && (
                <Button onClick={onPay} data-testid="pay-button">
                  {t("picker:draw.pay")}
                </Button>
              )}
              <Button
                variant={onPay ? "default" : "filled"}
                loading={advance.isPending && advance.variables === "finish"}
                onClick={() => step("finish", "picker:draw.finished")}
                data-testid="finish-button"
              >
                {t("picker:draw.finish")}
              </Button>
            </>
          )}
          <Button
            component={LocaleLink}
            to={paths.picker2Banned.build({ id: picker.id })}
            variant="subtle"
            color="gray"
            data-testid="ban-list-link"
          >
            {t("picker:draw.banList")}
          </Button>
          {cancellable && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => void cancel()}
              loading={advance.isPending && advance.variables === "cancel"}
              data-testid="cancel-picker"
            >
              {t("picker:draw.cancel")}
            </Button>
          )}
        </Group>
        {selectionError && (
          <Text size="sm" c="red" data-testid="selection-error">
            {selectionError}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
