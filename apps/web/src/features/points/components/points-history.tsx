import { formatDateTime } from "@dropfair/core/date";
import { Card, Group, Loader, Pagination, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { historyPageSize, usePointsHistory } from "../api/points-history";
import { historyLabel, signedAmount } from "../model/points-display";

/** The signed-in wallet's ledger: what earned or cost points, and when; newest first. */
export function PointsHistory({ pointName }: { pointName: string }) {
  const { t, i18n } = useTranslation("points");
  const [page, setPage] = useState(1);
  const history = usePointsHistory(page);
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / historyPageSize)) : 1;
  return (
    <Card withBorder padding="lg" data-testid="points-history">
      <Stack gap="sm">
        <Title order={3}>{t("history.title")}</Title>
        {history.isPending ? (
          <Loader size="sm" />
        ) : history.isError ? (
          <Text c="red">{history.error.message}</Text>
        ) : history.data.rows.length === 0 ? (
          <Text c="dimmed" data-testid="points-history-empty">
            {t("history.empty", { pointName })}
          </Text>
        ) : (
          <Table verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("history.reason")}</Table.Th>
                <Table.Th ta="right">{pointName}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.rows.map((row) => {
                const label = historyLabel(row);
                return (
                  <Table.Tr key={`${row.sourceKind}:${row.sourceId}`} data-testid="points-history-row">
                    <Table.Td>
                      <Text
                        size="sm"
                        style={{ overflowWrap: "anywhere" }}
                        data-testid="points-history-label"
                        title={row.params.address}
                      >
                        {label ? t(`history.labels.${label.key}`, label.values) : row.reason}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {label
                          ? formatDateTime(row.createdAt)
                          : `${t(`sources.${row.sourceKind}`, { defaultValue: row.sourceKind })} · ${formatDateTime(row.createdAt)}`}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={700} c={row.amount < 0 ? "red" : "jade"}>
                        {signedAmount(row.amount, i18n.language)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
