import type { PickerDetail } from "@dropfair/schemas/picker";
import { Alert, Button, Card, Group, Loader, Stack, Tabs, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { paths } from "../../../config/paths";
import { NotFoundError } from "../../../shared/api/errors";
import { useLocalizePath } from "../../../shared/i18n/use-locale";
import { ProPageBody } from "../../../shared/ui/pro-page-head";
import { usePicker } from "../api/get-picker";
import { useWinners } from "../api/get-winners";
import { pickerKeys } from "../api/picker-keys";
import { usePickerErrorText, useReportPickerError } from "../hooks/use-picker-error";
import type { PickerIntegrations } from "../model/integrations";
import { canBan, isCollectingInfo, isPipelineStatus } from "../model/status";
import { DrawArea, WinnersCard } from "./draw-area";
import { HelpersCard } from "./helpers-card";
import { HistoryTab } from "./history-tab";
import { ParticipantsTab } from "./participants-tab";
import { PickerCounts } from "./picker-counts";
import { PickerDetailHead } from "./picker-detail-head";
import { PickerStatusAlerts } from "./picker-status-alerts";
import { PipelineProgress } from "./pipeline-progress";
import { WinForm } from "./win-form";
import { WinnerSignInPrompt } from "./winner-sign-in-prompt";

/** A version-1 picker's winners, when it has any. */
function ReadOnlyWinners({ picker, viewerKey }: { picker: PickerDetail; viewerKey: string | undefined }) {
  const winners = useWinners(picker.id, viewerKey, true);
  if (!winners.data || winners.data.length === 0) return null;
  return <WinnersCard picker={picker} viewerKey={viewerKey} winners={winners.data} loading={false} />;
}

/** Only owners and helpers load the poster upload control. */
const PosterControl = lazy(() =>
  import("./poster-control").then((module) => ({ default: module.PosterControl })),
);

/** The route's `:id`: a positive integer, anything else is the 404 page. */
export function parsePickerId(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw new NotFoundError(raw ?? "");
  return Number(raw);
}

export type PickerDetailPageProps = PickerIntegrations & {
  /** The route's picker id. */
  id: string | undefined;
  /** picker/{id} shows version 1 read-only; picker2/{id} shows version 2 with the owner's actions. */
  version: 1 | 2;
};

/**
 * A picker: header, live pipeline progress, public counts, the draw area for the owner and admins, the win
 * form for winners and substitutes, and the participants and history tabs.
 */
export function PickerDetailPage({
  id: rawId,
  version,
  xAccount,
  signInWithX,
  membershipDialog: MembershipDialog,
  payDialog,
}: PickerDetailPageProps) {
  const { t } = useTranslation(["picker", "common"]);
  const id = parsePickerId(rawId);
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const errorText = usePickerErrorText();
  const viewerKey = xAccount.signedIn ? xAccount.xUserId : undefined;
  const detail = usePicker(id, viewerKey);
  const [membershipOpened, setMembershipOpened] = useState(false);
  const report = useReportPickerError(() => setMembershipOpened(true));
  const picker = detail.data;

  // A step of the pipeline or the draw changed: participants, winners and history follow.
  const revision = picker
    ? `${picker.status}:${picker.drawCount}:${picker.currentDraw?.status ?? ""}:${picker.entryCount}`
    : "";
  useEffect(() => {
    if (!revision) return;
    void queryClient.invalidateQueries({
      queryKey: pickerKeys.picker(id),
      predicate: (query) => query.queryKey[3] !== "detail",
    });
  }, [revision, id, queryClient]);

  const entry = picker?.viewer.entry ?? undefined;

  if (detail.isPending) {
    return (
      <Group justify="center" py={80}>
        <Loader />
      </Group>
    );
  }
  if (detail.isError) {
    return (
      <Alert color="red" title={t("errors.title")} data-testid="detail-error">
        <Group justify="space-between">
          <Text size="sm">{errorText(detail.error) ?? t("errors.unexpected")}</Text>
          <Button size="xs" variant="default" onClick={() => void detail.refetch()}>
            {t("list.retry")}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!picker) return null;
  if (picker.version === 1 && version === 2) {
    return <Navigate to={localize(paths.pickerDetail.build({ id }))} replace />;
  }
  if (picker.version !== 1 && version === 1) {
    return <Navigate to={localize(paths.picker2Detail.build({ id }))} replace />;
  }

  const readOnly = version === 1;
  const isOperator = !readOnly && (picker.viewer.role === "owner" || picker.viewer.role === "admin");
  const drawn = picker.currentDraw?.status === "drawn";
  const canSubmitInfo =
    !readOnly && entry?.role !== null && entry !== undefined && isCollectingInfo(picker.status);
  const winnerPromptVisible = !readOnly && !xAccount.signedIn && isCollectingInfo(picker.status) && drawn;

  return (
    <>
      <PickerDetailHead picker={picker} readOnly={readOnly} drawn={drawn} />

      <ProPageBody>
        <Stack gap="lg">
          {!readOnly && isPipelineStatus(picker.status) && <PipelineProgress picker={picker} />}
          {isOperator && (
            <Suspense fallback={null}>
              <PosterControl
                id={id}
                hasPoster={picker.posterUrl !== null}
                report={report}
                onMembership={() => setMembershipOpened(true)}
              />
            </Suspense>
          )}
          <PickerStatusAlerts picker={picker} readOnly={readOnly} />

          {canSubmitInfo && entry && <WinForm picker={picker} entry={entry} />}
          {winnerPromptVisible && <WinnerSignInPrompt onSignIn={signInWithX} />}

          {readOnly ? (
            <ReadOnlyWinners picker={picker} viewerKey={viewerKey} />
          ) : (
            <DrawArea
              picker={picker}
              viewerKey={viewerKey}
              isOperator={isOperator}
              report={report}
              payDialog={payDialog}
              onChanged={() => void queryClient.invalidateQueries({ queryKey: pickerKeys.picker(id) })}
            />
          )}

          <PickerCounts picker={picker} />

          <Card padding="lg">
            <Tabs defaultValue="participants" keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="participants" data-testid="tab-participants">
                  {t("tabs.participants")}
                </Tabs.Tab>
                <Tabs.Tab value="history" data-testid="tab-history">
                  {t("tabs.history", { count: picker.drawCount })}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="participants">
                <ParticipantsTab
                  id={id}
                  viewerKey={viewerKey}
                  isOperator={isOperator}
                  canBan={isOperator && canBan(picker)}
                  report={report}
                />
              </Tabs.Panel>
              <Tabs.Panel value="history">
                <HistoryTab id={id} />
              </Tabs.Panel>
            </Tabs>
          </Card>
          {!readOnly && picker.viewer.role === "owner" && <HelpersCard id={id} />}
        </Stack>
      </ProPageBody>
      {MembershipDialog && (
        <MembershipDialog opened={membershipOpened} onClose={() => setMembershipOpened(false)} />
      )}
    </>
  );
}
