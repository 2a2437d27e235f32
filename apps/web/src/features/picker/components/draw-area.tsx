import { messageKeys } from "@dropfair/core/messages";
import { pickerStatus } from "@dropfair/core/picker";
import type { Participant, PickerDetail } from "@dropfair/schemas/picker";
import { Alert, Button, Card, Divider, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirmWinners } from "../api/confirm-winners";
import { useParticipants } from "../api/get-participants";
import { useWinners } from "../api/get-winners";
import { useRedrawPicker } from "../api/redraw-picker";
import { checkConfirmSelection } from "../model/confirm-selection";
import type { PayDialogSlotProps } from "../model/integrations";
import { hasDrawResult } from "../model/status";
import { OwnerActions } from "./owner-actions";
import classes from "./picker.module.css";
import { ReasonDialog } from "./reason-dialog";
import { ReplaceWinnerDialog } from "./replace-winner-dialog";
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
 * The draw area: the owner's buttons for each step of a picker's life (first/second/nth draw, redraw,
 * replace, confirm winners, complete collect, pay, finish, cancel), the block a draw waits for, and the
 * winners and substitutes.
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

  const redraw = useRedrawPicker(picker.id);
  const confirm = useConfirmWinners(picker.id);

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

  return (
    <Stack gap="md">
      {draw?.status === "waiting" && <WaitingForBlock draw={draw} />}

      {isOperator && (
        <OwnerActions
          picker={picker}
          selecting={selecting}
          selectedCount={selected.length}
          onConfirm={confirmWinners}
          confirming={confirm.isPending}
          onRedraw={() => setRedrawOpened(true)}
          onPay={PayDialog ? () => setPayOpened(true) : undefined}
          selectionError={selectionError}
          succeeded={succeeded}
          report={report}
        />
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
      <ReplaceWinnerDialog
        picker={picker}
        replacing={replacing}
        onClose={() => setReplacing(undefined)}
        succeeded={succeeded}
        report={report}
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
