import { formatPercent } from "@dropfair/core/format";
import { Card, Group, Loader, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useXSpending } from "../api/x-spending";

/** This month's reads from X (every process together) against the monthly cap, for administrators. */
export function XSpendingCard() {
  const { t } = useTranslation("admin");
  const count = (value: number) => value.toLocaleString("en-US");
  const spending = useXSpending(true);
  const figures = spending.data;
  return (
    <Card withBorder padding="lg" data-testid="x-spending">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={650}>{t("xSpending.title")}</Text>
          {figures && (
            <Text size="sm" c="dimmed">
              {t("xSpending.month", { month: figures.month })}
            </Text>
          )}
        </Group>
        {spending.isPending ? (
          <Loader size="sm" />
        ) : spending.isError ? (
          <Text c="red">{spending.error.message}</Text>
        ) : figures?.cap === null || figures === undefined ? (
          <Text size="sm" c="dimmed" data-testid="x-spending-figure">
            {t("xSpending.noCap")}
          </Text>
        ) : (
          <>
            <Text size="sm" data-testid="x-spending-figure">
              {t("xSpending.spent", {
                items: count(figures.items),
                cap: count(figures.cap),
                share: formatPercent(((100 * figures.items) / figures.cap).toFixed(2)),
              })}
            </Text>
            <Progress
              value={Math.min(100, (100 * figures.items) / figures.cap)}
              color={figures.items >= figures.cap ? "red" : "jade"}
              aria-label={t("xSpending.title")}
            />
            <Text size="xs" c="dimmed">
              {t("xSpending.requests", { requests: count(figures.requests) })}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
