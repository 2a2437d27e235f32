import { shortAddress } from "@dropfair/core/address";
import { formatDateTime } from "@dropfair/core/date";
import {
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
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuditTrail } from "../api/audit-trail";

const actionFilter = /^[a-z][a-z0-9-]*\.([a-z][a-z0-9-]*)?$/;

/** What every administrator did (who, what, on which object, when), for administrators. */
export function AuditTrailPage({ signedIn, isAdmin }: { signedIn: boolean; isAdmin: boolean }) {
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
                <Table.ScrollContainer minWidth={640}>
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
                            <Text size="sm">{formatDateTime(row.createdAt)}</Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" title={row.actor}>
                              {shortAddress(row.actor)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Code>{row.action}</Code>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">
                              {row.targetKind} #{row.targetId}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                              {JSON.stringify(row.details)}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
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
        )}
      </Stack>
    </Container>
  );
}
