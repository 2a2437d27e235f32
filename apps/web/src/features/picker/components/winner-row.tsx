import type { Participant } from "@dropfair/schemas/picker";
import { Avatar, Badge, Checkbox, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconCheck } from "../../../shared/ui/icons";
import classes from "./picker.module.css";

/** One ranked entrant: rank, account, score, the submitted info, and what the host may do with it. */
export function WinnerRow({
  participant,
  selectable,
  selected,
  onSelectedChange,
  actions,
  showInfo,
}: {
  participant: Participant;
  selectable?: boolean;
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
  actions?: React.ReactNode;
  showInfo?: boolean;
}) {
  const { t } = useTranslation("picker");
  return (
    <Stack gap={2} py={6} data-testid="winner-row" data-username={participant.username}>
      <Group gap="xs" wrap="nowrap">
        {selectable && (
          <Checkbox
            checked={selected ?? false}
            onChange={(event) => onSelectedChange?.(event.currentTarget.checked)}
            aria-label={t("winners.select", { username: participant.username })}
            data-testid="winner-select"
          />
        )}
        <Badge
          variant="light"
          color={participant.role === "winner" ? "jade" : "gray"}
          miw={40}
          size="lg"
          px={6}
        >
          #{participant.rank ?? "–"}
        </Badge>
        <Avatar src={participant.avatarUrl} size={32} radius="xl" alt="" visibleFrom="xs" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={650} truncate>
            @{participant.username}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {participant.name}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={650} className={classes.mono} data-testid="winner-score">
            {participant.displayScore ?? "–"}
          </Text>
          <Text size="xs" c="dimmed">
            {t("winners.score")}
          </Text>
        </Stack>
        {actions}
      </Group>
      {showInfo && participant.infoSubmitted && (
        <Group gap={6} wrap="nowrap" pl={selectable ? 80 : 50} c="jade.8">
          <IconCheck size={14} />
          <Text size="xs" className={classes.mono} data-testid="winner-info" c="dimmed">
            {participant.info ?? t("winners.infoSubmitted")}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
