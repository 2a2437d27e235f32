import { shortAddress } from "@dropfair/core/address";
import { formatDateTime } from "@dropfair/core/date";
import type { AdminAction } from "@dropfair/schemas/admin";
import {
  Box,
  Button,
  Card,
  Code,
  Container,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuditTrail } from "../api/audit-trail";
import { XSpendingCard } from "./x-spending-card";

const actionFilter = /^[a-z][a-z0-9-]*\.([a-z][a-z0-9-]*)?$/;

/** The action's details, one `key: value` line each (values other than text as JSON). */
function Details({ row }: { row: AdminAction }) {
  return (
    <Stack gap={0}>
      {Object.entries(row.details).map(([key, value]) => (
        <Text key={key} size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {key}: {typeof value === "string" ? value : JSON.stringify(value)}
        </Text>
      ))}
    </Stack>
  );
}

/** From the sm breakpoint: one table row per action. */
function AuditTable({ rows }: { rows: AdminAction[] }) {
  const { t } = useTranslation("admin");
  return (
    <Box visibleFrom="sm">
      <Table verticalSpacing="xs" data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("audit.when")}</Table.Th>
            <Table.Th>{t("audit.who")}</Table.Th>
            <Table.Th>{t("audit.what")}</Table.Th>
            <Table.Th>{t("audit.target")}</Table.Th>
            <Table.Th>{t("audit.details")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="audit-row">
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(row.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={row.actor} style={{ whiteSpace: "nowrap" }}>
                  {shortAddress(row.actor)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{row.action}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {row.targetKind} #{row.targetId}
                </Text>
              </Table.Td>
              <Table.Td>
                <Details row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** Below the sm breakpoint: one card per action, so nothing scrolls sideways. */
function AuditCards({ rows }: { rows: AdminAction[] }) {
  const { t } = useTranslation("admin");
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="audit-cards">
      {rows.map((row) => (
        <Card key={row.id} withBorder padding="sm" data-testid="audit-card">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Code>{row.action}</Code>
              <Text size="sm">
                {row.targetKind} #{row.targetId}
              </Text>
            </Group>
            <Details row={row} />
            <Text size="xs" c="dimmed">
              {t("audit.byAt", { admin: shortAddress(row.actor), time: formatDateTime(row.createdAt) })}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * What every administrator did (who, what, on which object, when), for administrators; `children` (other
 * administrators' lists the route composes) follow the trail.
 */
export function AuditTrailPage({
  signedIn,
  isAdmin,
  children,
}: {
  signedIn: boolean;
  isAdmin: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const [typed, setTyped] = useState("");
  const action = actionFilter.test(typed.trim()) ? typed.trim() : undefined;
  const trail = useAuditTrail(action, isAdmin);
  const rows = trail.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={2}>{t("audit.title")}</Title>
        {!signedIn ? (
          <Text c="dimmed" data-testid="audit-sign-in">
            {t("audit.signIn")}
          </Text>
        ) : !isAdmin ? (
          <Text c="dimmed" data-testid="audit-admins-only">
            {t("audit.adminsOnly")}
          </Text>
        ) : (
          <>
            <XSpendingCard />
            <Card withBorder padding="lg">
              <Stack gap="sm">
                <TextInput
                  label={t("audit.filter")}
                  description={t("audit.filterHint")}
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  maw={360}
                  data-testid="audit-filter"
                />
                {trail.isPending ? (
                  <Loader size="sm" />
                ) : trail.isError ? (
                  <Text c="red">{trail.error.message}</Text>
                ) : rows.length === 0 ? (
                  <Text c="dimmed" data-testid="audit-empty">
                    {t("audit.empty")}
                  </Text>
                ) : (
                  <>
                    <AuditTable rows={rows} />
                    <AuditCards rows={rows} />
                  </>
                )}
                {trail.hasNextPage && (
                  <Group justify="center">
                    <Button
                      variant="light"
                      onClick={() => void trail.fetchNextPage()}
                      loading={trail.isFetchingNextPage}
                      data-testid="audit-more"
                    >
                      {t("audit.more")}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Card>
          </>
        )}
        {signedIn && isAdmin && children}
      </Stack>
    </Container>
  );
}
