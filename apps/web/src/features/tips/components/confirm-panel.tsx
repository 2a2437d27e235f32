import { formatDateTime } from "@dropfair/core/date";
import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Alert, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadTipsSnapshot, tipsCampaignKey } from "../api/campaigns";
import { confirmTipsCampaign } from "../api/payouts";
import { tipsQueryKey } from "../api/request";
import { useTipsErrorText } from "../hooks/use-tips-error";
import { formatPrize, formatWhole } from "../model/display";
import { summarizeSnapshot } from "../model/payout-summary";
import { SnapshotButton } from "./snapshot-button";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}

/** The final snapshot file recomputed in the browser: who gets paid and how much. */
function useFinalSummary(campaign: TipsCampaignDetail) {
  return useQuery({
    queryKey: [...tipsCampaignKey(campaign.id), "final-summary", campaign.computedAt] as const,
    queryFn: async ({ signal }) => {
      const { blob } = await downloadTipsSnapshot(campaign.id, signal);
      return summarizeSnapshot(await blob.text(), BigInt(campaign.totalPrize));
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The creator's confirmation of the final leaderboard (status 7): the final snapshot recomputed with the
 * published formula (participants with earnings, the total to pay, what stays for the refund), the snapshot file,
 * and Confirm, after which each participant with earnings can claim (status 5).
 */
export function ConfirmPanel({ campaign }: { campaign: TipsCampaignDetail }) {
  const { t } = useTranslation("tips");
  const queryClient = useQueryClient();
  const errorText = useTipsErrorText();
  const [asking, setAsking] = useState(false);
  const summary = useFinalSummary(campaign);
  const confirm = useMutation({
    mutationFn: () => confirmTipsCampaign(campaign.id),
    onSuccess: () => {
      setAsking(false);
      notifications.show({ color: "green", message: t("confirm.done") });
      void queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaign.id) });
      void queryClient.invalidateQueries({ queryKey: [...tipsQueryKey, "campaigns"] });
    },
  });
  const amount = (value: bigint) =>
    `${formatPrize(value.toString(), campaign.tokenDecimals)} ${campaign.tokenSymbol}`;
  const failure = confirm.isError ? (errorText(confirm.error) ?? t("errors.unexpected")) : undefined;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-confirm-panel">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("confirm.title")}
        </Title>
        <Text size="sm">
          {t("confirm.text", {
            time: campaign.computedAt ? formatDateTime(campaign.computedAt) : "—",
            until: formatDateTime(campaign.claimableUntil),
          })}
        </Text>
        {summary.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t("confirm.computing")}
            </Text>
          </Group>
        ) : summary.isError ? (
          <Alert color="red" variant="light" data-testid="tips-confirm-summary-error">
            {t("confirm.summaryFailed")}
          </Alert>
        ) : (
          <Stack gap="xs" data-testid="tips-confirm-summary">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
              <Figure
                label={t("confirm.ranked")}
                value={formatWhole(summary.data.ranked)}
                testId="tips-confirm-ranked"
              />
              <Figure
                label={t("confirm.paid")}
                value={formatWhole(summary.data.paid)}
                testId="tips-confirm-paid"
              />
              <Figure
                label={t("confirm.total")}
                value={amount(summary.data.total)}
                testId="tips-confirm-total"
              />
              <Figure
                label={t("confirm.rest")}
                value={amount(summary.data.rest)}
                testId="tips-confirm-rest"
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t("confirm.recomputed")}
            </Text>
          </Stack>
        )}
        <Group gap="sm">
          <SnapshotButton campaignId={campaign.id} testId="tips-confirm-snapshot" />
          <Button onClick={() => setAsking(true)} disabled={summary.isPending} data-testid="tips-confirm">
            {t("confirm.button")}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={asking}
        onClose={() => {
          if (!confirm.isPending) setAsking(false);
        }}
        title={t("confirm.dialogTitle")}
      >
        <Stack gap="md" data-testid="tips-confirm-dialog">
          <Text size="sm">
            {summary.data
              ? t("confirm.dialogText", { count: summary.data.paid, total: amount(summary.data.total) })
              : t("confirm.dialogTextPlain")}
          </Text>
          {failure && (
            <Text size="sm" c="red" data-testid="tips-confirm-error">
              {failure}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} disabled={confirm.isPending}>
              {t("cancel")}
            </Button>
            <Button
              onClick={() => confirm.mutate()}
              loading={confirm.isPending}
              data-testid="tips-confirm-submit"
            >
              {t("confirm.submit")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
