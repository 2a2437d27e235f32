import { Button, Card, Group, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { progressPercent } from "../model/progress";
import type { VerifierProgress } from "../model/verification";

export function VerificationProgress({
  fetching,
  progress,
  onCancel,
}: {
  fetching: boolean;
  progress: VerifierProgress | undefined;
  onCancel: () => void;
}) {
  const { t } = useTranslation("simulator");
  const label = fetching
    ? t("progress.fetching")
    : !progress
      ? t("progress.starting")
      : progress.stage === "ranking"
        ? t("progress.ranking")
        : t("progress.simulating", { done: progress.done, total: progress.total });
  const percent = fetching ? 2 : progressPercent(progress);
  return (
    <Card data-testid="verification-progress">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" fw={600} aria-live="polite">
            {label}
          </Text>
          <Button variant="subtle" size="xs" color="gray" onClick={onCancel}>
            {t("progress.cancel")}
          </Button>
        </Group>
        <Progress value={percent} animated striped size="lg" aria-label={label} />
        <Text size="xs" c="dimmed">
          {t("progress.offThread")}
        </Text>
      </Stack>
    </Card>
  );
}
