import { formatDateTime } from "@dropfair/core/date";
import { Badge, Card, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useWheelTickets } from "../api/player";
import { viewerKey, type WheelViewer } from "../model/integrations";

/** The signed-in wallet's tickets for a game: the balance, then each grant (time, count, reason). */
export function TicketsPanel({ gameId, viewer }: { gameId: number; viewer: WheelViewer }) {
  const { t } = useTranslation(["wheel", "validation"]);
  const tickets = useWheelTickets(gameId, viewerKey(viewer));
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tickets-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4">
            {t("tickets.title")}
          </Title>
          {tickets.data && (
            <Badge variant="light" size="lg" data-testid="tickets-balance">
              {t("tickets.balance", { count: tickets.data.balance })}
            </Badge>
          )}
        </Group>
        {!viewer.walletAddress ? (
          <Text c="dimmed">{t("tickets.signIn")}</Text>
        ) : tickets.isPending ? (
          <Loader size="sm" />
        ) : tickets.isError ? (
          <Text c="red">{tickets.error.message}</Text>
        ) : tickets.data.rows.length === 0 ? (
          <Text c="dimmed" data-testid="tickets-empty">
            {t("validation:validation.record.empty")}
          </Text>
        ) : (
          <Table verticalSpacing="xs" horizontalSpacing="xs" data-testid="tickets-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("tickets.time")}</Table.Th>
                <Table.Th ta="right">{t("tickets.count")}</Table.Th>
                <Table.Th>{t("tickets.reason")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tickets.data.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a grant has no id of its own, and the rows never reorder
                <Table.Tr key={`${row.time}:${row.reason}:${index}`} data-testid="ticket-row">
                  <Table.Td fz="sm">{formatDateTime(row.time)}</Table.Td>
                  <Table.Td fz="sm" ta="right">
                    +{row.count}
                  </Table.Td>
                  <Table.Td fz="sm">
                    {t(`tickets.reasons.${row.reason}`)}
                    {row.note ? (
                      <Text span size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                        {` · ${row.note}`}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
