import { Alert, Button, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePickers } from "../api/get-pickers";
import { usePickerErrorText } from "../hooks/use-picker-error";
import { PickerCard } from "./picker-card";

const pageSize = 12;

/** A paged list of pickers: the public recent list, or the signed-in X account's own ("my pickers"). */
export function PickerListSection({
  title,
  mineFor,
  empty,
  testId,
}: {
  title: string;
  mineFor?: string | undefined;
  empty: React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation("picker");
  const errorText = usePickerErrorText();
  const [page, setPage] = useState(1);
  const list = usePickers({ page, size: pageSize, mineFor });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));

  return (
    <Stack gap="sm" data-testid={testId}>
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {list.data && list.data.total > 0 && (
          <Text size="sm" c="dimmed">
            {t("list.total", { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isError && (
        <Alert color="red" variant="light">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorText(list.error) ?? t("errors.unexpected")}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t("list.retry")}
            </Button>
          </Group>
        </Alert>
      )}
      {list.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={128} radius="lg" />
          ))}
        </SimpleGrid>
      )}
      {list.data && list.data.rows.length === 0 && empty}
      {list.data && list.data.rows.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {list.data.rows.map((picker) => (
            <PickerCard key={picker.id} picker={picker} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
