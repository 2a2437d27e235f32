// The list pages of the campaign features (airdrops, tips campaigns, lucky wheel games) share one layout: a wide
// table on desktop and one card per row on narrow screens, a filter that goes back to page 1, a sign-in prompt
// for the wallet's own lists, the error, loading and empty states, and paging. Each page keeps its own
// columns, cards, texts and query; see docs/architecture.md (web features).
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { type MouseEventHandler, type ReactNode, useState } from "react";
import { LocaleLink } from "../i18n/locale-link";
import { IconWallet } from "./icons";

/** How many rows a list page asks for at a time. */
export const listPageSize = 20;

export type ListPaging = { page: number; pageCount: number; onPageChange: (page: number) => void };

/** A list's filter and page: choosing another filter goes back to the first page. */
export function useListFilter<Filter extends string>(initial: Filter, pageSize = listPageSize) {
  const [filter, setFilter] = useState<Filter>(initial);
  const [page, setPage] = useState(1);
  return {
    filter,
    page,
    pageSize,
    setPage,
    changeFilter: (value: Filter) => {
      setFilter(value);
      setPage(1);
    },
    /** The pages for a total of rows (at least one), for `ListResults`. */
    paging: (total: number | undefined): ListPaging => ({
      page,
      pageCount: Math.max(1, Math.ceil((total ?? 0) / pageSize)),
      onPageChange: setPage,
    }),
  };
}

/**
 * A list's filter and page when some filters are the wallet's own lists ("mine", "joined"): while one of those is
 * chosen without a signed-in wallet, `needsLogin` is set; the page then shows the sign-in prompt and does not ask
 * the API.
 */
export function useWalletListFilter<Filter extends string>(
  initial: Filter,
  walletFilters: readonly Filter[],
  walletAddress: string | undefined,
) {
  const list = useListFilter<Filter>(initial);
  return { ...list, needsLogin: walletFilters.includes(list.filter) && !walletAddress };
}

/**
 * The filter buttons of a list. They scroll sideways rather than widen a narrow page when the labels do not fit,
 * and keep their own width on a wide one.
 */
export function ListFilterControl<Filter extends string>({
  filters,
  value,
  onChange,
  label,
  testId,
}: {
  filters: readonly Filter[];
  value: Filter;
  onChange: (value: Filter) => void;
  label: (value: Filter) => string;
  testId: string;
}) {
  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <SegmentedControl
        value={value}
        onChange={(next) => onChange(next as Filter)}
        data={filters.map((filter) => ({ value: filter, label: label(filter) }))}
        data-testid={testId}
      />
    </ScrollArea>
  );
}

export type ListResultsProps = {
  /** The test ids of the states are `<testIdPrefix>-login-needed`, `-empty` and `-pages`. */
  testIdPrefix: string;
  /** How many rows the current page has. */
  rowCount: number;
  /** The table shown from the `sm` breakpoint up. */
  table: ReactNode;
  /** The cards shown below the `sm` breakpoint. */
  cards: ReactNode;
  /** The list's query (not sent while the list needs a wallet). */
  query: { isError: boolean; error: unknown; isPending: boolean; refetch: () => unknown };
  /** The message of a failed query. */
  errorText: (error: unknown) => string;
  /** The list needs a signed-in wallet: the prompt shows instead of any state, and no pages. */
  needsLogin: boolean;
  viewer: { login: () => void; canLogin: boolean };
  texts: { loginNeeded: string; signIn: string; retry: string; empty: string };
  paging: ListPaging;
};

/** The rows (table and cards), or the state that stands in for them, then the pages. */
export function ListResults(props: ListResultsProps) {
  const { testIdPrefix, query, texts, viewer, needsLogin, paging } = props;
  return (
    <>
      {props.rowCount > 0 && !needsLogin && !query.isError ? (
        <>
          <Card padding={0} withBorder radius="lg" visibleFrom="sm">
            {props.table}
          </Card>
          <Box hiddenFrom="sm">{props.cards}</Box>
        </>
      ) : (
        <Card padding={0} withBorder radius="lg">
          {needsLogin ? (
            <Center p="xl">
              <Stack align="center" gap="sm" data-testid={`${testIdPrefix}-login-needed`}>
                <Text c="dimmed" ta="center">
                  {texts.loginNeeded}
                </Text>
                <Button
                  onClick={viewer.login}
                  disabled={!viewer.canLogin}
                  leftSection={<IconWallet size={16} />}
                >
                  {texts.signIn}
                </Button>
              </Stack>
            </Center>
          ) : query.isError ? (
            <Alert color="red" variant="light" m="md">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{props.errorText(query.error)}</Text>
                <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                  {texts.retry}
                </Button>
              </Group>
            </Alert>
          ) : query.isPending ? (
            <Stack p="md" gap="sm">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} height={44} radius="md" />
              ))}
            </Stack>
          ) : (
            <Center p="xl">
              <Text c="dimmed" data-testid={`${testIdPrefix}-empty`}>
                {texts.empty}
              </Text>
            </Center>
          )}
        </Card>
      )}
      {paging.pageCount > 1 && !needsLogin && (
        <Group justify="center">
          <Pagination
            total={paging.pageCount}
            value={paging.page}
            onChange={paging.onPageChange}
            size="sm"
            data-testid={`${testIdPrefix}-pages`}
          />
        </Group>
      )}
    </>
  );
}

/** The wide table of a list: a header row of column names, then the page's rows. */
export function ListTable({
  minWidth,
  columns,
  testId,
  children,
}: {
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  columns: readonly string[];
  testId: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row's title in the table: a link to its page, cut after two lines. */
export function ListTitleLink({
  to,
  testId,
  onClick,
  children,
}: {
  to: string;
  testId: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children: ReactNode;
}) {
  return (
    <Anchor
      component={LocaleLink}
      to={to}
      fw={600}
      lineClamp={2}
      {...(onClick ? { onClick } : {})}
      data-testid={testId}
    >
      {children}
    </Anchor>
  );
}

/** Narrow screens: the cards, one per row, instead of the wide table. */
export function ListCards({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Stack gap="sm" data-testid={testId}>
      {children}
    </Stack>
  );
}

/** One row as a card linking to its page: the title with its status badge, then two columns of fields. */
export function ListCard({
  to,
  title,
  badge,
  testId,
  footer,
  children,
}: {
  to: string;
  title: string;
  /** The status badge beside the title (it should not shrink). */
  badge: ReactNode;
  testId: string;
  /** A line under the fields. */
  footer?: ReactNode;
  /** The fields (`ListField`). */
  children: ReactNode;
}) {
  return (
    <Card component={LocaleLink} to={to} withBorder padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2}>
            {title}
          </Text>
          {badge}
        </Group>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          {children}
        </SimpleGrid>
        {footer}
      </Stack>
    </Card>
  );
}

/** A labelled value of a card. */
export function ListField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
