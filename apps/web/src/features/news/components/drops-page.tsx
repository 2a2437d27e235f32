import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { apiUrl } from "../../../shared/api/client";
import { useLocale } from "../../../shared/i18n/use-locale";
import { IconNews } from "../../../shared/ui/icons";
import { useDrops } from "../api/get-drops";
import { type DropsFilters, filtersFromSearch, searchWithFilters } from "../model/filters";
import { DropCard } from "./drop-card";
import { DropsFilterBar } from "./drops-filters";

const pageSize = 12;

/** The filters in the URL and a way to change them (the scroll stays where it is). */
export function useUrlFilters(defaults: { days?: DropsFilters["days"] } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams, defaults);
  const change = (next: Partial<DropsFilters>) =>
    setSearchParams((current) => searchWithFilters(current, next), {
      replace: true,
      preventScrollReset: true,
      state: { keepScroll: true },
    });
  return { filters, change };
}

export function NewsPageHead({ title, subtitle }: { title: string; subtitle: string }) {
  const { t } = useTranslation("news");
  const locale = useLocale();
  const query = locale === "cn" ? { lang: "cn" } : undefined;
  const feedUrl = apiUrl("bounty", "/news/feed.xml", query);
  const atomUrl = apiUrl("bounty", "/news/feed.atom", query);
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={640}>
          {subtitle}
        </Text>
      </Stack>
      <Group gap="sm">
        <Anchor href={feedUrl} target="_blank" rel="noopener" size="sm" data-testid="news-feed-link">
          <Group gap={4} component="span">
            <IconNews size={16} />
            {t("drops.feed")}
          </Group>
        </Anchor>
        <Anchor href={atomUrl} target="_blank" rel="noopener" size="sm" data-testid="news-atom-link">
          {t("drops.feedAtom")}
        </Anchor>
      </Group>
    </Group>
  );
}

export function ListState({ query, children }: { query: ReturnType<typeof useDrops>; children: ReactNode }) {
  const { t } = useTranslation("news");
  if (query.isError)
    return (
      <Alert color="red" variant="light">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{query.error.message || t("drops.loadFailed")}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t("drops.retry")}
          </Button>
        </Group>
      </Alert>
    );
  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={220} radius="lg" />
        ))}
      </SimpleGrid>
    );
  return children;
}

/** drops: the aggregation list with category, status, time and keyword filters; administrators also curate. */
export function DropsPage({ adminPanel }: { adminPanel?: ReactNode }) {
  const { t } = useTranslation("news");
  const { filters, change } = useUrlFilters();
  const list = useDrops({ ...filters, pageSize });
  const pages = Math.min(100, Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize)));
  return (
    <Stack gap="lg" data-testid="drops-page">
      <NewsPageHead title={t("drops.title")} subtitle={t("drops.subtitle")} />
      <DropsFilterBar filters={filters} onChange={change} />
      <ListState query={list}>
        {list.data && list.data.items.length > 0 ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="drops-list">
            {list.data.items.map((item) => (
              <DropCard key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </SimpleGrid>
        ) : (
          <Center p="xl">
            <Text c="dimmed" data-testid="drops-empty">
              {t("drops.empty")}
            </Text>
          </Center>
        )}
      </ListState>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={filters.page} onChange={(page) => change({ page })} size="sm" />
        </Group>
      )}
      {adminPanel}
    </Stack>
  );
}
