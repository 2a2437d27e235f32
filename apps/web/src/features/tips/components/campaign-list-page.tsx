import { formatDateTime } from "@dropfair/core/date";
import { type TipsCampaignSummary, type TipsListFilter, tipsListFilters } from "@dropfair/schemas/tips";
import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
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
import { useTipsCampaigns } from "../api/campaigns";
import { useTipsErrorText } from "../hooks/use-tips-error";
import { formatPrize, timeLeft } from "../model/display";
import { type TipsViewer, viewerKey } from "../model/integrations";
import { ChainName } from "./chain-name";
import { TipsStatusBadge } from "./status-badge";

/** The prize with its token symbol ("1,000.00 DFT"). */
export function PrizeText({ campaign }: { campaign: TipsCampaignSummary }) {
  return (
    <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }} data-testid="tips-prize">
      {formatPrize(campaign.totalPrize, campaign.tokenDecimals)} {campaign.tokenSymbol}
    </Text>
  );
}

/** "Starts in …", "Ends in …" or "Over", from the campaign's times. */
function TimeLeftText({ campaign }: { campaign: TipsCampaignSummary }) {
  const { t } = useTranslation("tips");
  const now = Date.now();
  const upcoming = new Date(campaign.startAt).getTime() > now;
  const left = timeLeft(upcoming ? campaign.startAt : campaign.endAt, now);
  const text = left.passed ? t("list.over") : t(upcoming ? "list.startsIn" : "list.endsIn", left);
  return (
    <Text size="xs" c="dimmed" data-testid="tips-time-left">
      {text}
    </Text>
  );
}

function EarnedText({ campaign }: { campaign: TipsCampaignSummary }) {
  const { t } = useTranslation("tips");
  return (
    <Text size="sm" style={{ whiteSpace: "nowrap" }} data-testid="tips-my-earned">
      {campaign.myEarned === null
        ? t("list.notJoined")
        : `${formatPrize(campaign.myEarned, campaign.tokenDecimals)} ${campaign.tokenSymbol}`}
    </Text>
  );
}

function StatusCell({ campaign }: { campaign: TipsCampaignSummary }) {
  const { t } = useTranslation("tips");
  return (
    <Stack gap={4} align="flex-start">
      <TipsStatusBadge status={campaign.status} />
      {!campaign.funded && (
        <Text size="xs" c="orange" data-testid="tips-unfunded">
          {t("list.unfunded")}
        </Text>
      )}
    </Stack>
  );
}

function CampaignTable({ campaigns }: { campaigns: readonly TipsCampaignSummary[] }) {
  const { t } = useTranslation("tips");
  const columns = ["title", "status", "prize", "participants", "time", "myEarned"];
  return (
    <ListTable
      minWidth={960}
      columns={columns.map((column) => t(`list.columns.${column}`))}
      testId="tips-table"
    >
      {campaigns.map((campaign) => (
        <Table.Tr key={campaign.id} data-testid="tips-row">
          <Table.Td maw={280}>
            <ListTitleLink to={paths.tipsDetail.build({ id: campaign.id })} testId="tips-title">
              {campaign.title}
            </ListTitleLink>
          </Table.Td>
          <Table.Td>
            <StatusCell campaign={campaign} />
          </Table.Td>
          <Table.Td>
            <Stack gap={2}>
              <PrizeText campaign={campaign} />
              <ChainName chainId={campaign.chainId} />
            </Stack>
          </Table.Td>
          <Table.Td fz="sm" data-testid="tips-participants">
            {t("list.participants", { count: campaign.participants })}
          </Table.Td>
          <Table.Td fz="sm">
            <Stack gap={0}>
              <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                {formatDateTime(campaign.startAt)} – {formatDateTime(campaign.endAt)}
              </Text>
              <TimeLeftText campaign={campaign} />
            </Stack>
          </Table.Td>
          <Table.Td>
            <EarnedText campaign={campaign} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** Narrow screens: one card per campaign instead of the wide table. */
function CampaignCards({ campaigns }: { campaigns: readonly TipsCampaignSummary[] }) {
  const { t } = useTranslation("tips");
  return (
    <ListCards testId="tips-cards">
      {campaigns.map((campaign) => (
        <ListCard
          key={campaign.id}
          to={paths.tipsDetail.build({ id: campaign.id })}
          title={campaign.title}
          badge={<TipsStatusBadge status={campaign.status} style={{ flexShrink: 0 }} />}
          testId="tips-card"
        >
          <ListField label={t("list.columns.prize")}>
            <PrizeText campaign={campaign} />
          </ListField>
          <ListField label={t("list.columns.participants")}>
            <Text size="sm">{t("list.participants", { count: campaign.participants })}</Text>
          </ListField>
          <ListField label={t("list.columns.start")}>
            <Text size="sm">{formatDateTime(campaign.startAt)}</Text>
          </ListField>
          <ListField label={t("list.columns.end")}>
            <Text size="sm">{formatDateTime(campaign.endAt)}</Text>
          </ListField>
          <ListField label={t("list.columns.myEarned")}>
            <EarnedText campaign={campaign} />
          </ListField>
          <ListField label={t("list.columns.time")}>
            <TimeLeftText campaign={campaign} />
          </ListField>
        </ListCard>
      ))}
    </ListCards>
  );
}

/** The tips campaigns: all, running, upcoming, ended, the wallet's own or joined ones; newest first, 20 a page. */
export function CampaignListPage({ viewer }: { viewer: TipsViewer }) {
  const { t } = useTranslation("tips");
  const errorText = useTipsErrorText();
  const { filter, changeFilter, page, pageSize, paging, needsLogin } = useWalletListFilter<TipsListFilter>(
    "all",
    ["mine", "joined"],
    viewer.walletAddress,
  );
  const list = useTipsCampaigns(
    { filter, page, pageSize, viewer: viewerKey(viewer) },
    { enabled: !needsLogin },
  );
  const rows = list.data?.rows ?? [];

  return (
    <Stack gap="lg" data-testid="tips-list">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} style={{ flex: "1 1 320px" }}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("list.title")}
          </Title>
          <Text c="dimmed" maw={680}>
            {t("list.subtitle")}
          </Text>
        </Stack>
        <Button component={LocaleLink} to={paths.tipsCreate.build()} data-testid="tips-create-link">
          {t("list.create")}
        </Button>
      </Group>
      <ListFilterControl
        filters={tipsListFilters}
        value={filter}
        onChange={changeFilter}
        label={(value) => t(`list.filters.${value}`)}
        testId="tips-filter"
      />
      <ListResults
        testIdPrefix="tips"
        rowCount={rows.length}
        table={<CampaignTable campaigns={rows} />}
        cards={<CampaignCards campaigns={rows} />}
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
