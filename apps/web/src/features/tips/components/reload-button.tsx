import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Button, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { reloadTipsMetrics } from "../api/actions";
import { tipsCampaignKey } from "../api/campaigns";
import { useReportTipsError } from "../hooks/use-tips-error";
import { hoursMinutesLeft } from "../model/display";
import { claimReloadMarker } from "../model/reload-marker";

/**
 * A participant's reload of their own metrics: once per 3 hours (the server's clock decides; the page shows the
 * time left), and a 10-second marker in the browser so a double click sends one request.
 */
export function ReloadButton({ campaign }: { campaign: TipsCampaignDetail }) {
  const { t } = useTranslation("tips");
  const queryClient = useQueryClient();
  const reportError = useReportTipsError();
  const [note, setNote] = useState<string | null>(null);
  const next = campaign.me.reloadAvailableAt;
  const waiting = next !== null && Date.parse(next) > Date.now();
  const reload = useMutation({
    mutationFn: () => reloadTipsMetrics(campaign.id),
    onSuccess: (result) => {
      notifications.show({ color: "green", message: t("reload.done", { count: result.tweets }) });
      void queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaign.id) });
    },
    onError: reportError,
  });
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        size="xs"
        style={{ alignSelf: "flex-start" }}
        loading={reload.isPending}
        disabled={waiting}
        onClick={() => {
          if (!claimReloadMarker(campaign.id)) {
            setNote(t("reload.pending"));
            return;
          }
          setNote(null);
          reload.mutate();
        }}
        data-testid="tips-reload"
      >
        {t("reload.button")}
      </Button>
      {waiting && next && (
        <Text size="xs" c="dimmed" data-testid="tips-reload-wait">
          {t("reload.cooldown", hoursMinutesLeft(next))}
        </Text>
      )}
      {note && (
        <Text size="xs" c="dimmed" data-testid="tips-reload-pending">
          {note}
        </Text>
      )}
    </Stack>
  );
}
