import type { Participant } from "@dropfair/schemas/picker";
import { Avatar, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ParticipantStanding } from "./participant-standing";
import classes from "./picker.module.css";

export type ParticipantRowProps = {
  participant: Participant;
  isOperator: boolean;
  canBan: boolean;
  onBan: (username: string) => void;
};

/** One entrant of the participants table. */
export function ParticipantRow({ participant, isOperator, canBan, onBan }: ParticipantRowProps) {
  const { t } = useTranslation(["picker", "common"]);
  return (
    <Table.Tr data-testid="participant-row">
      <Table.Td>{participant.rank ?? "–"}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Avatar src={participant.avatarUrl} size={26} radius="xl" alt="" />
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate maw={200}>
              @{participant.username}
            </Text>
            <Text size="xs" c="dimmed" truncate maw={200}>
              {participant.name}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td className={classes.mono} style={{ whiteSpace: "nowrap" }}>
        {participant.displayScore ?? "–"}
      </Table.Td>
      <Table.Td>
        {participant.role ? (
          <Badge variant="light" color={participant.role === "winner" ? "jade" : "blue"}>
            {t(`participants.roles.${participant.role}`)}
          </Badge>
        ) : (
          "–"
        )}
      </Table.Td>
      <Table.Td>
        <ParticipantStanding participant={participant} />
      </Table.Td>
      <Table.Td maw={220}>
        <Text size="xs" className={classes.mono}>
          {participant.info ?? (participant.infoSubmitted ? t("participants.infoHidden") : "–")}
        </Text>
      </Table.Td>
      {isOperator && (
        <Table.Td>
          {canBan && !participant.blackReason && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => onBan(participant.username)}
              data-testid="ban-user"
            >
              {t("participants.ban")}
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}
