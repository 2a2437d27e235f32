import { type BadgeWithState, badgeKinds, badgePeriods, badgeRuleKinds } from "@dropfair/schemas/badges";
import {
  Alert,
  Button,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { useSaveBadge } from "../api/admin-requests";
import {
  addressesOf,
  type BadgeFormValues,
  createBodyOfForm,
  emptyBadgeForm,
  formOfBadge,
  ruleOfForm,
  updateBodyOfForm,
} from "../model/admin-form";

export type BadgeEditing = { programme: string; badge: BadgeWithState | null };

/** Kinds whose rule asks a number (level, points or a count). */
const numbered = new Set(["level", "points", "airdrop_create", "airdrop_claim", "wheel_prize"]);

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Add or edit one badge: name, description, rule, period, kind, chain (the last three fixed once created, since
 * minted tokens carry them), image link or upload, mint window, and a list badge's wallets.
 */
export function AdminBadgeForm({
  editing,
  chainIds,
  onClose,
}: {
  editing: BadgeEditing;
  /** Chains with our badge contract. */
  chainIds: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation("badges");
  const config = usePlatformConfig();
  const before = editing.badge ? formOfBadge(editing.badge) : emptyBadgeForm(chainIds[0]);
  const [values, setValues] = useState<BadgeFormValues>(before);
  const [list, setList] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveBadge();
  const creating = editing.badge === null;
  const setValue = <Name extends keyof BadgeFormValues>(name: Name, value: BadgeFormValues[Name]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const field = (name: keyof BadgeFormValues) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.currentTarget.value as never),
  });
  const chainName = (id: number) => config.data?.chains.find((chain) => chain.id === id)?.name ?? String(id);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const rule = ruleOfForm(values);
    if (!rule) {
      setProblem(t("admin.badge.ruleInvalid"));
      return;
    }
    const saved = editing.badge
      ? await save.mutateAsync({
          kind: "edit",
          badgeId: editing.badge.id,
          body: updateBodyOfForm(values, rule, before),
        })
      : await save.mutateAsync({
          kind: "create",
          programme: editing.programme,
          body: createBodyOfForm(values, rule),
        });
    const badgeId = saved.badge.id;
    if (file) await save.mutateAsync({ kind: "image", badgeId, image: await readDataUrl(file) });
    if (values.ruleKind === "list" && list.trim())
      await save.mutateAsync({ kind: "list", badgeId, addresses: addressesOf(list) });
    notifications.show({ color: "jade", message: t("admin.saved") });
    onClose();
  }

  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} data-testid="badge-admin-form">
      <Stack gap="sm">
        {(problem || save.isError) && (
          <Alert color="red" variant="light" data-testid="badge-admin-error">
            {problem ?? save.error?.message}
          </Alert>
        )}
        <TextInput label={t("admin.badge.name")} required maxLength={60} {...field("name")} />
        <Textarea
          label={t("admin.badge.description")}
          autosize
          minRows={2}
          maxLength={500}
          {...field("description")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t("admin.badge.rule")}
            data={badgeRuleKinds.map((kind) => ({ value: kind, label: t(`admin.ruleKinds.${kind}`) }))}
            value={values.ruleKind}
            allowDeselect={false}
            onChange={(value) => value && setValue("ruleKind", value as BadgeFormValues["ruleKind"])}
            comboboxProps={{ withinPortal: true }}
            data-testid="badge-admin-rule"
          />
          {numbered.has(values.ruleKind) && (
            <TextInput
              label={t(`admin.targets.${values.ruleKind}`)}
              inputMode="numeric"
              required
              {...field("target")}
            />
          )}
          {values.ruleKind === "missions" && (
            <TextInput
              label={t("admin.badge.missionIds")}
              placeholder="12, 13"
              required
              {...field("missionIds")}
            />
          )}
        </SimpleGrid>
        {values.ruleKind === "list" && (
          <Textarea
            label={t("admin.badge.list")}
            description={t(creating ? "admin.badge.listHint" : "admin.badge.listReplace")}
            autosize
            minRows={2}
            value={list}
            onChange={(event) => setList(event.currentTarget.value)}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t("admin.badge.period")}
            data={badgePeriods.map((period) => ({ value: period, label: t(`admin.periods.${period}`) }))}
            value={values.period}
            disabled={!creating}
            allowDeselect={false}
            onChange={(value) => value && setValue("period", value as BadgeFormValues["period"])}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t("admin.badge.kind")}
            data={badgeKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            value={values.kind}
            disabled={!creating}
            allowDeselect={false}
            onChange={(value) => value && setValue("kind", value as BadgeFormValues["kind"])}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t("admin.badge.chain")}
            data={chainIds.map((id) => ({ value: String(id), label: chainName(id) }))}
            value={values.chainId}
            disabled={!creating}
            required
            allowDeselect={false}
            onChange={(value) => value && setValue("chainId", value)}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {!creating && <Alert variant="light">{t("admin.badge.fixed")}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t("admin.badge.image")}
            description={t("admin.badge.imageHint")}
            placeholder="https://… / ipfs://…"
            {...field("image")}
          />
          <FileInput
            label={t("admin.badge.upload")}
            description={t("admin.badge.uploadHint")}
            accept="image/png,image/jpeg,image/webp,image/svg+xml"
            clearable
            value={file}
            onChange={setFile}
            data-testid="badge-admin-upload"
          />
          <TextInput type="datetime-local" label={t("admin.badge.mintStart")} {...field("mintStart")} />
          <TextInput type="datetime-local" label={t("admin.badge.mintEnd")} {...field("mintEnd")} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="badge-admin-save">
            {t("admin.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
