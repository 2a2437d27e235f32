import { shortAddress } from "@dropfair/core/address";
import { formatDateTime } from "@dropfair/core/date";
import type { PointsGrant } from "@dropfair/schemas/points";
import { Box, Card, Group, Loader, Pagination, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { grantsPageSize, usePointsGrants } from "../api/points-grants";
import { signedAmount } from "../model/points-display";

function Amount({ grant }: { grant: PointsGrant }) {
  const { i18n } = useTranslation("points");
  return (
    <Text size="sm" fw={700} c={grant.amount < 0 ? "red" : "jade"} style={{ whiteSpace: "nowrap" }}>
      {signedAmount(grant.amount, i18n.language)}
    </Text>
  );
}

function Wallet({ address }: { address: string }) {
  return (
    <Text size="sm" ff="monospace" title={address} style={{ whiteSpace: "nowrap" }}>
      {shortAddress(address)}
    </Text>
  );
}

/** From the sm breakpoint: a table of when, who, whom, how much and why. */
function GrantRows({ grants, pointName }: { grants: PointsGrant[]; pointName: string }) {
  const { t } = useTranslation("points");
  return (
    <Box visibleFrom="sm">
      <Table verticalSpacing="xs" data-testid="points-grants-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("grants.when")}</Table.Th>
            <Table.Th>{t("grants.admin")}</Table.Th>
            <Table.Th>{t("grants.user")}</Table.Th>
            <Table.Th ta="right">{t("grants.amount", { pointName })}</Table.Th>
            <Table.Th>{t("grants.reason")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grants.map((grant) => (
            <Table.Tr key={grant.id} data-testid="points-grant-row">
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(grant.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Wallet address={grant.actor} />
              </Table.Td>
              <Table.Td>
                <Wallet address={grant.address} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount grant={grant} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {grant.reason}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** Below the sm breakpoint: one card per grant, so nothing scrolls sideways. */
function GrantCards({ grants }: { grants: PointsGrant[] }) {
  const { t } = useTranslation("points");
  return (
    <Stack gap="xs" hiddenFrom="sm">
      {grants.map((grant) => (
        <Card key={grant.id} withBorder padding="sm" data-testid="points-grant-card">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Wallet address={grant.address} />
              <Amount grant={grant} />
            </Group>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {grant.reason}
            </Text>
            <Text size="xs" c="dimmed">
              {t("grants.byAt", { admin: shortAddress(grant.actor), time: formatDateTime(grant.createdAt) })}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Administrators' grants and revocations of points, newest first, a page at a time: who granted, to whom, how
 * much and why. Asks the server nothing unless `isAdmin` (the server checks again).
 */
export function PointsGrantsList({ isAdmin, pointName }: { isAdmin: boolean; pointName: string }) {
  const { t } = useTranslation("points");
  const [page, setPage] = useState(1);
  const grants = usePointsGrants(page, isAdmin);
  const pages = grants.data ? Math.max(1, Math.ceil(grants.data.total / grantsPageSize)) : 1;
  return (
    <Card withBorder padding="lg" data-testid="points-grants">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3}>{t("grants.title", { pointName })}</Title>
          <Text size="sm" c="dimmed">
            {t("grants.hint")}
          </Text>
        </Stack>
        {grants.isPending ? (
          <Loader size="sm" />
        ) : grants.isError ? (
          <Text c="red">{grants.error.message}</Text>
        ) : grants.data.rows.length === 0 ? (
          <Text c="dimmed" data-testid="points-grants-empty">
            {t("grants.empty", { pointName })}
          </Text>
        ) : (
          <>
            <GrantRows grants={grants.data.rows} pointName={pointName} />
            <GrantCards grants={grants.data.rows} />
          </>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              data-testid="points-grants-pages"
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
