import type { BadgeWithState, Programme } from "@dropfair/schemas/badges";
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  Loader,
  Modal,
  NumberInput,
  Select,
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
import { usePointsSettings } from "../../../shared/api/get-platform-config";
import { useProgrammes, useSaveProgramme } from "../api/admin-requests";
import { useAchievements } from "../api/get-achievements";
import { badgeName, programmeTitle, ruleText } from "../model/badge-display";
import { AdminBadgeForm, type BadgeEditing } from "./admin-badge-form";

type ProgrammeEditing = { programme: Programme | null };

/** A new programme (code, title, description) or an edit (title, description, season). */
function ProgrammeForm({
  editing,
  onClose,
}: {
  editing: ProgrammeEditing;
  onClose: (code?: string) => void;
}) {
  const { t } = useTranslation("badges");
  const current = editing.programme;
  const [code, setCode] = useState("");
  const [title, setTitle] = useState(current?.title ?? "");
  const [description, setDescription] = useState(current?.description ?? "");
  const [season, setSeason] = useState<number>(current?.season ?? 1);
  const save = useSaveProgramme();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const saved = await save.mutateAsync(
      current
        ? {
            code: current.code,
            body: { title, description, ...(season !== current.season ? { season } : {}) },
          }
        : { code: null, body: { code, title, description } },
    );
    notifications.show({ color: "jade", message: t("admin.saved") });
    onClose(saved.code);
  }
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} data-testid="programme-admin-form">
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" variant="light" data-testid="programme-admin-error">
            {save.error.message}
          </Alert>
        )}
        {!current && (
          <TextInput
            label={t("admin.programme.code")}
            description={t("admin.programme.codeHint")}
            required
            maxLength={32}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        )}
        <TextInput
          label={t("admin.programme.title")}
          required
          maxLength={60}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <Textarea
          label={t("admin.programme.description")}
          autosize
          minRows={2}
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        {current && (
          <NumberInput
            label={t("admin.programme.season")}
            description={t("admin.programme.seasonHint")}
            min={current.season}
            max={10_000}
            allowDecimal={false}
            value={season}
            onChange={(value) => setSeason(typeof value === "number" ? value : current.season)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="programme-admin-save">
            {t("admin.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function BadgeRows({
  badges,
  onEdit,
}: {
  badges: BadgeWithState[];
  onEdit: (badge: BadgeWithState) => void;
}) {
  const { t } = useTranslation("badges");
  const pointName = usePointsSettings()?.pointName ?? "EP";
  if (badges.length === 0) return <Text c="dimmed">{t("board.empty")}</Text>;
  return (
    <Table verticalSpacing="xs" data-testid="badge-admin-table">
      <Table.Tbody>
        {badges.map((badge) => (
          <Table.Tr key={badge.id} data-testid="badge-admin-row">
            <Table.Td w={48} px={4}>
              <Image src={badge.image} alt="" w={40} h={40} fit="contain" />
            </Table.Td>
            <Table.Td>
              <Text fw={600} size="sm">
                {badgeName(t, badge)}
              </Text>
              <Text size="xs" c="dimmed">
                {ruleText(t, badge.rule, pointName)}
              </Text>
              <Group gap={4} mt={4}>
                <Badge size="xs" variant="light">
                  {t(`kinds.${badge.kind}`)}
                </Badge>
                <Badge size="xs" variant="outline">
                  {t(`admin.periods.${badge.period}`)}
                </Badge>
                <Badge size="xs" variant="outline" color="gray">
                  {t("admin.chainId", { id: badge.chainId })}
                </Badge>
              </Group>
            </Table.Td>
            <Table.Td ta="right" w={64} px={4}>
              <Button size="compact-xs" variant="default" onClick={() => onEdit(badge)}>
                {t("admin.edit")}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One programme's badges with add and edit. */
function ProgrammeBadges({ programme, viewer }: { programme: Programme; viewer: string | undefined }) {
  const { t } = useTranslation("badges");
  const page = useAchievements(viewer, programme.code);
  const [editing, setEditing] = useState<BadgeEditing | null>(null);
  const chainIds = page.data?.contracts.map((contract) => contract.chainId) ?? [];
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t("admin.badgesOf", { title: programmeTitle(t, programme) })}
        </Title>
        <Button
          size="xs"
          onClick={() => setEditing({ programme: programme.code, badge: null })}
          disabled={chainIds.length === 0}
          data-testid="badge-admin-add"
        >
          {t("admin.addBadge")}
        </Button>
      </Group>
      {page.isPending ? (
        <Loader size="sm" />
      ) : page.isError ? (
        <Alert color="gray">{page.error.message}</Alert>
      ) : (
        <BadgeRows
          badges={page.data.badges}
          onEdit={(badge) => setEditing({ programme: programme.code, badge })}
        />
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.badge ? t("admin.editBadge") : t("admin.addBadge")}
        size="lg"
      >
        {editing && (
          <AdminBadgeForm
            key={editing.badge?.id ?? "new"}
            editing={editing}
            chainIds={chainIds}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
    </Card>
  );
}

/** Administrators' screen for achievement programmes and their badges (every change audited by the API). */
export function BadgesAdminPage({
  signedIn,
  isAdmin,
  viewer,
}: {
  signedIn: boolean;
  isAdmin: boolean;
  viewer: string | undefined;
}) {
  const { t } = useTranslation("badges");
  const programmes = useProgrammes();
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<ProgrammeEditing | null>(null);
  const notice = !signedIn ? t("admin.signIn") : !isAdmin ? t("admin.adminsOnly") : null;
  const list = programmes.data ?? [];
  const current = list.find((programme) => programme.code === selected) ?? list[0];
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t("admin.title")}
        </Title>
        {notice ? (
          <Alert variant="light" data-testid="badge-admin-notice">
            {notice}
          </Alert>
        ) : programmes.isPending ? (
          <Loader size="sm" />
        ) : (
          <>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label={t("admin.programme.pick")}
                data={list.map((programme) => ({
                  value: programme.code,
                  label: `${programmeTitle(t, programme)} (${programme.code})`,
                }))}
                value={current?.code ?? null}
                allowDeselect={false}
                onChange={setSelected}
                style={{ flex: "1 1 240px" }}
                data-testid="programme-admin-pick"
              />
              {current && (
                <Button variant="default" onClick={() => setEditing({ programme: current })}>
                  {t("admin.editProgramme")}
                </Button>
              )}
              <Button onClick={() => setEditing({ programme: null })} data-testid="programme-admin-add">
                {t("admin.addProgramme")}
              </Button>
            </Group>
            {current && (
              <Text size="sm" c="dimmed">
                {t("admin.programme.facts", { season: current.season, count: current.badgeCount })}
              </Text>
            )}
            {current && <ProgrammeBadges key={current.code} programme={current} viewer={viewer} />}
          </>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.programme ? t("admin.editProgramme") : t("admin.addProgramme")}
      >
        {editing && (
          <ProgrammeForm
            editing={editing}
            onClose={(code) => {
              if (code) setSelected(code);
              setEditing(null);
            }}
          />
        )}
      </Modal>
    </Container>
  );
}
