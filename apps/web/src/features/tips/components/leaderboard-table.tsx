import { type TipsSortColumn, type TipsStanding, tipsSortColumns } from "@dropfair/schemas/tips";
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { banTipsParticipant, reportTipsParticipant } from "../api/actions";
import { tipsCampaignKey, useTipsLeaderboard } from "../api/campaigns";
import { useReportTipsError, useTipsErrorText } from "../hooks/use-tips-error";
import { formatPrize, formatWhole } from "../model/display";
import { type TipsViewer, viewerKey } from "../model/integrations";
import { ReasonModal } from "./reason-modal";
import { SnapshotButton } from "./snapshot-button";

const pageSize = 50;
const numberColumns = tipsSortColumns.filter((column) => column !== "rank" && column !== "estimatedEarned");

type Target = { kind: "report" | "ban"; standing: TipsStanding };

function SortHeader({
  column,
  sort,
  order,
  onSort,
}: {
  column: TipsSortColumn;
  sort: TipsSortColumn;
  order: "asc" | "desc";
  onSort: (column: TipsSortColumn) => void;
}) {
  const { t } = useTranslation("tips");
  const active = column === sort;
  const label = t(`leaderboard.columns.${column}`);
  return (
    <Table.Th style={{ whiteSpace: "nowrap" }}>
      <UnstyledButton
        onClick={() => onSort(column)}
        aria-label={t("leaderboard.sortBy", { column: label })}
        aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}
        data-testid={`tips-sort-${column}`}
        fw={active ? 700 : 500}
        fz="sm"
      >
        {label}
        {active ? (order === "asc" ? " ↑" : " ↓") : ""}
      </UnstyledButton>
    </Table.Th>
  );
}

