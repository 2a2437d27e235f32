import { Alert, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { useAchievementMissions } from "../api/get-achievement-missions";
import { MissionList } from "./mission-list";

export type PointsView = {
  points: number;
  level: number;
  pointsIntoLevel: number;
  pointsPerLevel: number;
};

/**
 * The achievement page: the user's points and level, the accounts a check needs (wallet, X, Discord, Telegram,
 * passed in by the route), what the route shows between them and the missions (the badges), and the platform's
 * achievement missions.
 */
export function AchievementMissions({
  viewer,
  points,
  accounts,
  children,
}: {
  /** The signed-in wallet's token (states are per wallet), or undefined while signed out. */
  viewer: string | undefined;
  points: PointsView | undefined;
  accounts: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation("missions");
  const missions = useAchievementMissions(viewer);
  const data = missions.data;
  const total = data?.missions.length ?? 0;
  const settings = usePointsSettings();
  if (!settings) return <Loader size="sm" />;
  const { pointName } = settings;
  return (
    <Stack gap="lg" data-testid="achievement-page">
      <Stack gap={4}>
        <Title order={1}>{t("page.title")}</Title>
        <Text c="dimmed">{t("page.subtitle", { pointName, perLevel: settings.pointsPerLevel })}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md" data-testid="achievement-points">
          {viewer && points ? (
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={700} size="xl" data-testid="achievement-ep">
                  {t("points.balance", { points: points.points, pointName })}
                </Text>
                <Text fw={600}>{t("points.level", { level: points.level })}</Text>
              </Group>
              <Progress
                value={(100 * points.pointsIntoLevel) / points.pointsPerLevel}
                aria-label={t("points.progress")}
              />
              <Text size="sm" c="dimmed">
                {t("points.done", { done: data?.completedCount ?? 0, total })}
              </Text>
            </Stack>
          ) : (
            <Text c="dimmed">{t("points.signIn", { pointName })}</Text>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Text fw={600}>{t("accounts.title")}</Text>
            {accounts}
          </Stack>
        </Paper>
      </SimpleGrid>
      {children}
      <Title order={2}>{t("page.missions")}</Title>
      {missions.isPending && <Loader size="sm" />}
      {missions.isError && (
        <Alert color="gray" variant="light" data-testid="missions-error">
          {missions.error.message}
        </Alert>
      )}
      {data && <MissionList missions={data.missions} canCheck={Boolean(viewer)} pointName={pointName} />}
    </Stack>
  );
}
