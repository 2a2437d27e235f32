import { Badge, Group, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { usePointsSummary } from "../api/points-summary";
import { levelProgressPercent } from "../model/points-display";

/**
 * The signed-in user's level and points, for the user dropdown ("inline") and the side menu's profile card
 * ("card", with the progress to the next level). Nothing while signed out or loading.
 */
export default function PointsBadge({ layout }: { layout: "inline" | "card" }) {
  const { t, i18n } = useTranslation("points");
  const { data } = usePointsSummary();
  const settings = usePointsSettings();
  if (!data || !settings) return null;
  const { pointName } = settings;
  const points = data.points.toLocaleString(i18n.language);
  const level = t("badge.level", { level: data.level });
  if (layout === "inline")
    return (
      <Group gap={6} wrap="nowrap" data-testid="points-badge">
        <Badge variant="light" color="jade" size="sm">
          {level}
        </Badge>
        <Text size="sm" fw={600}>
          {t("badge.points", { points, pointName })}
        </Text>
      </Group>
    );
  return (
    <Stack gap={4} data-testid="points-card">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Badge variant="light" color="jade" size="sm">
          {level}
        </Badge>
        <Text size="sm" fw={700}>
          {t("badge.points", { points, pointName })}
        </Text>
      </Group>
      <Progress
        value={levelProgressPercent(data)}
        size="sm"
        color="jade"
        aria-label={t("summary.progress")}
      />
      <Text size="xs" c="dimmed">
        {t("summary.toNext", {
          count: data.pointsToNextLevel,
          points: data.pointsToNextLevel.toLocaleString(i18n.language),
          pointName,
          level: data.level + 1,
        })}
      </Text>
    </Stack>
  );
}
