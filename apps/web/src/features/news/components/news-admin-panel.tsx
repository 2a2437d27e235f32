import type { NewsEntry } from "@dropfair/schemas/news";
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAdminEntries } from "../api/get-admin-entries";
import { useCategories } from "../api/get-categories";
import { type EntryAction, useEntryAction, useSaveEntry } from "../api/save-entry";
import { bodyOfForm, type EntryFormValues, emptyEntryForm, formOfEntry } from "../model/entry-form";
import { DropStatusBadge } from "./drop-card";

const pageSize = 10;

type Editing = { id: number | null; values: EntryFormValues };

function EntryForm({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation("news");
  const categories = useCategories() ?? [];
  const [values, setValues] = useState(editing.values);
  const save = useSaveEntry();
  const setValue = <Name extends keyof EntryFormValues>(name: Name, value: EntryFormValues[Name]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const field = (name: keyof EntryFormValues) => ({
    value: values[name] as string,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      // Read now: React clears currentTarget before the state updater runs.
      setValue(name, event.currentTarget.value),
  });
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    await save.mutateAsync({ id: editing.id, body: bodyOfForm(values) });
    notifications.show({ color: "jade", message: t("admin.saved") });
    onClose();
  }
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} data-testid="news-entry-form">
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" variant="light" data-testid="news-entry-error">
            {save.error.message}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t("admin.form.project")} required maxLength={60} {...field("project")} />
          <Select
            label={t("admin.form.category")}
            data={categories.map((value) => ({
              value,
              label: t(`categories.${value}`, { defaultValue: value }),
            }))}
            value={values.category}
            onChange={(value) => setValues((current) => ({ ...current, category: value ?? "" }))}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <TextInput label={t("admin.form.title")} required maxLength={120} {...field("title")} />
        <Textarea
          label={t("admin.form.summary")}
          autosize
          minRows={2}
          maxLength={1000}
          {...field("summary")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t("admin.form.logoUrl")} {...field("logoUrl")} />
          <TextInput label={t("admin.form.chains")} {...field("chains")} />
          <TextInput type="datetime-local" label={t("admin.form.startAt")} required {...field("startAt")} />
          <TextInput type="datetime-local" label={t("admin.form.endAt")} {...field("endAt")} />
        </SimpleGrid>
        <Textarea label={t("admin.form.links")} autosize minRows={2} {...field("links")} />
        <Textarea label={t("admin.form.requirements")} autosize minRows={2} {...field("requirements")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t("admin.form.estimatedCost")} maxLength={60} {...field("estimatedCost")} />
          <TextInput label={t("admin.form.estimatedReward")} maxLength={60} {...field("estimatedReward")} />
          <TextInput label={t("admin.form.sourceName")} maxLength={60} {...field("sourceName")} />
          <TextInput label={t("admin.form.sourceUrl")} {...field("sourceUrl")} />
        </SimpleGrid>
        <Checkbox
          label={t("admin.form.verifiedLinks")}
          checked={values.verifiedLinks}
          onChange={(event) => setValue("verifiedLinks", event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("admin.form.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="news-entry-save">
            {t("admin.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EntryActions({ entry, onEdit }: { entry: NewsEntry; onEdit: () => void }) {
  const { t } = useTranslation("news");
  const action = useEntryAction();
  const run = (name: EntryAction) =>
    action.mutate(
      { id: entry.id, action: name },
      {
        onSuccess: () => notifications.show({ color: "jade", message: t("admin.done") }),
        onError: (error) => notifications.show({ color: "red", message: error.message }),
      },
    );
  return (
    <Group gap={6} wrap="wrap">
      <Button size="compact-xs" variant="default" onClick={onEdit}>
        {t("admin.edit")}
      </Button>
      <Button
        size="compact-xs"
        variant={entry.published ? "default" : "filled"}
        onClick={() => run(entry.published ? "unpublish" : "publish")}
        loading={action.isPending}
        data-testid="news-entry-publish"
      >
        {t(entry.published ? "admin.unpublish" : "admin.publish")}
      </Button>
      <Button size="compact-xs" variant="light" onClick={() => run(entry.featured ? "unfeature" : "feature")}>
        {t(entry.featured ? "admin.unfeature" : "admin.feature")}
      </Button>
    </Group>
  );
}

/** Curation for administrators: every entry, published or not, with create, edit, publish and feature. */
export function NewsAdminPanel() {
  const { t } = useTranslation("news");
  const categories = useCategories();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const entries = useAdminEntries(page, pageSize, true);
  const pages = Math.max(1, Math.ceil((entries.data?.total ?? 0) / pageSize));
  return (
    <Card withBorder radius="lg" padding="md" data-testid="news-admin">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} fz="xl">
              {t("admin.title")}
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              {t("admin.subtitle")}
            </Text>
          </Stack>
          <Button
            onClick={() =>
              setEditing({ id: null, values: emptyEntryForm(new Date(), categories?.[0] ?? "") })
            }
            data-testid="news-entry-create"
          >
            {t("admin.create")}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("admin.columns.entry")}</Table.Th>
                <Table.Th>{t("admin.columns.state")}</Table.Th>
                <Table.Th>{t("admin.columns.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(entries.data?.items ?? []).map((entry) => (
                <Table.Tr key={entry.id} data-testid="news-admin-row">
                  <Table.Td maw={320}>
                    <Text size="sm" fw={600} lineClamp={1}>
                      {entry.title}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {entry.project}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={entry.published ? "jade" : "gray"}>
                        {t(entry.published ? "admin.published" : "admin.unpublished")}
                      </Badge>
                      <DropStatusBadge status={entry.status} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <EntryActions
                      entry={entry}
                      onEdit={() => setEditing({ id: entry.id, values: formOfEntry(entry) })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {entries.data?.items.length === 0 && <Text c="dimmed">{t("admin.empty")}</Text>}
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.id ? "admin.form.editTitle" : "admin.form.createTitle")}
        size="lg"
      >
        {editing && <EntryForm editing={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Card>
  );
}
