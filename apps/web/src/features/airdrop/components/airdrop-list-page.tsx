import { shortAddress } from "@dropfair/core/address";
import { formatDateTime } from "@dropfair/core/date";
import { formatAmount } from "@dropfair/core/format";
import type { AirdropSummary } from "@dropfair/schemas/airdrop";
import { airdropListFilters } from "@dropfair/schemas/codes";
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { IconGift, IconWallet } from "../../../shared/ui/icons";
import { type AirdropListFilter, useAirdrops } from "../api/get-airdrops";
import { useAirdropErrorText } from "../hooks/use-airdrop-error";
import { formatReward, withSymbol } from "../model/amounts";
import type { AirdropViewer } from "../model/integrations";
import { ChainLabel } from "./chain-label";
import { AirdropStatusBadge } from "./status-badge";

const pageSize = 20;
const filters: readonly AirdropListFilter[] = airdropListFilters;

function shortCreator(address: string) {
  return shortAddress(address) || address;
}

/** What the table and the cards show of one airdrop. */
function useRowText() {
  const { t } = useTranslation("airdrop");
  return (airdrop: AirdropSummary) => ({
    idType: t(`idTypes.${airdrop.idType}`),
    total:
      airdrop.rewardType === "token"
        ? withSymbol(airdrop.totalAmount ? formatAmount(airdrop.totalAmount) : "", airdrop.tokenSymbol) || "—"
        : t(`rewardTypes.${airdrop.rewardType}`),
    claimable: formatReward(airdrop.claimableAmount, airdrop) || "—",
    start: formatDateTime(airdrop.startAt),
    end: formatDateTime(airdrop.endAt),
  });
}

