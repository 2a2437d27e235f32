import { dayKeyOf, groupByDay, weekdayOfDay } from "@dropfair/core/news";
import { Center, Divider, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shared/i18n/use-locale";
import { useDrops } from "../api/get-drops";
import { DropCard, viewerOffsetMinutes } from "./drop-card";
import { DropsFilterBar } from "./drops-filters";
import { ListState, NewsPageHead, useUrlFilters } from "./drops-page";

/** The daily list shows up to this many of the latest listings in its window. */
const dailyLimit = 100;

/** daily: what was listed in the last 1, 7 or 30 days, grouped by the viewer's day, with weekday names. */
export function DailyPage() {
  const { t } = useTranslation("news");
  const locale = useLocale();
  const { filters, change } = useUrlFilters({ days: 1 });
  const list = useDrops({ ...filters, page: 1, pageSize: dailyLimit });
  const offset = viewerOffsetMinutes();
  const today = dayKeyOf(new Date(), offset);
  const groups = groupByDay(list.data?.items ?? [], (item) => new Date(item.listedAt), offset);
  return (
    <Stack gap="lg" data-testid="daily-page">
      <NewsPageHead title={t("daily.title")} subtitle={t("daily.subtitle")} />
      <DropsFilterBar
        filters={filters}
        onChange={(next) => change(next)}
        requireWindow
        show={{ category: true, status: false, keyword: true }}
      />
      <ListState query={list}>
        {groups.length === 0 ? (
          <Center p="xl">
            <Text c="dimmed" data-testid="daily-empty">
              {t("daily.empty")}
            </Text>
          </Center>
        ) : (
          <Stack gap="xl">
            {groups.map((group) => (
              <Stack key={group.day} gap="sm" data-testid="daily-day" data-day={group.day}>
                <Divider
                  labelPosition="left"
                  label={
                    <Title order={2} fz="lg" c="var(--mantine-color-text)" data-testid="daily-day-heading">
                      {t("daily.dayHeading", { day: group.day, weekday: weekdayOfDay(group.day, locale) })}
                      {group.day === today ? ` · ${t("daily.today")}` : ""}
                    </Title>
                  }
                />
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  {group.items.map((item) => (
                    <DropCard key={`${item.kind}-${item.id}`} item={item} />
                  ))}
                </SimpleGrid>
              </Stack>
            ))}
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}
