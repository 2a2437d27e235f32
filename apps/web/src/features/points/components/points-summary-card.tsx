import { Card, Group, Loader, Progress, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePointsSummary } from "../api/points-summary";
import { levelProgressPercent } from "../model/points-display";

/** Balance, level and the progress to the next level of the signed-in wallet. */
export function PointsSummaryCard({ pointName }: { pointName: string }) {
  const { t, i18n } = useTranslation("points");
  const summary = usePointsSummary();
  if (summary.isPending)
    return (
      <Card withBorder>
        <Loader size="sm" />
      </Card>
    );
  if (summary.isError)
    return (
      <Card withBorder>
        <Text c="red">{summary.error.message}</Text>
      </Card>
    );
  const data = summary.data;
  return (
    <Card withBorder padding="lg" data-testid="points-summary">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t("summary.balance", { pointName })}
            </Text>
            <Title order={2} data-testid="points-balance">
              {t("badge.points", { points: data.points.toLocaleString(i18n.language), pointName })}
            </Title>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text size="sm" c="dimmed">
              {t("summary.levelLabel")}
            </Text>
            <Title order={2} data-testid="points-level">
              {data.level}
            </Title>
          </Stack>
        </Group>
        <Progress
          value={levelProgressPercent(data)}
          color="jade"
          size="lg"
          aria-label={t("summary.progress")}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            {t("summary.intoLevel", {
              points: data.pointsIntoLevel.toLocaleString(i18n.language),
              perLevel: data.pointsPerLevel.toLocaleString(i18n.language),
              pointName,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t("summary.toNext", {
              count: data.pointsToNextLevel,
              points: data.pointsToNextLevel.toLocaleString(i18n.language),
              pointName,
              level: data.level + 1,
            })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
