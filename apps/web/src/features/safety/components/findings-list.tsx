import type { Finding, Severity } from "@dropfair/core/safety";
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

const severityColor: Record<Severity, string> = {
  high: "red",
  medium: "orange",
  low: "yellow",
  info: "gray",
};

/** The contract check's findings, most severe first, each with its severity and a plain explanation. */
export function FindingsList({ findings }: { findings: readonly Finding[] }) {
  const { t } = useTranslation("safety");
  return (
    <Stack gap="sm" data-testid="findings">
      {findings.map((finding) => (
        <Card
          key={finding.code}
          withBorder
          padding="sm"
          radius="md"
          data-testid="finding"
          data-code={finding.code}
        >
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <Badge
              color={severityColor[finding.severity]}
              variant="filled"
              miw={72}
              // Never squeezed by a long explanation beside it, so "Medium" is not cut on narrow screens.
              style={{ flexShrink: 0, overflow: "visible" }}
              data-testid="finding-severity"
            >
              {t(`severity.${finding.severity}`)}
            </Badge>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700}>{t(`finding.${finding.code}.title`)}</Text>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {t(`finding.${finding.code}.text`, {
                  ...finding.params,
                  admin: finding.params.admin || t("finding.proxy.noAdmin"),
                })}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
