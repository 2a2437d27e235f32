import { shortAddress } from "@dropfair/core/address";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import { airdropClaimStates } from "@dropfair/schemas/codes";
import { Anchor, Badge, Card, Group, Pagination, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";
import { transactionUrl } from "../../../shared/lib/explorer";
import { IconSearch } from "../../../shared/ui/icons";
import { useParticipants } from "../api/get-participants";
import { formatBaseUnits, formatCount } from "../model/amounts";
import classes from "./airdrop.module.css";

const pageSize = 20;

/** The campaign's participant list: paged, searchable, with each row's amount and claim. */
export function ParticipantsTable({
  detail,
  chain,
}: {
  detail: AirdropDetail;
  chain: ChainRecord | undefined;
}) {
  const { t } = useTranslation("airdrop");
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const list = useParticipants(detail.id, { page, pageSize, search: debounced });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="campaign-participants">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h4">
            {t("campaign.participants", { count: detail.participantCount })}
          </Title>
          <TextInput
            placeholder={t("campaign.search")}
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: "100%", xs: 260 }}
            aria-label={t("campaign.search")}
            data-testid="participants-search"
          />
        </Group>
        <Table.ScrollContainer minWidth={640} type="native">
          <Table striped fz="sm" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t("participants.columns.account")}</Table.Th>
                <Table.Th>{t("participants.columns.weight")}</Table.Th>
                <Table.Th>{t("participants.columns.amount")}</Table.Th>
                <Table.Th>{t("participants.columns.claim")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((row) => {
                const url = row.claimTxHash ? transactionUrl(chain, row.claimTxHash) : undefined;
                return (
                  <Table.Tr key={row.index} data-testid="participant-row">
                    <Table.Td>{row.index + 1}</Table.Td>
                    <Table.Td className={classes.monoCell}>{row.label || row.account}</Table.Td>
                    <Table.Td>{row.weight}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {(detail.rewardType === "nft"
                        ? formatCount(row.amount)
                        : formatBaseUnits(row.amount, detail.tokenDecimals)) || "—"}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Badge
                          size="sm"
                          variant="light"
                          color={row.claimState === airdropClaimStates.claimed ? "jade" : "gray"}
                        >
                          {t(
                            row.claimState === airdropClaimStates.claimed
                              ? "claimStates.claimed"
                              : "claimStates.claimable",
                          )}
                        </Badge>
                        {row.claimTxHash &&
                          (url ? (
                            <Anchor
                              href={url}
                              target="_blank"
                              rel="noopener noreferrer"
                              size="xs"
                              ff="monospace"
                            >
                              {shortAddress(row.claimTxHash)}
                            </Anchor>
                          ) : (
                            <Text size="xs" ff="monospace" c="dimmed">
                              {shortAddress(row.claimTxHash)}
                            </Text>
                          ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.data && list.data.items.length === 0 && (
          <Text c="dimmed" size="sm" ta="center">
            {t("campaign.noParticipants")}
          </Text>
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
