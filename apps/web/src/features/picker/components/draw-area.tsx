import { messageKeys } from "@dropfair/core/messages";
import { drawOrdinalKey, pickerStatus } from "@dropfair/core/picker";
import type { Participant, PickerDetail } from "@dropfair/schemas/picker";
import { Alert, Button, Card, Divider, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { messageDialog } from "../../../shared/ui/message-dialog-state";
import { useAdvancePicker } from "../api/advance-picker";
import { useConfirmWinners } from "../api/confirm-winners";
import { useDrawPicker } from "../api/draw-picker";
import { useParticipants } from "../api/get-participants";
import { useWinners } from "../api/get-winners";
import { useRedrawPicker } from "../api/redraw-picker";
import { useReplaceWinner } from "../api/replace-winner";
import { serverErrorText } from "../hooks/use-picker-error";
import { checkConfirmSelection } from "../model/confirm-selection";
import type { PayDialogSlotProps } from "../model/integrations";
import { hasDrawResult, statusName } from "../model/status";
import classes from "./picker.module.css";
import { ReasonDialog } from "./reason-dialog";
import { WinnerRow } from "./winner-row";

const substitutesShown = 5;

type WinnerSelection = {
  isSelected: (xUserId: string) => boolean;
  onChange: (xUserId: string, checked: boolean) => void;
  onReplace: (winner: { xUserId: string; username: string }) => void;
};

/** The winners with rank and score, then the best substitutes; the host's selection and replace controls. */
export function WinnersCard({
  picker,
  viewerKey,
  winners,
  loading,
  selection,
}: {
  picker: PickerDetail;
  viewerKey: string | undefined;
  winners: readonly Participant[] | undefined;
  loading: boolean;
  selection?: WinnerSelection | undefined;
}) {
  const { t } = useTranslation("picker");
  const substitutes = useParticipants(
    picker.id,
    { page: 1, size: substitutesShown, filter: "substitutes", search: "" },
    viewerKey,
  );
  return (
    <Card padding="lg" data-testid="winners">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h4">
            {t("winners.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("winners.count", { count: winners?.length ?? 0, limit: picker.winnerCount })}
          </Text>
        </Group>
        {loading && <Loader size="sm" />}
        {(winners ?? []).map((winner) => (
          <WinnerRow
            key={winner.xUserId}
            participant={winner}
            showInfo
            selectable={selection !== undefined}
            selected={selection?.isSelected(winner.xUserId) ?? false}
            onSelectedChange={(checked) => selection?.onChange(winner.xUserId, checked)}
            actions={
              selection ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="orange"
                  onClick={() => selection.onReplace({ xUserId: winner.xUserId, username: winner.username })}
                  data-testid="replace-winner"
                >
                  {t("winners.replace")}
                </Button>
              ) : undefined
            }
          />
        ))}
        {(substitutes.data?.rows.length ?? 0) > 0 && (
          <>
            <Divider
              my="xs"
              label={t("winners.substitutes", { count: substitutes.data?.total ?? 0 })}
              labelPosition="left"
            />
            {substitutes.data?.rows.map((substitute) => (
              <WinnerRow key={substitute.xUserId} participant={substitute} showInfo />
            ))}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** While a draw waits for its block: the commitment and the target block, for anyone to check later. */
function WaitingForBlock({ draw }: { draw: NonNullable<PickerDetail["currentDraw"]> }) {
  const { t } = useTranslation("picker");
  return (
    <Card padding="lg" className={classes.waiting} data-testid="draw-waiting">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Text fw={700}>{t("draw.waitingForBlock", { block: draw.targetBlock })}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t("draw.waitingExplain")}
        </Text>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t("draw.commitment")}
          </Text>
          <Text size="xs" className={classes.mono} data-testid="draw-commitment">
            {draw.commitment}
          </Text>
        </Stack>
        <Group gap="xl">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t("draw.targetBlock")}
            </Text>
            <Text size="sm" className={classes.mono} data-testid="draw-target-block">
              {draw.targetBlock}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t("draw.entries")}
            </Text>
            <Text size="sm">{draw.entryCount}</Text>
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}

type DrawAreaProps = {
  picker: PickerDetail;
  viewerKey: string | undefined;
  isOperator: boolean;
  report: (error: unknown, context?: { ownerAction?: boolean }) => void;
  payDialog?: React.ComponentType<PayDialogSlotProps> | undefined;
  onChanged: () => void;
};

/**
 * The draw area: the owner's buttons for each SPEC §4 step (first/second/nth draw, redraw, replace, confirm
 * winners, complete collect, pay, finish, cancel), the block a draw waits for, and the winners and substitutes.
 */
export function DrawArea({
  picker,
  viewerKey,
  isOperator,
  report,
  payDialog: PayDialog,
  onChanged,
}: DrawAreaProps) {
  const { t } = useTranslation(["picker", "validation", "common"]);
  const draw = picker.currentDraw;
  const drawn = draw?.status === "drawn";
  const showResults = hasDrawResult(picker.status) && drawn;
  const selecting = picker.status === pickerStatus.selecting && drawn;

  const winners = useWinners(picker.id, viewerKey, showResults);

  const drawMutation = useDrawPicker(picker.id);
  const redraw = useRedrawPicker(picker.id);
  const replace = useReplaceWinner(picker.id);
  const confirm = useConfirmWinners(picker.id);
  const advance = useAdvancePicker(picker.id);

  const [redrawOpened, setRedrawOpened] = useState(false);
  const [replacing, setReplacing] = useState<{ xUserId: string; username: string }>();
  const [payOpened, setPayOpened] = useState(false);
  // Confirm: every current winner is chosen unless the host unticks them; a new draw starts afresh.
  const [untickedByDraw, setUntickedByDraw] = useState<{ draw: number; ids: ReadonlySet<string> }>();
  const unticked: ReadonlySet<string> =
    untickedByDraw && untickedByDraw.draw === draw?.count ? untickedByDraw.ids : new Set();
  const [selectionError, setSelectionError] = useState<string>();
  const winnerIds = useMemo(() => (winners.data ?? []).map((winner) => winner.xUserId), [winners.data]);
  const selected = winnerIds.filter((id) => !unticked.has(id));

  function tick(xUserId: string, checked: boolean) {
    setSelectionError(undefined);
    const next = new Set(unticked);
    if (checked) next.delete(xUserId);
    else next.add(xUserId);
    setUntickedByDraw({ draw: draw?.count ?? 0, ids: next });
  }

  const owner = { ownerAction: true };
  const succeeded = (message: string) => {
    notifications.show({ color: "jade", message });
    onChanged();
  };

  function confirmWinners() {
    const problem = checkConfirmSelection(selected, picker.winnerCount);
    if (problem) {
      setSelectionError(t(problem.key, problem.params));
      return;
    }
    confirm.mutate(selected, {
      onSuccess: () => succeeded(t("picker:draw.confirmed")),
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
    if (!ok) return;
    advance.mutate("cancel", {
      onSuccess: () => succeeded(t("picker:draw.cancelled")),
      onError: (error) => report(error, owner),
    });
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
    <Stack gap="md">
      {draw?.status === "waiting" && <WaitingForBlock draw={draw} />}

      {isOperator && (
        <Card padding="lg" data-testid="owner-actions">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t("picker:draw.ownerTitle")}
            </Title>
            {picker.errorMessage && picker.status === pickerStatus.readyToPick && (
              <Alert color="orange" variant="light">
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
                  <Button onClick={confirmWinners} loading={confirm.isPending} data-testid="confirm-winners">
                    {t("picker:draw.confirm", { count: selected.length })}
                  </Button>
                  <Button variant="default" onClick={() => setRedrawOpened(true)} data-testid="redraw-button">
                    {t("picker:draw.redraw")}
                  </Button>
                </>
              )}
              {picker.status === pickerStatus.collectingInfo && (
                <Button
                  loading={advance.isPending && advance.variables === "complete-collect"}
                  onClick={() =>
                    advance.mutate("complete-collect", {
                      onSuccess: () => succeeded(t("picker:draw.collectCompleted")),
                      onError: (error) => report(error, owner),
                    })
                  }
                  data-testid="complete-collect"
                >
                  {t("picker:draw.completeCollect")}
                </Button>
              )}
              {picker.status === pickerStatus.paying && (
                <>
                  {PayDialog && (
                    <Button onClick={() => setPayOpened(true)} data-testid="pay-button">
                      {t("picker:draw.pay")}
                    </Button>
                  )}
                  <Button
                    variant={PayDialog ? "default" : "filled"}
                    loading={advance.isPending && advance.variables === "finish"}
                    onClick={() =>
                      advance.mutate("finish", {
                        onSuccess: () => succeeded(t("picker:draw.finished")),
                        onError: (error) => report(error, owner),
                      })
                    }
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
      )}

      {showResults && (
        <WinnersCard
          picker={picker}
          viewerKey={viewerKey}
          winners={winners.data}
          loading={winners.isPending}
          selection={
            isOperator && selecting
              ? {
                  isSelected: (xUserId) => !unticked.has(xUserId),
                  onChange: tick,
                  onReplace: setReplacing,
                }
              : undefined
          }
        />
      )}

      {picker.payment && (
        <Alert color="green" variant="light" title={t("picker:draw.paid")}>
          <Text size="sm" className={classes.mono}>
            {picker.payment.txHash}
          </Text>
        </Alert>
      )}

      <ReasonDialog
        opened={redrawOpened}
        title={t("picker:draw.redrawTitle")}
        description={t("picker:draw.redrawExplain")}
        confirmLabel={t("picker:draw.redraw")}
        requiredKey={`validation:${messageKeys.picker.redrawReasonRequired}`}
        busy={redraw.isPending}
        onClose={() => setRedrawOpened(false)}
        onConfirm={(reason) =>
          redraw.mutate(reason, {
            onSuccess: () => {
              setRedrawOpened(false);
              succeeded(t("picker:draw.committed"));
            },
            onError: (error) => report(error, owner),
          })
        }
      />
      <ReasonDialog
        opened={replacing !== undefined}
        title={t("picker:winners.replaceTitle", { username: replacing?.username ?? "" })}
        description={t("picker:winners.replaceExplain")}
        confirmLabel={t("picker:winners.replace")}
        requiredKey="picker:reason.required"
        busy={replace.isPending}
        onClose={() => setReplacing(undefined)}
        onConfirm={(reason) => {
          if (!replacing) return;
          replace.mutate(
            { xUserId: replacing.xUserId, reason },
            {
              onSuccess: () => {
                setReplacing(undefined);
                succeeded(t("picker:winners.replaced", { username: replacing.username }));
              },
              onError: (error) => report(error, owner),
            },
          );
        }}
      />
      {PayDialog && (
        <PayDialog
          opened={payOpened}
          onClose={() => setPayOpened(false)}
          pickerId={picker.id}
          onPaid={() => {
            setPayOpened(false);
            onChanged();
          }}
        />
      )}
    </Stack>
  );
}
