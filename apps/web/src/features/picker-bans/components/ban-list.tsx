import { formatDateTime } from "@dropfair/core/date";
import { ActionIcon, Anchor, Avatar, Box, Card, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Ban } from "../api/get-bans";
import classes from "./picker-bans.module.css";

function profileUrl(username: string) {
  return `https://x.com/${encodeURIComponent(username)}`;
}

function RemoveButton({ ban, busy, onRemove }: { ban: Ban; busy: boolean; onRemove: (ban: Ban) => void }) {
  const { t } = useTranslation("picker-bans");
  const label = t("list.remove", { username: ban.username });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={label}
        loading={busy}
        onClick={() => onRemove(ban)}
        data-testid={`remove-ban-${ban.xUserId}`}
      >
        <svg
          width={18}
          height={18}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
        >
          <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
        </svg>
      </ActionIcon>
    </Tooltip>
  );
}

function User({ ban }: { ban: Ban }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar name={ban.username} color="initials" radius="xl" size={36} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor
          href={profileUrl(ban.username)}
          target="_blank"
          rel="noopener noreferrer"
          fw={600}
          size="sm"
          truncate
        >
          @{ban.username}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace" truncate>
          {ban.xUserId}
        </Text>
      </Stack>
    </Group>
  );
}

export type BanListProps = {
  bans: readonly Ban[];
  canManage: boolean;
  removing: string | undefined;
  onRemove: (ban: Ban) => void;
};

/** The ban list: a table on wide screens, cards on phones. */
export function BanList({ bans, canManage, removing, onRemove }: BanListProps) {
  const { t } = useTranslation("picker-bans");
  return (
    <>
      <Box visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover data-testid="ban-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("list.user")}</Table.Th>
              <Table.Th>{t("list.reason")}</Table.Th>
              <Table.Th>{t("list.addedBy")}</Table.Th>
              <Table.Th>{t("list.time")}</Table.Th>
              {canManage && <Table.Th w={56} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bans.map((ban) => (
              <Table.Tr key={ban.xUserId} data-testid="ban-row">
                <Table.Td maw={240}>
                  <User ban={ban} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" className={classes.reason}>
                    {ban.reason}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">@{ban.addedBy}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {formatDateTime(ban.createdAt)}
                  </Text>
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <RemoveButton ban={ban} busy={removing === ban.xUserId} onRemove={onRemove} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack gap="sm" hiddenFrom="sm" data-testid="ban-cards">
        {bans.map((ban) => (
          <Card key={ban.xUserId} padding="md" data-testid="ban-card">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <User ban={ban} />
                {canManage && <RemoveButton ban={ban} busy={removing === ban.xUserId} onRemove={onRemove} />}
              </Group>
              <Text size="sm" className={classes.reason}>
                {ban.reason}
              </Text>
              <Text size="xs" c="dimmed">
                {t("list.addedByAt", { username: ban.addedBy, time: formatDateTime(ban.createdAt) })}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
