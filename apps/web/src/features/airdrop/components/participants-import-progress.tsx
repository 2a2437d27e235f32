import type { ParticipantImport } from "@dropfair/schemas/airdrop";
import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A long list's background import: queued, or the step it is at (reading the lines, checking the accounts
 * upstream, storing the participants) and how far into it.
 */
export function ParticipantsImportProgress({ current }: { current: ParticipantImport }) {
  const { t } = useTranslation("airdrop");
  const phase = current.state === "running" ? current.phase : null;
  const share = phase ? (current.phaseTotal > 0 ? (100 * current.phaseDone) / current.phaseTotal : 100) : 0;
  return (
    <Stack gap={4} data-testid="participants-import">
      <Text size="sm" data-testid="participants-import-step">
        {phase
          ? t(`participants.import.phase.${phase}`, { done: current.phaseDone, total: current.phaseTotal })
          : t("participants.import.queued", { total: current.totalLines })}
      </Text>
      <Progress value={share} animated aria-label={t("participants.import.label")} />
      <Text size="xs" c="dimmed">
        {t("participants.import.hint")}
      </Text>
    </Stack>
  );
}
