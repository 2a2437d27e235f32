import { formatDateTime } from "@dropfair/core/date";
import type { WheelGameSummary } from "@dropfair/schemas/wheel";
import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { partnerActivities } from "../../../config/partners";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import {
  ListCard,
  ListCards,
  ListField,
  ListFilterControl,
  ListResults,
  ListTable,
  ListTitleLink,
  useWalletListFilter,
} from "../../../shared/ui/campaign-list";
import { useWheelGames } from "../api/games";
import { useWheelErrorText } from "../hooks/use-wheel-error";
import { viewerKey, type WheelViewer } from "../model/integrations";
import { ChainName } from "./chain-name";
import { WheelStatusBadge } from "./status-badge";

const filters = ["all", "mine"] as const;

function partnerName(slug: string | null): string | undefined {
  if (slug === null) return undefined;
  return partnerActivities.find((partner) => partner.slug === slug)?.name ?? slug;
}

/** The prizes summary of a row: how many prizes and spins so far, and the partner when it is a partner game. */
function Summary({ game }: { game: WheelGameSummary }) {
  const { t } = useTranslation("wheel");
  const partner = partnerName(game.partnerSlug);
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: "nowrap" }} data-testid="wheel-prize-summary">
        {t("list.prizesSummary", { count: game.prizeCount })} ·{" "}
        {t("list.spinsSummary", { count: game.spinCount })}
      </Text>
      {partner && (
        <Text size="xs" c="dimmed">
          {t("list.partner", { name: partner })}
        </Text>
      )}
    </Stack>
  );
}

function GameTable({ games }: { games: readonly WheelGameSummary[] }) {
  const { t } = useTranslation("wheel");
  const columns = ["title", "status", "prizes", "start", "end", "chain"];
  return (
    <ListTable
      minWidth={900}
      columns={columns.map((column) => t(`list.columns.${column}`))}
      testId="wheel-table"
    >
      {games.map((game) => (
        <Table.Tr key={game.id} data-testid="wheel-row">
          <Table.Td maw={280}>
            <ListTitleLink to={paths.gameDetail.build({ id: game.id })} testId="wheel-title">
              {game.title}
            </ListTitleLink>
          </Table.Td>
          <Table.Td>
            <WheelStatusBadge status={game.status} />
          </Table.Td>
          <Table.Td>
            <Summary game={game} />
          </Table.Td>
          <Table.Td fz="sm" style={{ whiteSpace: "nowrap" }}>
            {formatDateTime(game.startAt)}
          </Table.Td>
          <Table.Td fz="sm" style={{ whiteSpace: "nowrap" }}>
            {formatDateTime(game.endAt)}
          </Table.Td>
          <Table.Td>
            <ChainName chainId={game.chainId} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** Narrow screens: one card per game instead of the wide table. */
function GameCards({ games }: { games: readonly WheelGameSummary[] }) {
  const { t } = useTranslation("wheel");
  return (
    <ListCards testId="wheel-cards">
      {games.map((game) => (
        <ListCard
          key={game.id}
          to={paths.gameDetail.build({ id: game.id })}
          title={game.title}
          badge={<WheelStatusBadge status={game.status} style={{ flexShrink: 0 }} />}
          testId="wheel-card"
        >
          <ListField label={t("list.columns.start")}>
            <Text size="sm">{formatDateTime(game.startAt)}</Text>
          </ListField>
          <ListField label={t("list.columns.end")}>
            <Text size="sm">{formatDateTime(game.endAt)}</Text>
          </ListField>
          <ListField label={t("list.columns.prizes")}>
            <Summary game={game} />
          </ListField>
          <ListField label={t("list.columns.chain")}>
            <ChainName chainId={game.chainId} />
          </ListField>
        </ListCard>
      ))}
    </ListCards>
  );
}

/** The lucky wheel games: all of them or the signed-in wallet's, newest first, twenty a page. */
export function GameListPage({ viewer }: { viewer: WheelViewer }) {
  const { t } = useTranslation("wheel");
  const errorText = useWheelErrorText();
  const { filter, changeFilter, page, pageSize, paging, needsLogin } = useWalletListFilter<
    (typeof filters)[number]
  >("all", ["mine"], viewer.walletAddress);
  const list = useWheelGames({ filter, page, pageSize, viewer: viewerKey(viewer) }, { enabled: !needsLogin });
  const rows = list.data?.rows ?? [];

  return (
    <Stack gap="lg" data-testid="wheel-list">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ flex: "1 1 320px" }}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("list.title")}
          </Title>
          <Text c="dimmed" maw={680}>
            {t("list.subtitle")}
          </Text>
        </Stack>
        {viewer.walletAddress && (
          <Button component={LocaleLink} to={paths.gameCreate.build()} data-testid="wheel-create">
            {t("list.create")}
          </Button>
        )}
      </Group>
      <ListFilterControl
        filters={filters}
        value={filter}
        onChange={changeFilter}
        label={(value) => t(`list.filters.${value}`)}
        testId="wheel-filter"
      />
      <ListResults
        testIdPrefix="wheel"
        rowCount={rows.length}
        table={<GameTable games={rows} />}
        cards={<GameCards games={rows} />}
        query={list}
        errorText={(error) => errorText(error) ?? t("errors.unexpected")}
        needsLogin={needsLogin}
        viewer={viewer}
        texts={{
          loginNeeded: t("list.loginNeeded"),
          signIn: t("signIn"),
          retry: t("retry"),
          empty: t(`list.empty.${filter}`),
        }}
        paging={paging(list.data?.total)}
      />
    </Stack>
  );
}
