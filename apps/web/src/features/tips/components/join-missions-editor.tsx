import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import { Alert, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { campaignMissionsQueryOptions, MissionEditor, useCampaignMissions } from "../../missions";
import { tipsCampaignKey } from "../api/campaigns";
import { addTipsMission, removeTipsMission } from "../api/payouts";
import { useTipsErrorText } from "../hooks/use-tips-error";
import { type TipsViewer, viewerKey } from "../model/integrations";

/**
 * The creator's join missions (the missions feature's editor with the tips routes): participants finish them
 * before joining. They reward nothing themselves; the first one added creates the campaign's mission list.
 */
export function JoinMissionsEditor({
  campaign,
  viewer,
}: {
  campaign: TipsCampaignDetail;
  viewer: TipsViewer;
}) {
  const { t } = useTranslation("tips");
  const queryClient = useQueryClient();
  const errorText = useTipsErrorText();
  const settings = usePointsSettings();
  const missions = useCampaignMissions(campaign.missionCampaignId, viewerKey(viewer));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaign.id) });
    if (campaign.missionCampaignId !== null)
      await queryClient.invalidateQueries({
        queryKey: campaignMissionsQueryOptions(campaign.missionCampaignId, viewerKey(viewer)).queryKey,
      });
  };

  const loading = campaign.missionCampaignId !== null && missions.isPending;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-missions-editor-card">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("manage.missions")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("manage.missionsHint")}
        </Text>
        {missions.isError ? (
          <Alert color="gray" variant="light">
            {errorText(missions.error) ?? t("errors.unexpected")}
          </Alert>
        ) : loading || !settings ? (
          <Loader size="sm" />
        ) : (
          <MissionEditor
            missions={missions.data?.missions ?? []}
            reward="none"
            pointName={settings.pointName}
            onAdd={async (body) => {
              await addTipsMission(campaign.id, body);
              await refresh();
            }}
            onRemove={async (mission) => {
              await removeTipsMission(campaign.id, mission.id);
              await refresh();
            }}
            errorText={errorText}
            testId="tips-missions-editor"
          />
        )}
      </Stack>
    </Card>
  );
}
