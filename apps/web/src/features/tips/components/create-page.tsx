import type { TipsCampaignDetail } from "@dropfair/schemas/tips";
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { usePlatformConfig } from "../../../shared/api/get-platform-config";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { IconWallet } from "../../../shared/ui/icons";
import { createTipsCampaign, editTipsCampaign } from "../api/actions";
import { useTipsCampaign } from "../api/campaigns";
import { tipsQueryKey } from "../api/request";
import { useReportTipsError } from "../hooks/use-tips-error";
import {
  type DraftErrors,
  type DraftField,
  draftOf,
  editBodyOf,
  emptyTipsDraft,
  type TipsDraft,
  validateDraft,
} from "../model/create-form";
import { type TipsViewer, viewerKey } from "../model/integrations";

const weightFields = [
  ["views", "weightViews"],
  ["likes", "weightLikes"],
  ["replies", "weightReplies"],
  ["retweets", "weightRetweets"],
  ["quotes", "weightQuotes"],
  ["tweetCap", "tweetCap"],
  ["dailyTweets", "dailyTweets"],
] as const;

/** The chains with a distributor in this deployment: a prize is paid through it. */
function useDistributorChains() {
  const { data: config } = usePlatformConfig();
  return useMemo(() => {
    const withDistributor = new Set((config?.airdrop?.distributors ?? []).map((entry) => entry.chainId));
    return (config?.chains ?? [])
      .filter((chain) => withDistributor.has(chain.id))
      .map((chain) => ({ value: String(chain.id), label: chain.name }));
  }, [config]);
}

function CampaignForm({ initial }: { initial: TipsCampaignDetail | undefined }) {
  const { t } = useTranslation(["tips", "validation"]);
  const chains = useDistributorChains();
  const navigate = useLocalizedNavigate();
  const queryClient = useQueryClient();
  const reportError = useReportTipsError();
  const [draft, setDraft] = useState<TipsDraft>(() =>
    initial ? draftOf(initial) : emptyTipsDraft(new Date(), chains[0] ? Number(chains[0].value) : null),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const fixed = initial?.funded ?? false;
  const chainId = draft.chainId || chains[0]?.value || "";

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof validateDraft> & { ok: true }) =>
      initial
        ? editTipsCampaign(initial.id, editBodyOf(body.body, fixed))
        : createTipsCampaign(body.body, idempotencyKey),
    onSuccess: (campaign) => {
      void queryClient.invalidateQueries({ queryKey: tipsQueryKey });
      navigate(paths.tipsDetail.build({ id: campaign.id }));
    },
    onError: reportError,
  });

  const set = (field: DraftField) => (value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const error = (field: DraftField, label: string) =>
    errors[field] ? t(errors[field], { field: label, max: 4 }) : undefined;
  const text = (field: DraftField, labelKey: string, extra: Record<string, unknown> = {}) => {
    const label = t(`tips:create.fields.${labelKey}`);
    return {
      label,
      value: draft[field],
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        set(field)(event.currentTarget.value),
      error: error(field, label),
      "data-testid": `tips-field-${field}`,
      ...extra,
    };
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const result = validateDraft({ ...draft, chainId });
        if (!result.ok) {
          setErrors(result.errors);
          return;
        }
        setErrors({});
        save.mutate(result);
      }}
      noValidate
    >
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <TextInput {...text("title", "title")} maxLength={60} withAsterisk />
            <Textarea {...text("description", "description")} rows={4} maxLength={2000} />
            <Text size="sm" c="dimmed">
              {t("tips:create.fields.essential")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput {...text("hashtag", "hashtag")} placeholder="#Dropfair" />
              <TextInput {...text("mention", "mention")} placeholder="@dropfair" />
              <TextInput {...text("slogan", "slogan")} />
            </SimpleGrid>
            {fixed && (
              <Alert color="gray" variant="light">
                {t("tips:create.fixed")}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...text("startAt", "startAt")}
                type="datetime-local"
                disabled={fixed}
                withAsterisk
              />
              <TextInput {...text("endAt", "endAt")} type="datetime-local" disabled={fixed} withAsterisk />
              <Select
                label={t("tips:create.fields.chain")}
                data={chains}
                value={chainId}
                onChange={(value) => set("chainId")(value ?? "")}
                allowDeselect={false}
                disabled={fixed}
                error={error("chainId", t("tips:create.fields.chain"))}
                data-testid="tips-field-chainId"
              />
              <TextInput {...text("token", "token")} placeholder="0x…" disabled={fixed} withAsterisk />
              <TextInput
                {...text("totalPrize", "totalPrize")}
                inputMode="decimal"
                disabled={fixed}
                withAsterisk
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" data-testid="tips-formula-fields">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t("tips:create.fields.formula")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("tips:create.fields.formulaHint")}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              {weightFields.map(([field, labelKey]) => {
                const label = t(`tips:create.fields.${labelKey}`);
                return (
                  <NumberInput
                    key={field}
                    label={label}
                    value={draft[field]}
                    onChange={(value) => set(field)(String(value))}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    error={error(field, label)}
                    data-testid={`tips-field-${field}`}
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="tips-submit">
            {initial ? t("tips:create.saveEdit") : t("tips:create.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** tips/create/{id?}: a new campaign, or the creator's edit of one before it starts. */
export function CreatePage({ id, viewer }: { id: number | null; viewer: TipsViewer }) {
  const { t } = useTranslation("tips");
  const existing = useTipsCampaign(id ?? 0, viewerKey(viewer));
  const { data: config } = usePlatformConfig();
  let body: React.ReactNode;
  if (!viewer.walletAddress) {
    body = (
      <Card withBorder radius="lg" padding="xl">
        <Center>
          <Stack align="center" gap="sm" data-testid="tips-create-login">
            <Text c="dimmed">{t("create.signIn")}</Text>
            <Button onClick={viewer.login} disabled={!viewer.canLogin} leftSection={<IconWallet size={16} />}>
              {t("signIn")}
            </Button>
          </Stack>
        </Center>
      </Card>
    );
  } else if (!config || (id !== null && existing.isPending)) {
    body = (
      <Center p="xl">
        <Loader />
      </Center>
    );
  } else if (id !== null && (existing.isError || !existing.data?.canManage || existing.data.status !== 0)) {
    body = (
      <Alert color="gray" variant="light" data-testid="tips-not-editable">
        {t("create.notEditable")}
      </Alert>
    );
  } else {
    body = <CampaignForm initial={id === null ? undefined : existing.data} />;
  }
  return (
    <Stack gap="lg" data-testid="tips-create">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {id === null ? t("create.title") : t("create.editTitle")}
        </Title>
        <Text c="dimmed" maw={680}>
          {t("create.intro")}
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}
