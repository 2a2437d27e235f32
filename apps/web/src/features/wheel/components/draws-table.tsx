import { shortAddress } from "@dropfair/core/address";
import { formatDateTime } from "@dropfair/core/date";
import type { WheelGameDetail } from "@dropfair/schemas/wheel";
import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { transactionUrl } from "../../../shared/lib/explorer";
import { drawsPageSize, useWheelDraws } from "../api/player";
import { usePrizeText } from "../hooks/use-prize-text";
import { viewerKey, type WheelViewer } from "../model/integrations";
import { shortHash } from "../model/wheel-display";

type DrawRow = NonNullable<ReturnType<typeof useWheelDraws>["data"]>["rows"][number];

function TxLink({ hash, chainId }: { hash: string; chainId: number }) {
  const { data: config } = usePlatformConfig();
  const url = transactionUrl(
    config?.chains.find((chain) => chain.id === chainId),
    hash,
  );
  const short = shortHash(hash);
  return url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" ff="monospace" fz="xs" title={hash}>
      {short}
    </Anchor>
  ) : (
    <Text span ff="monospace" fz="xs" title={hash}>
      {short}
    </Text>
  );
}

/** The draw records of a game (public): time, account, reward, nonce, position, hash, tx hash; the caller's first. */
export function DrawsTable({ game, viewer }: { game: WheelGameDetail; viewer: WheelViewer }) {
  const { t } = useTranslation(["wheel", "validation"]);
  const text = usePrizeText();
  const [page, setPage] = useState(1);
  const draws = useWheelDraws(game.id, viewerKey(viewer), page);
  const total = draws.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / drawsPageSize));
  const reward = (row: DrawRow) => {
    const prize = game.prizes.find((candidate) => candidate.id === row.prizeId);
    return prize ? text.prize(prize) : t("draws.noPrize");
  };
  const account = (row: DrawRow) => (
    <Group gap={4} wrap="nowrap">
      <Text span ff="monospace" fz="xs" title={row.account}>
        {shortAddress(row.account)}
      </Text>
      {row.mine && (
        <Badge size="xs" variant="light">
          {t("draws.mine")}
        </Badge>
      )}
    </Group>
  );
  const rows = draws.data?.rows ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="draws-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h4">
            {t("draws.title")}
          </Title>
          {total > 0 && (
            <Text size="sm" c="dimmed" data-testid="draws-total">
              {t("draws.total", { count: total })}
            </Text>
          )}
        </Group>
        {draws.isPending ? (
          <Loader size="sm" />
        ) : draws.isError ? (
          <Text c="red">{draws.error.message}</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" data-testid="draws-empty">
            {t("validation:validation.record.empty")}
          </Text>
        ) : (
          <>
            <Box visibleFrom="md">
              <Table.ScrollContainer minWidth={860} type="native">
                <Table verticalSpacing="xs" horizontalSpacing="xs" data-testid="draws-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("draws.time")}</Table.Th>
                      <Table.Th>{t("draws.account")}</Table.Th>
                      <Table.Th>{t("draws.reward")}</Table.Th>
                      <Table.Th ta="right">{t("draws.nonce")}</Table.Th>
                      <Table.Th ta="right">{t("draws.position")}</Table.Th>
                      <Table.Th>{t("draws.hash")}</Table.Th>
                      <Table.Th>{t("draws.txHash")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr
                        key={row.nonce}
                        data-testid="draw-row"
                        data-mine={row.mine}
                        data-nonce={row.nonce}
                      >
                        <Table.Td fz="xs" style={{ whiteSpace: "nowrap" }}>
                          {formatDateTime(row.time)}
                        </Table.Td>
                        <Table.Td>{account(row)}</Table.Td>
                        <Table.Td fz="sm" data-testid="draw-reward">
                          {reward(row)}
                        </Table.Td>
                        <Table.Td fz="xs" ta="right" ff="monospace">
                          {row.nonce}
                        </Table.Td>
                        <Table.Td fz="xs" ta="right" ff="monospace">
                          {row.position ?? "—"}
                        </Table.Td>
                        <Table.Td>
                          <Text span ff="monospace" fz="xs" title={row.hash}>
                            {shortHash(row.hash)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <TxLink hash={row.txHash} chainId={game.chainId} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Box>
            <Stack gap="xs" hiddenFrom="md" data-testid="draws-cards">
              {rows.map((row) => (
                <Card key={row.nonce} withBorder padding="sm" data-testid="draw-card" data-mine={row.mine}>
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600} size="sm">
                        {reward(row)}
                      </Text>
                      {account(row)}
                    </Group>
                    <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                      <Text size="xs" c="dimmed">
                        {t("draws.time")}: {formatDateTime(row.time)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t("draws.nonce")}: {row.nonce} · {t("draws.position")}: {row.position ?? "—"}
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace" title={row.hash}>
                        {t("draws.hash")}: {shortHash(row.hash)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t("draws.txHash")}: <TxLink hash={row.txHash} chainId={game.chainId} />
                      </Text>
                    </SimpleGrid>
                  </Stack>
                </Card>
              ))}
            </Stack>
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  data-testid="draws-pages"
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