function AirdropTable({ items }: { items: readonly AirdropSummary[] }) {
  const { t } = useTranslation("airdrop");
  const rowText = useRowText();
  const navigate = useLocalizedNavigate();
  return (
    <Table.ScrollContainer minWidth={1080} type="native">
      <Table highlightOnHover verticalSpacing="sm" data-testid="airdrop-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("list.columns.creator")}</Table.Th>
            <Table.Th>{t("list.columns.name")}</Table.Th>
            <Table.Th>{t("list.columns.status")}</Table.Th>
            <Table.Th>{t("list.columns.accountType")}</Table.Th>
            <Table.Th>{t("list.columns.totalPrize")}</Table.Th>
            <Table.Th>{t("list.columns.claimablePrize")}</Table.Th>
            <Table.Th>{t("list.columns.start")}</Table.Th>
            <Table.Th>{t("list.columns.end")}</Table.Th>
            <Table.Th>{t("list.columns.blockchain")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((airdrop) => {
            const text = rowText(airdrop);
            const to = paths.airdropDetail.build({ id: airdrop.id });
            return (
              <Table.Tr
                key={airdrop.id}
                data-testid="airdrop-row"
                style={{ cursor: "pointer" }}
                onClick={() => void navigate(to)}
              >
                <Table.Td ff="monospace" fz="sm" style={{ whiteSpace: "nowrap" }}>
                  {shortCreator(airdrop.creator)}
                </Table.Td>
                <Table.Td maw={260}>
                  <Anchor
                    component={LocaleLink}
                    to={to}
                    fw={600}
                    lineClamp={2}
                    onClick={(event) => event.stopPropagation()}
                    data-testid="airdrop-name"
                  >
                    {airdrop.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {/* A status word is never cut short: the column takes its badge's width. */}
                  <AirdropStatusBadge status={airdrop.status} style={{ minWidth: "max-content" }} />
                </Table.Td>
                <Table.Td fz="sm">{text.idType}</Table.Td>
                <Table.Td fz="sm" style={{ whiteSpace: "nowrap" }}>
                  {text.total}
                </Table.Td>
                <Table.Td fz="sm" style={{ whiteSpace: "nowrap" }}>
                  {text.claimable}
                </Table.Td>
                <Table.Td fz="sm" style={{ whiteSpace: "nowrap" }}>
                  {text.start}
                </Table.Td>
                <Table.Td fz="sm" style={{ whiteSpace: "nowrap" }}>
                  {text.end}
                </Table.Td>
                <Table.Td>
                  <ChainLabel chainId={airdrop.chainId} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof value === "string" ? (
        <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {value}
        </Text>
      ) : (
        value
      )}
    </Stack>
  );
}

/** Narrow screens: one card per airdrop instead of the wide table. */
function AirdropCards({ items }: { items: readonly AirdropSummary[] }) {
  const { t } = useTranslation("airdrop");
  const rowText = useRowText();
  return (
    <Stack gap="sm" data-testid="airdrop-cards">
      {items.map((airdrop) => {
        const text = rowText(airdrop);
        return (
          <Card
            key={airdrop.id}
            component={LocaleLink}
            to={paths.airdropDetail.build({ id: airdrop.id })}
            padding="md"
            withBorder
            data-testid="airdrop-card"
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700} lineClamp={2}>
                  {airdrop.title}
                </Text>
                <AirdropStatusBadge status={airdrop.status} style={{ flexShrink: 0 }} />
              </Group>
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                <Field label={t("list.columns.totalPrize")} value={text.total} />
                <Field label={t("list.columns.claimablePrize")} value={text.claimable} />
                <Field label={t("list.columns.start")} value={text.start} />
                <Field label={t("list.columns.end")} value={text.end} />
                <Field label={t("list.columns.accountType")} value={text.idType} />
                <Field
                  label={t("list.columns.blockchain")}
                  value={<ChainLabel chainId={airdrop.chainId} />}
                />
              </SimpleGrid>
              <Text size="xs" c="dimmed" ff="monospace">
                {t("list.createdBy", { creator: shortCreator(airdrop.creator) })}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

export type AirdropListPageProps = { viewer: AirdropViewer };

/** The airdrop list: All, My Creation and My Wins, an optional status, the table, and Create. */
export function AirdropListPage({ viewer }: AirdropListPageProps) {
  const { t } = useTranslation("airdrop");
  const errorText = useAirdropErrorText();
  const [filter, setFilter] = useState<AirdropListFilter>("all");
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const needsLogin = filter !== "all" && !viewer.walletAddress;
  const list = useAirdrops(
    {
      filter,
      status: status === null ? undefined : Number(status),
      page,
      pageSize,
      viewer: viewer.walletAddress?.toLowerCase(),
    },
    { enabled: !needsLogin },
  );
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));

  return (
    <Stack gap="lg" data-testid="airdrop-list">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("list.title")}
          </Title>
          <Text c="dimmed" maw={640}>
            {t("list.subtitle")}
          </Text>
        </Stack>
        <Button
          component={LocaleLink}
          to={paths.airdropCreate.build()}
          leftSection={<IconGift size={16} />}
          data-testid="airdrop-create"
        >
          {t("list.create")}
        </Button>
      </Group>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as AirdropListFilter);
            setPage(1);
          }}
          data={filters.map((value) => ({ value, label: t(`list.filters.${value}`) }))}
          data-testid="airdrop-filter"
        />
        <Select
          placeholder={t("list.statusAny")}
          data={(["0", "1", "2", "3"] as const).map((value) => ({
            value,
            label: t(`status.${["draft", "notStarted", "inProgress", "ended"][Number(value)]}`),
          }))}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          clearable
          w={{ base: "100%", xs: 200 }}
          aria-label={t("list.statusFilter")}
          data-testid="airdrop-status-filter"
          comboboxProps={{ withinPortal: true }}
        />
      </Group>

      {list.data && list.data.items.length > 0 && !needsLogin && !list.isError ? (
        <>
          <Card padding={0} withBorder radius="lg" visibleFrom="sm">
            <AirdropTable items={list.data.items} />
          </Card>
          <Box hiddenFrom="sm">
            <AirdropCards items={list.data.items} />
          </Box>
        </>
      ) : (
        <Card padding={0} withBorder radius="lg">
          {needsLogin ? (
            <Center p="xl">
              <Stack align="center" gap="sm" data-testid="airdrop-login-needed">
                <Text c="dimmed" ta="center">
                  {t(`list.loginFor.${filter}`)}
                </Text>
                <Button
                  onClick={viewer.login}
                  disabled={!viewer.canLogin}
                  leftSection={<IconWallet size={16} />}
                >
                  {t("list.login")}
                </Button>
              </Stack>
            </Center>
          ) : list.isError ? (
            <Alert color="red" variant="light" m="md">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{errorText(list.error) ?? t("errors.unexpected")}</Text>
                <Button size="xs" variant="default" onClick={() => void list.refetch()}>
                  {t("list.retry")}
                </Button>
              </Group>
            </Alert>
          ) : list.isPending ? (
            <Stack p="md" gap="sm">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} height={44} radius="md" />
              ))}
            </Stack>
          ) : (
            <Center p="xl">
              <Text c="dimmed" data-testid="airdrop-empty">
                {t(`list.empty.${filter}`)}
              </Text>
            </Center>
          )}
        </Card>
      )}
      {pages > 1 && !needsLogin && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
