import { shortAddress } from "@dropfair/core/address";
import { formatDateTime } from "@dropfair/core/date";
import { formatAmount } from "@dropfair/core/format";
import type { AirdropSummary } from "@dropfair/schemas/airdrop";
import { airdropListFilters } from "@dropfair/schemas/codes";
import { Button, Group, SegmentedControl, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import {
  ListCard,
  ListCards,
  ListField,
  ListResults,
  ListTable,
  ListTitleLink,
  useListFilter,
} from "../../../shared/ui/campaign-list";
import { IconGift } from "../../../shared/ui/icons";
import { type AirdropListFilter, useAirdrops } from "../api/get-airdrops";
import { useAirdropErrorText } from "../hooks/use-airdrop-error";
import { formatReward, withSymbol } from "../model/amounts";
import type { AirdropViewer } from "../model/integrations";
import { ChainLabel } from "./chain-label";
import { AirdropStatusBadge } from "./status-badge";

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
  const columns = [
    "creator",
    "name",
    "status",
    "accountType",
    "totalPrize",
    "claimablePrize",
    "start",
    "end",
    "blockchain",
  ];
  return (
    <ListTable
      minWidth={1080}
      columns={columns.map((column) => t(`list.columns.${column}`))}
      testId="airdrop-table"
    >
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
              <ListTitleLink to={to} onClick={(event) => event.stopPropagation()} testId="airdrop-name">
                {airdrop.title}
              </ListTitleLink>
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
    </ListTable>
  );
}

/** A card field whose value is a text (the chain is a label of its own). */
function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <ListField label={label}>
      {typeof value === "string" ? (
        <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {value}
        </Text>
      ) : (
        value
      )}
    </ListField>
  );
}

/** Narrow screens: one card per airdrop instead of the wide table. */
function AirdropCards({ items }: { items: readonly AirdropSummary[] }) {
  const { t } = useTranslation("airdrop");
  const rowText = useRowText();
  return (
    <ListCards testId="airdrop-cards">
      {items.map((airdrop) => {
        const text = rowText(airdrop);
        return (
          <ListCard
            key={airdrop.id}
            to={paths.airdropDetail.build({ id: airdrop.id })}
            title={airdrop.title}
            badge={<AirdropStatusBadge status={airdrop.status} style={{ flexShrink: 0 }} />}
            testId="airdrop-card"
            footer={
              <Text size="xs" c="dimmed" ff="monospace">
                {t("list.createdBy", { creator: shortCreator(airdrop.creator) })}
              </Text>
            }
          >
            <Field label={t("list.columns.totalPrize")} value={text.total} />
            <Field label={t("list.columns.claimablePrize")} value={text.claimable} />
            <Field label={t("list.columns.start")} value={text.start} />
            <Field label={t("list.columns.end")} value={text.end} />
            <Field label={t("list.columns.accountType")} value={text.idType} />
            <Field label={t("list.columns.blockchain")} value={<ChainLabel chainId={airdrop.chainId} />} />
          </ListCard>
        );
      })}
    </ListCards>
  );
}

export type AirdropListPageProps = { viewer: AirdropViewer };

/** The airdrop list: All, My Creation and My Wins, an optional status, the table, and Create. */
export function AirdropListPage({ viewer }: AirdropListPageProps) {
  const { t } = useTranslation("airdrop");
  const errorText = useAirdropErrorText();
  const { filter, changeFilter, page, setPage, pageSize, paging } = useListFilter<AirdropListFilter>("all");
  const [status, setStatus] = useState<string | null>(null);
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
  const rows = list.data?.items ?? [];

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
          onChange={(value) => changeFilter(value as AirdropListFilter)}
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

      <ListResults
        testIdPrefix="airdrop"
        rowCount={rows.length}
        table={<AirdropTable items={rows} />}
        cards={<AirdropCards items={rows} />}
        query={list}
        errorText={(error) => errorText(error) ?? t("errors.unexpected")}
        needsLogin={needsLogin}
        viewer={viewer}
        texts={{
          loginNeeded: t(`list.loginFor.${filter}`),
          signIn: t("list.login"),
          retry: t("list.retry"),
          empty: t(`list.empty.${filter}`),
        }}
        paging={paging(list.data?.total)}
      />
    </Stack>
  );
}
