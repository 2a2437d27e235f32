import type { ReferralResultRow } from "@dropfair/schemas/referral";
import { Box, Card, Group, Loader, Pagination, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { resultsPageSize, useReferralResults } from "../api/get-referral-results";
import { pageCount } from "../model/share-link";

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function useNumber() {
  const { i18n } = useTranslation("referral");
  return (value: number) => value.toLocaleString(i18n.language === "cn" ? "zh-CN" : "en-US");
}

/** The reward for one referee: "+50" in green once earned, "Not yet" before. */
function Reward({ row }: { row: ReferralResultRow }) {
  const { t } = useTranslation("referral");
  const number = useNumber();
  return (
    <Text
      component="span"
      size="sm"
      c={row.rewardEp > 0 ? "jade" : "dimmed"}
      fw={row.rewardEp > 0 ? 700 : 400}
      style={{ whiteSpace: "nowrap" }}
    >
      {row.rewardEp > 0 ? `+${number(row.rewardEp)}` : t("results.pending")}
    </Text>
  );
}

/** From the sm breakpoint: one table row per referee. */
function ResultRows({ rows, pointName }: { rows: ReferralResultRow[]; pointName: string }) {
  const { t } = useTranslation("referral");
  const number = useNumber();
  return (
    <Box visibleFrom="sm">
      <Table verticalSpacing="xs" fz="sm" data-testid="referral-results-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("results.account")}</Table.Th>
            <Table.Th ta="right">{t("results.level")}</Table.Th>
            <Table.Th ta="right">{t("results.missions")}</Table.Th>
            <Table.Th ta="right">{t("results.reward", { pointName })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.account}:${row.joinedAt}`} data-testid="referral-result-row">
              <Table.Td ff="monospace">{row.account}</Table.Td>
              <Table.Td ta="right">{t("results.levelValue", { level: row.level })}</Table.Td>
              <Table.Td ta="right">{number(row.missionsFinished)}</Table.Td>
              <Table.Td ta="right">
                <Reward row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** Below the sm breakpoint: one card per referee, so nothing scrolls sideways. */
function ResultCards({ rows, pointName }: { rows: ReferralResultRow[]; pointName: string }) {
  const { t } = useTranslation("referral");
  const number = useNumber();
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="referral-result-cards">
      {rows.map((row) => (
        <Card
          key={`${row.account}:${row.joinedAt}`}
          withBorder
          padding="sm"
          data-testid="referral-result-card"
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" ff="monospace">
              {row.account}
            </Text>
            <Text size="sm" c="dimmed" ta="right">
              {t("results.cardReward", { pointName })} <Reward row={row} />
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t("results.levelValue", { level: row.level })} ·{" "}
            {t("results.missionsCount", {
              count: row.missionsFinished,
              missions: number(row.missionsFinished),
            })}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** The users the signed-in user referred: account, level, missions finished, reward; totals and pages. */
export function ResultsTable({ token, pointName }: { token: string; pointName: string }) {
  const { t } = useTranslation("referral");
  const number = useNumber();
  const [page, setPage] = useState(1);
  const results = useReferralResults(token, page);
  return (
    <Card withBorder padding="lg" data-testid="referral-results">
      <Stack gap="sm">
        <Title order={3}>{t("results.title")}</Title>
        {results.isPending ? (
          <Loader size="sm" />
        ) : results.isError ? (
          <Text c="red">{results.error.message}</Text>
        ) : (
          <>
            <SimpleGrid cols={3} spacing="sm">
              <Total
                label={t("results.referees")}
                value={number(results.data.totals.referees)}
                testId="referral-total-referees"
              />
              <Total
                label={t("results.qualified")}
                value={number(results.data.totals.rewardedReferees)}
                testId="referral-total-qualified"
              />
              <Total
                label={t("results.earned", { pointName })}
                value={number(results.data.totals.rewardEp)}
                testId="referral-total-earned"
              />
            </SimpleGrid>
            {results.data.rows.length === 0 ? (
              <Text c="dimmed" data-testid="referral-results-empty">
                {t("results.empty")}
              </Text>
            ) : (
              <>
                <ResultRows rows={results.data.rows} pointName={pointName} />
                <ResultCards rows={results.data.rows} pointName={pointName} />
              </>
            )}
            {pageCount(results.data.totals.referees, resultsPageSize) > 1 && (
              <Group justify="center">
                <Pagination
                  total={pageCount(results.data.totals.referees, resultsPageSize)}
                  value={page}
                  onChange={setPage}
                  size="sm"
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
