import { formatCompact } from "@dropfair/core/format";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { Alert, Card, Group, Loader, Progress, Stack, Stepper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { pipelineStepIndex, pipelineSteps, statusLabelKey } from "../model/status";
import { localTimeOf, xResetAhead } from "../model/waiting";

function numberOf(value: unknown) {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Live progress while the pipeline collects and filters entries (polled by the detail query). */
export function PipelineProgress({ picker }: { picker: PickerDetail }) {
  const { t } = useTranslation("picker");
  const fetched = numberOf(picker.progress.fetched);
  const total = numberOf(picker.progress.total);
  const active = pipelineStepIndex(picker.status);
  const reset = xResetAhead(picker.progress);
  return (
    <Card padding="lg" data-testid="pipeline-progress">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Stack gap={0}>
            <Text fw={650}>{t(statusLabelKey(2, picker.status))}</Text>
            <Text size="sm" c="dimmed">
              {t("pipeline.description")}
            </Text>
          </Stack>
        </Group>
        {reset && (
          <Alert color="orange" variant="light" data-testid="pipeline-waiting">
            {t("pipeline.waitingForX", { time: localTimeOf(reset) })}
          </Alert>
        )}
        <Stepper active={active} size="xs" iconSize={22} allowNextStepsSelect={false} visibleFrom="sm">
          {pipelineSteps.map((step) => (
            <Stepper.Step key={step} label={t(statusLabelKey(2, step))} />
          ))}
        </Stepper>
        {total !== undefined && total > 0 ? (
          <Stack gap={4}>
            <Progress value={Math.min(100, ((fetched ?? 0) / total) * 100)} animated />
            <Text size="xs" c="dimmed">
              {t("pipeline.fetchedOf", { fetched: formatCompact(fetched ?? 0), total: formatCompact(total) })}
            </Text>
          </Stack>
        ) : (
          <Stack gap={4}>
            <Progress value={100} animated striped />
            <Text size="xs" c="dimmed">
              {fetched !== undefined
                ? t("pipeline.fetched", { fetched: formatCompact(fetched) })
                : t("pipeline.entriesSoFar", { count: picker.entryCount })}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
