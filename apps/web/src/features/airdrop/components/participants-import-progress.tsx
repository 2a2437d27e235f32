import type { ParticipantImport } from "@dropfair/schemas/airdrop";
import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A long list's background import: queued, or how many lines are done. */
export function ParticipantsImportProgress({ current }: { current: ParticipantImport }) {
  const { t } = useTranslation("airdrop");
  return (
    <Stack gap={4} data-testid="participants-import">
      <Text size="sm">
        {current.state === "queued"
          ? t("participants.import.queued", { total: current.totalLines })
          : t("participants.import.progress", {
              processed: current.processedLines,
              total: current.totalLines,
            })}
      </Text>
      <Progress
        value={current.totalLines > 0 ? (100 * current.processedLines) / current.totalLines : 0}
        animated
        aria-label={t("participants.import.label")}
      />
      <Text size="xs" c="dimmed">
        {t("participants.import.hint")}
      </Text>
    </Stack>
  );
}
