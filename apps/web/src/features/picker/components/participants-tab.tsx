import { Alert, Group, Pagination, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconSearch } from "../../../shared/ui/icons";
import { useBanParticipant } from "../api/ban-participant";
import { type ParticipantFilter, participantFilters, useParticipants } from "../api/get-participants";
import { usePickerErrorText } from "../hooks/use-picker-error";
import { ParticipantRow } from "./participant-row";
import classes from "./picker.module.css";
import { ReasonDialog } from "./reason-dialog";

const pageSize = 25;

/** Every entrant with score, rank, winner/substitute flag, reasons and (where visible) the collected info. */
export function ParticipantsTab({
  id,
  viewerKey,
  isOperator,
  canBan,
  report,
}: {
  id: number;
  viewerKey: string | undefined;
  isOperator: boolean;
  /** Bans change the eligible list: not while a committed draw waits for its block, nor once it is over. */
  canBan: boolean;
  report: (error: unknown, context?: { ownerAction?: boolean }) => void;
}) {
  const { t } = useTranslation(["picker", "common"]);
  const errorText = usePickerErrorText();
  const [filter, setFilter] = useState<ParticipantFilter>("all");
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, 400);
  const [page, setPage] = useState(1);
  const [banning, setBanning] = useState<string>();
  const ban = useBanParticipant(id);
  const participants = useParticipants(
    id,
    { page, size: pageSize, filter, search: debouncedSearch },
    viewerKey,
  );
  const pages = Math.max(1, Math.ceil((participants.data?.total ?? 0) / pageSize));

  return (
    <Stack gap="sm" data-testid="participants">
      <Group gap="sm" align="flex-end">
        <TextInput
          style={{ flex: 1, minWidth: 200 }}
          leftSection={<IconSearch size={16} />}
          placeholder={t("participants.search")}
          aria-label={t("participants.search")}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={50}
          data-testid="participants-search"
        />
        <Select
          w={180}
          aria-label={t("participants.filter")}
          value={filter}
          allowDeselect={false}
          onChange={(value) => {
            if (value) setFilter(value as ParticipantFilter);
            setPage(1);
          }}
          data={participantFilters.map((value) => ({ value, label: t(`participants.filters.${value}`) }))}
          data-testid="participants-filter"
        />
      </Group>
      {participants.isError && <Alert color="red">{errorText(participants.error)}</Alert>}
      <div className={classes.tableWrap}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          miw={760}
          className={classes.nowrapHead}
          data-testid="participants-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("participants.rank")}</Table.Th>
              <Table.Th>{t("participants.user")}</Table.Th>
              <Table.Th>{t("participants.score")}</Table.Th>
              <Table.Th>{t("participants.role")}</Table.Th>
              <Table.Th>{t("participants.standing")}</Table.Th>
              <Table.Th>{t("participants.info")}</Table.Th>
              {isOperator && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {participants.data?.rows.map((participant) => (
              <ParticipantRow
                key={participant.xUserId}
                participant={participant}
                isOperator={isOperator}
                canBan={canBan}
                onBan={setBanning}
              />
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {participants.data && participants.data.rows.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t("participants.empty")}
        </Text>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t("participants.total", { count: participants.data?.total ?? 0 })}
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Group>
      <ReasonDialog
        opened={banning !== undefined}
        title={t("participants.banTitle", { username: banning ?? "" })}
        description={t("participants.banExplain")}
        confirmLabel={t("participants.ban")}
        requiredKey="picker:reason.required"
        busy={ban.isPending}
        onClose={() => setBanning(undefined)}
        onConfirm={(reason) => {
          if (!banning) return;
          ban.mutate(
            { username: banning, reason },
            {
              onSuccess: () => {
                notifications.show({
                  color: "jade",
                  message: t("participants.bannedDone", { username: banning }),
                });
                setBanning(undefined);
              },
              onError: (error) => report(error, { ownerAction: true }),
            },
          );
        }}
      />
    </Stack>
  );
}
