import { shortAddress } from "@dropfair/core/address";
import { formatDateTime } from "@dropfair/core/date";
import {
  Alert,
  Anchor,
  Avatar,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { liftTipsBan } from "../api/actions";
import { tipsCampaignKey, useTipsBans, useTipsCampaign, useTipsReports } from "../api/campaigns";
import { useReportTipsError, useTipsErrorText } from "../hooks/use-tips-error";
import { type TipsViewer, viewerKey } from "../model/integrations";

const pageSize = 50;

type Account = { xUserId: string; username: string | null; name: string; avatarUrl: string | null };

function AccountCell({ account }: { account: Account }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={account.avatarUrl} alt={account.name} size={26} radius="xl" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate maw={180}>
          {account.name}
        </Text>
        <Text size="xs" c="dimmed">
          {account.username ? `@${account.username}` : account.xUserId}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * One ban or report on a narrow screen, where the table's columns do not fit: the account, then who acted (short
 * address, the whole one in its title), the reason and the time, stacked.
 */
function EntryCard({
  account,
  byLabel,
  by,
  reason,
  time,
  action,
  testId,
}: {
  account: Account;
  byLabel: string;
  by: string;
  reason: string;
  time: string;
  action?: React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation("tips");
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <AccountCell account={account} />
          {action}
        </Group>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {reason}
        </Text>
        <Text size="xs" c="dimmed">
          {byLabel}{" "}
          <Text span ff="monospace" fz="xs" title={by}>
            {shortAddress(by)}
          </Text>
          {" · "}
          <span title={t("bans.columns.time")}>{formatDateTime(time)}</span>
        </Text>
      </Stack>
    </Card>
  );
}

/** The abuse reports about the campaign's participants, for its organizers. */
function ReportsPanel({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation("tips");
  const reports = useTipsReports(campaignId, true);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="tips-reports">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t("bans.reports")}
        </Title>
        {reports.isPending ? (
          <Loader size="sm" />
        ) : reports.isError || reports.data.rows.length === 0 ? (
          <Text c="dimmed">{t("bans.noReports")}</Text>
        ) : (
          <>
            <Box visibleFrom="sm">
              <Table.ScrollContainer minWidth={640} type="native">
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("bans.columns.user")}</Table.Th>
                      <Table.Th>{t("bans.reporter")}</Table.Th>
                      <Table.Th>{t("bans.columns.reason")}</Table.Th>
                      <Table.Th>{t("bans.columns.time")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {reports.data.rows.map((report) => (
                      <Table.Tr key={report.id} data-testid="tips-report-row">
                        <Table.Td>
                          <AccountCell account={report.user} />
                        </Table.Td>
                        <Table.Td fz="xs" ff="monospace">
                          {report.reporter}
                        </Table.Td>
                        <Table.Td fz="sm">{report.reason}</Table.Td>
                        <Table.Td fz="sm" style={{ whiteSpace: "nowrap" }}>
                          {formatDateTime(report.time)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Box>
            <Stack gap="xs" hiddenFrom="sm">
              {reports.data.rows.map((report) => (
                <EntryCard
                  key={report.id}
                  account={report.user}
                  byLabel={t("bans.reporter")}
                  by={report.reporter}
                  reason={report.reason}
                  time={report.time}
                  testId="tips-report-card"
                />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}

function BanTable({ campaignId, canModerate }: { campaignId: number; canModerate: boolean }) {
  const { t } = useTranslation("tips");
  const queryClient = useQueryClient();
  const errorText = useTipsErrorText();
  const reportError = useReportTipsError();
  const [order, setOrder] = useState<"latest" | "oldest">("latest");
  const [page, setPage] = useState(1);
  const bans = useTipsBans(campaignId, order, page, pageSize);
  const lift = useMutation({
    mutationFn: (xUserId: string) => liftTipsBan(campaignId, xUserId),
    onSuccess: () => {
      notifications.show({ color: "green", message: t("bans.lifted") });
      void queryClient.invalidateQueries({ queryKey: tipsCampaignKey(campaignId) });
    },
    onError: reportError,
  });
  const pages = Math.max(1, Math.ceil((bans.data?.total ?? 0) / pageSize));
  const liftButton = (xUserId: string) => (
    <Button
      size="compact-xs"
      variant="subtle"
      loading={lift.isPending && lift.variables === xUserId}
      onClick={() => lift.mutate(xUserId)}
      data-testid="tips-lift-ban"
    >
      {t("bans.lift")}
    </Button>
  );
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <SegmentedControl
          value={order}
          onChange={(value) => {
            setOrder(value as "latest" | "oldest");
            setPage(1);
          }}
          data={(["latest", "oldest"] as const).map((value) => ({ value, label: t(`bans.order.${value}`) }))}
          style={{ alignSelf: "flex-start" }}
          data-testid="tips-ban-order"
        />
        {bans.isError ? (
          <Alert color="red" variant="light">
            {errorText(bans.error) ?? t("errors.unexpected")}
          </Alert>
        ) : !bans.data ? (
          <Loader size="sm" />
        ) : bans.data.rows.length === 0 ? (
          <Text c="dimmed" data-testid="tips-bans-empty">
            {t("bans.empty")}
          </Text>
        ) : (
          <>
            <Box visibleFrom="sm">
              <Table.ScrollContainer minWidth={720} type="native">
                <Table verticalSpacing="xs" data-testid="tips-ban-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("bans.columns.user")}</Table.Th>
                      <Table.Th>{t("bans.columns.adder")}</Table.Th>
                      <Table.Th>{t("bans.columns.reason")}</Table.Th>
                      <Table.Th>{t("bans.columns.time")}</Table.Th>
                      {canModerate && <Table.Th />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {bans.data.rows.map((ban) => (
                      <Table.Tr
                        key={ban.user.xUserId}
                        data-testid="tips-ban-row"
                        data-user={ban.user.xUserId}
                      >
                        <Table.Td>
                          <AccountCell account={ban.user} />
                        </Table.Td>
                        <Table.Td fz="xs" ff="monospace">
                          {ban.adder}
                        </Table.Td>
                        <Table.Td fz="sm">{ban.reason}</Table.Td>
                        <Table.Td fz="sm" style={{ whiteSpace: "nowrap" }}>
                          {formatDateTime(ban.time)}
                        </Table.Td>
                        {canModerate && <Table.Td>{liftButton(ban.user.xUserId)}</Table.Td>}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Box>
            <Stack gap="xs" hiddenFrom="sm">
              {bans.data.rows.map((ban) => (
                <EntryCard
                  key={ban.user.xUserId}
                  account={ban.user}
                  byLabel={t("bans.columns.adder")}
                  by={ban.adder}
                  reason={ban.reason}
                  time={ban.time}
                  action={canModerate ? liftButton(ban.user.xUserId) : undefined}
                  testId="tips-ban-card"
                />
              ))}
            </Stack>
          </>
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

/**
 * tips/banned?campaign={id}: a campaign's ban list (user, who banned, reason, time; latest or oldest first).
 * Organizers lift bans here and read the abuse reports.
 */
export function BanListPage({ campaignId, viewer }: { campaignId: number | null; viewer: TipsViewer }) {
  const { t } = useTranslation("tips");
  const campaign = useTipsCampaign(campaignId ?? 0, viewerKey(viewer));
  if (campaignId === null)
    return (
      <Stack gap="md" data-testid="tips-ban-list">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("bans.title")}
        </Title>
        <Text c="dimmed">{t("bans.pick")}</Text>
        <Anchor component={LocaleLink} to={paths.tips.build()}>
          {t("campaign.back")}
        </Anchor>
      </Stack>
    );
  // Organizers (the creator, helpers, administrators) lift bans and read the reports.
  const canModerate = campaign.data?.canModerate ?? false;
  return (
    <Stack gap="lg" data-testid="tips-ban-list">
      <Stack gap={4}>
        <Anchor component={LocaleLink} to={paths.tipsDetail.build({ id: campaignId })} size="sm">
          ← {campaign.data?.title ?? t("campaign.back")}
        </Anchor>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("bans.title")}
        </Title>
      </Stack>
      {campaign.isPending ? (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      ) : (
        <>
          <BanTable campaignId={campaignId} canModerate={canModerate} />
          {canModerate && <ReportsPanel campaignId={campaignId} />}
        </>
      )}
    </Stack>
  );
}
