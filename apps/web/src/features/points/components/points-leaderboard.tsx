import { shortAddress } from "@dropfair/core/address";
import type { LeaderboardEntry } from "@dropfair/schemas/points";
import { Badge, Card, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLeaderboard } from "../api/leaderboard";

function Row({
  entry,
  mine,
}: {
  entry: Omit<LeaderboardEntry, "rank"> & { rank: number | null };
  mine: boolean;
}) {
  const { t, i18n } = useTranslation("points");
  return (
    <Table.Tr
      data-testid={mine ? "leaderboard-me" : "leaderboard-row"}
      bg={mine ? "var(--mantine-color-jade-light)" : undefined}
    >
      <Table.Td w={56}>
        <Text fw={700}>{entry.rank === null ? "–" : `#${entry.rank.toLocaleString(i18n.language)}`}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" ff="monospace" title={entry.address} style={{ whiteSpace: "nowrap" }}>
            {shortAddress(entry.address)}
          </Text>
          {mine && (
            <Badge size="xs" variant="light" color="jade" visibleFrom="sm">
              {t("leaderboard.you")}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{t("badge.level", { level: entry.level })}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={700}>
          {entry.points.toLocaleString(i18n.language)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The platform's points leaderboard (top 100), with the signed-in wallet's own place below it. */
export function PointsLeaderboard({ pointName }: { pointName: string }) {
  const { t } = useTranslation("points");
  const board = useLeaderboard();
  const me = board.data?.me ?? null;
  // The caller's own row: highlighted in the list, or on top of it when they are not in the top rows.
  const listed = me !== null && (board.data?.rows.some((entry) => entry.address === me.address) ?? false);
  return (
    <Card withBorder padding="lg" data-testid="points-leaderboard">
      <Stack gap="sm">
        <Title order={3}>{t("leaderboard.title", { pointName })}</Title>
        {board.isPending ? (
          <Loader size="sm" />
        ) : board.isError ? (
          <Text c="red">{board.error.message}</Text>
        ) : board.data.rows.length === 0 && !board.data.me ? (
          <Text c="dimmed">{t("leaderboard.empty", { pointName })}</Text>
        ) : (
          <Table verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("leaderboard.rank")}</Table.Th>
                <Table.Th>{t("leaderboard.address")}</Table.Th>
                <Table.Th ta="right">{t("leaderboard.level")}</Table.Th>
                <Table.Th ta="right">{pointName}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {me && !listed && <Row entry={me} mine />}
              {board.data.rows.map((entry) => (
                <Row key={entry.address} entry={entry} mine={entry.address === me?.address} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
