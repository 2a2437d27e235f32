import { formatNumber } from "@dropfair/core/format";
import type { PickerDetail } from "@dropfair/schemas/picker";
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { exclusionLabelKey, sortedExclusions } from "../model/exclusion";
import classes from "./picker.module.css";

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={classes.stat}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={22} fw={750} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

const integer = (value: number) => formatNumber(value).replace(/\.00$/, "");

/** Public counts (entries, eligible, excluded per reason) and the rules the entries were checked against. */
export function PickerCounts({ picker }: { picker: PickerDetail }) {
  const { t } = useTranslation("picker");
  const exclusions = sortedExclusions(picker.excludedCounts);
  const excludedTotal = exclusions.reduce((sum, [, count]) => sum + count, 0);
  const filters = picker.filters;
  const rules: string[] = [];
  if (picker.requireRetweet) rules.push(t("rules.retweet"));
  if (picker.requireReply) rules.push(t("rules.reply"));
  for (const target of picker.followTargets) rules.push(t("rules.follow", { username: target.username }));
  for (const key of ["profilePicture", "banner", "description", "location", "verified"] as const) {
    if (filters[key]) rules.push(t(`filters.${key}`));
  }
  if (filters.minTweetCount) rules.push(t("rules.minTweets", { count: filters.minTweetCount }));
  if (filters.minAccountAgeDays) rules.push(t("rules.accountAge", { count: filters.minAccountAgeDays }));
  if (filters.lastPostWithinDays) rules.push(t("rules.lastPost", { count: filters.lastPostWithinDays }));

  return (
    <Card padding="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Stat label={t("counts.entries")} value={integer(picker.entryCount)} testId="count-entries" />
          <Stat label={t("counts.eligible")} value={integer(picker.eligibleCount)} testId="count-eligible" />
          <Stat label={t("counts.excluded")} value={integer(excludedTotal)} testId="count-excluded" />
          <Stat label={t("counts.winners")} value={integer(picker.winnerCount)} testId="count-winners" />
        </SimpleGrid>
        {picker.progress.limited === true && picker.entryLimit !== null && (
          <Text size="sm" c="orange.8" data-testid="entries-limited">
            {t("pipeline.limited", { count: picker.entryLimit })}
          </Text>
        )}
        {exclusions.length > 0 && (
          <Stack gap={6}>
            <Title order={3} fz="sm">
              {t("counts.excludedBy")}
            </Title>
            <Group gap={6} data-testid="excluded-reasons">
              {exclusions.map(([reason, count]) => (
                <Badge key={reason} variant="default" tt="none" fw={500} size="lg">
                  {t(exclusionLabelKey(reason))}: {integer(count)}
                </Badge>
              ))}
            </Group>
          </Stack>
        )}
        <Stack gap={6}>
          <Title order={3} fz="sm">
            {t("rules.title")}
          </Title>
          {rules.length > 0 ? (
            <Group gap={6}>
              {rules.map((rule) => (
                <Badge key={rule} variant="light" color="gray" tt="none" fw={500} size="lg">
                  {rule}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t("rules.none")}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t("rules.info", {
              type: picker.infoType === "custom" ? picker.infoName : t(`infoType.${picker.infoType}`),
            })}
            {picker.entryLimit !== null && ` · ${t("rules.entryLimit", { count: picker.entryLimit })}`}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
