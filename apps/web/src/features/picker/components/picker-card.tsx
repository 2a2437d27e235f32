import { formatDateTime } from "@dropfair/core/date";
import { formatAmount, formatCompact } from "@dropfair/core/format";
import type { PickerSummary } from "@dropfair/schemas/picker";
import { Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import classes from "./picker.module.css";
import { StatusBadge } from "./status-badge";

/** The reward as one line: the amount and/or the text. */
export function rewardLine(rewardAmount: string | null, rewardText: string) {
  const amount = rewardAmount ? formatAmount(rewardAmount) : "";
  return [amount, rewardText.trim()].filter(Boolean).join(" ");
}

/** One picker in a list: status, host, post text, winners, reward and entries. */
export function PickerCard({ picker }: { picker: PickerSummary }) {
  const { t } = useTranslation("picker");
  const reward = rewardLine(picker.rewardAmount, picker.rewardText);
  return (
    <Card
      component={LocaleLink}
      to={paths.picker2Detail.build({ id: picker.id })}
      className={classes.cardLink}
      padding="md"
      data-testid="picker-card"
    >
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={650} size="sm" truncate>
              @{picker.ownerUsername}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(picker.createdAt)}
            </Text>
          </Stack>
          <StatusBadge version={2} status={picker.status} size="sm" />
        </Group>
        <Text size="sm" c="dimmed" className={classes.clamp} mih={40}>
          {picker.postText || t("card.noText")}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" truncate>
            {t("card.winners", { count: picker.winnerCount })} ·{" "}
            {t("card.entries", { count: picker.entryCount, formatted: formatCompact(picker.entryCount) })}
          </Text>
          {reward && (
            <Text size="xs" fw={650} c="jade.8" truncate maw="55%">
              {reward}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
