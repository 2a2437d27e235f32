import type { WheelGameDetail } from "@dropfair/schemas/wheel";
import { Alert, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import {
  campaignMissionsQueryOptions,
  MissionEditor,
  MissionList,
  useCampaignMissions,
} from "../../missions";
import { addGameMission, removeGameMission } from "../api/missions";
import { wheelGameKey } from "../api/player";
import { useWheelErrorText } from "../hooks/use-wheel-error";
import { viewerKey, type WheelViewer } from "../model/integrations";

/**
 * The missions that grant this game's tickets. Players get the missions feature's list, with its Check (a mission
 * just completed refreshes the tickets: the grant is written when the balance is read); whoever manages the game
 * gets the missions feature's editor instead, to add missions with their tickets and remove them.
 */
export function GameMissions({
  game,
  viewer,
}: {
  game: Pick<WheelGameDetail, "id" | "missionCampaignId" | "canManage">;
  viewer: WheelViewer;
}) {
  const { t } = useTranslation("wheel");
  const queryClient = useQueryClient();
  const settings = usePointsSettings();
  const errorText = useWheelErrorText();
  const campaignId = game.missionCampaignId;
  const missions = useCampaignMissions(campaignId, viewerKey(viewer));

  async function changed() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: wheelGameKey(game.id) }),
      queryClient.invalidateQueries({
        queryKey: campaignMissionsQueryOptions(campaignId, viewerKey(viewer)).queryKey.slice(0, 3),
      }),
    ]);
  }

  const managing = game.canManage;
  const loading = campaignId !== null && (missions.isPending || !settings);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="game-missions">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("missions.title")}
        </Title>
        {managing && (
          <Text size="sm" c="dimmed">
            {t("missions.manageHint")}
          </Text>
        )}
        {campaignId === null && !managing ? (
          <Text c="dimmed" data-testid="game-missions-none">
            {t("missions.none")}
          </Text>
        ) : loading ? (
          <Loader size="sm" />
        ) : missions.isError ? (
          <Alert color="gray" variant="light">
            {missions.error.message}
          </Alert>
        ) : managing ? (
          <MissionEditor
            missions={missions.data?.missions ?? []}
            reward="tickets"
            pointName={settings?.pointName ?? "EP"}
            onAdd={async (body) => {
              await addGameMission(game.id, body);
              await changed();
            }}
            onRemove={async (mission) => {
              await removeGameMission(game.id, mission.id);
              await changed();
            }}
            errorText={errorText}
            testId="game-mission-editor"
          />
        ) : (
          <MissionList
            missions={missions.data?.missions ?? []}
            canCheck={Boolean(viewer.walletAddress)}
            pointName={settings?.pointName ?? "EP"}
            onCompleted={() =>
              void queryClient.invalidateQueries({ queryKey: [...wheelGameKey(game.id), "tickets"] })
            }
          />
        )}
      </Stack>
    </Card>
  );
}
