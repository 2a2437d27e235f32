import type { ParticipantReport } from "@dropfair/schemas/airdrop";
import { Alert, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatLineNumbers } from "../model/line-numbers";

/**
 * What an upload kept and refused: the accepted count and total weight, how many accounts could not be
 * checked upstream (kept, matched at claim time), then the wrong, duplicate and unresolved lines by number
 * with the catalogue messages. The good lines are kept either way.
 */
export function ParticipantReportView({ report }: { report: ParticipantReport }) {
  const { t } = useTranslation(["airdrop", "validation"]);
  const problems = report.wrongCount + report.duplicateCount + report.unresolvedCount;
  return (
    <Stack gap="xs" data-testid="participant-report">
      <Alert color={problems > 0 ? "orange" : "jade"} variant="light" title={t("participants.report.title")}>
        <Group gap="lg">
          <Text size="sm" data-testid="report-accepted">
            {t("participants.report.accepted", { count: report.accepted })}
          </Text>
          <Text size="sm" data-testid="report-weight">
            {t("participants.report.totalWeight", { weight: report.totalWeight })}
          </Text>
        </Group>
      </Alert>
      {report.wrongCount > 0 && (
        <Text size="sm" c="red" data-testid="report-wrong">
          {t("validation:validation.csv.wrongLines", {
            lines: formatLineNumbers(report.wrongLines, report.wrongCount),
          })}
        </Text>
      )}
      {report.duplicateCount > 0 && (
        <Text size="sm" c="orange.8" data-testid="report-duplicate">
          {t("validation:validation.csv.duplicateLines", {
            lines: formatLineNumbers(report.duplicateLines, report.duplicateCount),
          })}
        </Text>
      )}
      {report.unresolvedCount > 0 && (
        <Text size="sm" c="orange.8" data-testid="report-unresolved">
          {t("participants.report.unresolvedLines", {
            lines: formatLineNumbers(report.unresolvedLines, report.unresolvedCount),
          })}
        </Text>
      )}
      {report.uncheckedCount > 0 && (
        <Text size="sm" c="dimmed" data-testid="report-unchecked">
          {t("participants.report.unchecked", { count: report.uncheckedCount })}
        </Text>
      )}
    </Stack>
  );
}