function Row({
  standing,
  decimals,
  symbol,
  mine,
  actions,
}: {
  standing: TipsStanding;
  decimals: number;
  symbol: string;
  mine: boolean;
  actions: React.ReactNode;
}) {
  const { t } = useTranslation("tips");
  return (
    <Table.Tr
      data-testid={mine ? "tips-my-row" : "tips-standing"}
      data-user={standing.xUserId}
      bg={mine ? "var(--mantine-primary-color-light)" : undefined}
    >
      <Table.Td fw={700}>{standing.rank}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Avatar src={standing.avatarUrl} alt={standing.name} size={28} radius="xl" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={600} truncate maw={160}>
                {standing.name}
              </Text>
              {mine && (
                <Badge size="xs" variant="filled">
                  {t("leaderboard.you")}
                </Badge>
              )}
            </Group>
            {standing.username && (
              <Text size="xs" c="dimmed">
                @{standing.username}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      {numberColumns.map((column) => (
        <Table.Td key={column} fz="sm" data-column={column} style={{ whiteSpace: "nowrap" }}>
          {formatWhole(standing[column])}
        </Table.Td>
      ))}
      <Table.Td fz="sm" data-column="estimatedEarned" style={{ whiteSpace: "nowrap" }}>
        {formatPrize(standing.estimatedEarned, decimals)} {symbol}
      </Table.Td>
      <Table.Td>{actions}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The leaderboard: rank, account, points and the metrics that made them, estimated earnings; the viewer's own row
 * pinned on top; any column sorts (ascending rank, descending otherwise by default); 50 a page. Signed-in viewers
 * can report a participant, organizers ban one.
 */
export function LeaderboardTable({
  campaignId,
  tokenDecimals,
  tokenSymbol,
  canModerate,
  viewer,
  myXUserId,
}: {
  campaignId: number;
  tokenDecimals: number;
  tokenSymbol: string;
  /** The viewer organizes the campaign (its creator, a helper, an administrator): they may ban. */
  canModerate: boolean;
  viewer: TipsViewer;
  myXUserId: string | null;
}) {
  const { t } = useTranslation("tips");
  const queryClient = useQueryClient();
  const errorText = useTipsErrorText();
  const reportError = useReportTipsError();
  const [sort, setSort] = useState<TipsSortColumn>("rank");
  const [order, setOrder] = useState<"asc" | "desc">("asc");
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<Target | null>(null);
  const board = useTipsLeaderboard(campaignId, { page, pageSize, sort, order, viewer: viewerKey(viewer) });

  const act = useMutation({
    mutationFn: async ({ kind, standing, reason }: Target & { reason: string }): Promise<void> => {
      if (kind === "ban") await banTipsParticipant(campaignId, standing.xUserId, reason);
      else await reportTipsParticipant(campaignId, standing.xUserId, reason);
    },
    onSuccess: (_result, { kind, standing }) => {
      setTarget(null);
      notifications.show({
        color: "green",
        message: kind === "ban" ? t("bans.banned", { name: standing.name }) : t("report.done"),
      });
      if (kind === "ban") void queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaignId) });
    },
    onError: reportError,
  });

  const onSort = (column: TipsSortColumn) => {
    if (column === sort) setOrder(order === "asc" ? "desc" : "asc");
    else {
      setSort(column);
      setOrder(column === "rank" ? "asc" : "desc");
    }
    setPage(1);
  };

  const actions = (standing: TipsStanding) =>
    standing.xUserId === myXUserId || !viewer.walletAddress ? null : (
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          onClick={() => setTarget({ kind: "report", standing })}
          data-testid="tips-report"
        >
          {t("leaderboard.report")}
        </Button>
        {canModerate && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => setTarget({ kind: "ban", standing })}
            data-testid="tips-ban"
          >
            {t("leaderboard.ban")}
          </Button>
        )}
      </Group>
    );

  const data = board.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / pageSize));
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-leaderboard">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Stack gap={0}>
            <Title order={2} fz="h4">
              {t("leaderboard.title")}
            </Title>
            {data && (
              <Text size="xs" c="dimmed" data-testid="tips-totals">
                {t("leaderboard.totals", {
                  participants: formatWhole(data.total),
                  points: formatWhole(data.totalPoints),
                })}
              </Text>
            )}
          </Stack>
          <SnapshotButton campaignId={campaignId} />
        </Group>
        {board.isError ? (
          <Alert color="red" variant="light">
            {errorText(board.error) ?? t("errors.unexpected")}
          </Alert>
        ) : !data ? (
          <Center p="md">
            <Loader size="sm" />
          </Center>
        ) : data.rows.length === 0 && !data.me ? (
          <Text c="dimmed" data-testid="tips-leaderboard-empty">
            {t("leaderboard.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={1100} type="native">
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="rank" sort={sort} order={order} onSort={onSort} />
                  <Table.Th>{t("leaderboard.columns.account")}</Table.Th>
                  {numberColumns.map((column) => (
                    <SortHeader key={column} column={column} sort={sort} order={order} onSort={onSort} />
                  ))}
                  <SortHeader column="estimatedEarned" sort={sort} order={order} onSort={onSort} />
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.me && (
                  <Row standing={data.me} decimals={tokenDecimals} symbol={tokenSymbol} mine actions={null} />
                )}
                {data.rows.map((standing) => (
                  <Row
                    key={standing.xUserId}
                    standing={standing}
                    decimals={tokenDecimals}
                    symbol={tokenSymbol}
                    mine={false}
                    actions={actions(standing)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              data-testid="tips-board-pages"
            />
          </Group>
        )}
      </Stack>
      {target && (
        <ReasonModal
          opened
          title={
            target.kind === "ban"
              ? t("bans.banTitle", { name: target.standing.name })
              : t("report.title", { name: target.standing.name })
          }
          submitLabel={target.kind === "ban" ? t("leaderboard.ban") : t("report.submit")}
          onClose={() => setTarget(null)}
          onSubmit={(reason) => act.mutate({ ...target, reason })}
          pending={act.isPending}
          testId={target.kind === "ban" ? "tips-ban-modal" : "tips-report-modal"}
        />
      )}
    </Card>
  );
}
