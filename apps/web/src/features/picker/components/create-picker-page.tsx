import { maxFollowTargets, maxWinnerCount, replyLookupWinnerLimit } from "@dropfair/core/picker";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Chip,
  Group,
  Input,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { paths } from "../../../config/paths";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { IconX } from "../../../shared/ui/icons";
import { ProPageBody, ProPageHead } from "../../../shared/ui/pro-page-head";
import { useCreatePicker } from "../api/create-picker";
import { useMembership } from "../api/get-membership";
import { pickerSchemas } from "../api/picker-request";
import { saveCreateDraft, takeCreateDraft } from "../model/create-draft";
import {
  acceptInteger,
  acceptRewardAmount,
  accountAgeChoices,
  type CreateFormErrors,
  type CreatePickerFormValues,
  initialCreateValues,
  lastPostChoices,
  normalizeFollowTargets,
  toCreatePickerBody,
  validateCreateForm,
} from "../model/create-form";
import { type PickerErrorMessage, pickerErrorMessage } from "../model/error-messages";
import type { PickerIntegrations } from "../model/integrations";
import classes from "./picker.module.css";
import { messageText } from "./use-picker-error";

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card padding="lg" className={classes.section}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/** One choice among a few, as chips that wrap on narrow screens. */
function ChoiceChips<Value extends string>({
  value,
  onChange,
  options,
  testId,
}: {
  value: Value;
  onChange: (value: Value) => void;
  options: readonly { value: Value; label: string }[];
  testId: string;
}) {
  return (
    <Chip.Group multiple={false} value={value} onChange={(next) => onChange(next as Value)}>
      <Group gap="xs" data-testid={testId}>
        {options.map((option) => (
          <Chip key={option.value} value={option.value} variant="light">
            {option.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** Zod issues carry catalogue keys for SPEC §5 messages; anything else is reported on its field generically. */
function schemaErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): CreateFormErrors {
  const errors: CreateFormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "postUrl") as keyof CreatePickerFormValues;
    const key = issue.message.startsWith("validation.")
      ? `validation:${issue.message}`
      : "picker:create.errors.field";
    errors[field] ??= key;
  }
  return errors;
}

/**
 * Create a picker (picker2/create): the post, winners and reward, requirements, the info to collect and the
 * entrant filters. Creating needs "Sign in with X" as the post's author or one of its admins.
 */
export function CreatePickerPage({
  xAccount,
  signInWithX,
  membershipDialog: MembershipDialog,
}: PickerIntegrations) {
  const { t } = useTranslation(["picker", "validation", "common"]);
  const navigate = useLocalizedNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<CreatePickerFormValues>(
    () => takeCreateDraft() ?? initialCreateValues(searchParams.get("post") ?? ""),
  );
  const [errors, setErrors] = useState<CreateFormErrors>({});
  const [failure, setFailure] = useState<PickerErrorMessage>();
  const [membershipOpened, setMembershipOpened] = useState(false);
  const membership = useMembership(xAccount.signedIn ? xAccount.xUserId : undefined);
  const create = useCreatePicker();
  const replyWinnerLimit = membership.data?.member
    ? replyLookupWinnerLimit.member
    : replyLookupWinnerLimit.free;

  function set<Key extends keyof CreatePickerFormValues>(key: Key, value: CreatePickerFormValues[Key]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setFailure(undefined);
  }

  function signIn() {
    saveCreateDraft(values);
    signInWithX();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateCreateForm(values, { replyWinnerLimit });
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    if (!xAccount.signedIn) {
      signIn();
      return;
    }
    const { createPickerBodySchema } = await pickerSchemas();
    const parsed = createPickerBodySchema.safeParse(toCreatePickerBody(values));
    if (!parsed.success) {
      setErrors(schemaErrors(parsed.error.issues));
      return;
    }
    create.mutate(toCreatePickerBody(values), {
      onSuccess: (picker) => void navigate(paths.picker2Detail.build({ id: picker.id })),
      onError: (error) => {
        const message = pickerErrorMessage(error);
        setFailure(message);
        if (message && "action" in message && message.action === "membership") setMembershipOpened(true);
      },
    });
  }

  const errorOf = (key: keyof CreatePickerFormValues) => (errors[key] ? t(errors[key]) : undefined);
  const failureAction = failure && "action" in failure ? failure.action : undefined;

  return (
    <>
      <ProPageHead compact>
        <Stack gap={8} maw={640}>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {t("create.title")}
          </Title>
          <Text c="gray.4">{t("create.subtitle")}</Text>
        </Stack>
      </ProPageHead>
      <ProPageBody>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="create-picker-form">
          <Stack gap="lg">
            {!xAccount.signedIn && (
              <Alert variant="light" color="blue" title={t("x.requiredTitle")} data-testid="x-required">
                <Group justify="space-between" gap="sm">
                  <Text size="sm">{t("x.requiredText")}</Text>
                  <Button
                    size="xs"
                    variant="filled"
                    color="dark"
                    leftSection={<IconX size={12} />}
                    onClick={signIn}
                  >
                    {t("x.signIn")}
                  </Button>
                </Group>
              </Alert>
            )}

            <Section title={t("create.post.title")} description={t("create.post.description")}>
              <TextInput
                label={t("create.post.label")}
                placeholder="https://x.com/…/status/…"
                withAsterisk
                value={values.postUrl}
                onChange={(event) => set("postUrl", event.currentTarget.value)}
                error={errorOf("postUrl")}
                maxLength={500}
                data-testid="post-url"
              />
            </Section>

            <Section title={t("create.reward.title")}>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <TextInput
                  label={t("create.reward.winners")}
                  description={t("create.reward.winnersHint", { max: maxWinnerCount })}
                  inputMode="numeric"
                  value={values.winnerCount}
                  onChange={(event) =>
                    set("winnerCount", acceptInteger(event.currentTarget.value, values.winnerCount, 4))
                  }
                  error={errorOf("winnerCount")}
                  data-testid="winner-count"
                />
                <TextInput
                  label={t("create.reward.amount")}
                  description={t("create.reward.amountHint")}
                  inputMode="decimal"
                  placeholder="0.00"
                  value={values.rewardAmount}
                  onChange={(event) =>
                    set("rewardAmount", acceptRewardAmount(event.currentTarget.value, values.rewardAmount))
                  }
                  error={errorOf("rewardAmount")}
                  data-testid="reward-amount"
                />
                <TextInput
                  label={t("create.reward.text")}
                  description={t("create.reward.textHint")}
                  placeholder={t("create.reward.textPlaceholder")}
                  value={values.rewardText}
                  onChange={(event) => set("rewardText", event.currentTarget.value)}
                  maxLength={200}
                  data-testid="reward-text"
                />
              </SimpleGrid>
            </Section>

            <Section
              title={t("create.requirements.title")}
              description={t("create.requirements.description")}
            >
              <Switch
                label={t("create.requirements.retweet")}
                checked={values.requireRetweet}
                onChange={(event) => set("requireRetweet", event.currentTarget.checked)}
                data-testid="require-retweet"
              />
              <Switch
                label={t("create.requirements.reply")}
                description={t("create.requirements.replyHint", { limit: replyWinnerLimit })}
                checked={values.requireReply}
                onChange={(event) => set("requireReply", event.currentTarget.checked)}
                error={errors.requireReply ? t(errors.requireReply, { limit: replyWinnerLimit }) : undefined}
                data-testid="require-reply"
              />
              <TagsInput
                label={t("create.requirements.follow")}
                description={t("create.requirements.followHint", { max: maxFollowTargets })}
                placeholder={values.followTargets.length < maxFollowTargets ? "@username" : undefined}
                value={values.followTargets}
                onChange={(next) => set("followTargets", normalizeFollowTargets(next))}
                maxTags={maxFollowTargets}
                splitChars={[",", " "]}
                acceptValueOnBlur
                clearable
                data-testid="follow-targets"
              />
            </Section>

            <Section title={t("create.info.title")} description={t("create.info.description")}>
              <ChoiceChips
                value={values.infoType}
                onChange={(next) => set("infoType", next)}
                options={(["evm", "solana", "custom"] as const).map((value) => ({
                  value,
                  label: t(`infoType.${value}`),
                }))}
                testId="info-type"
              />
              {values.infoType === "custom" && (
                <TextInput
                  label={t("create.info.name")}
                  placeholder={t("create.info.namePlaceholder")}
                  withAsterisk
                  value={values.infoName}
                  onChange={(event) => set("infoName", event.currentTarget.value)}
                  error={errorOf("infoName")}
                  maxLength={60}
                  data-testid="info-name"
                />
              )}
            </Section>

            <Section title={t("create.filters.title")} description={t("create.filters.description")}>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
                {(["profilePicture", "banner", "description", "location", "verified"] as const).map(
                  (filter) => (
                    <Checkbox
                      key={filter}
                      label={t(`filters.${filter}`)}
                      checked={values[filter]}
                      onChange={(event) => set(filter, event.currentTarget.checked)}
                      data-testid={`filter-${filter}`}
                    />
                  ),
                )}
              </SimpleGrid>
              <TextInput
                label={t("create.filters.minTweets")}
                inputMode="numeric"
                placeholder="0"
                maw={260}
                value={values.minTweetCount}
                onChange={(event) =>
                  set("minTweetCount", acceptInteger(event.currentTarget.value, values.minTweetCount))
                }
                data-testid="min-tweets"
              />
              <Input.Wrapper label={t("create.filters.accountAge")}>
                <ChoiceChips
                  value={values.minAccountAgeDays}
                  onChange={(next) => set("minAccountAgeDays", next)}
                  options={accountAgeChoices.map((choice) => ({
                    value: choice,
                    label:
                      choice === "any"
                        ? t("create.filters.any")
                        : t("create.filters.days", { count: Number(choice) }),
                  }))}
                  testId="account-age"
                />
              </Input.Wrapper>
              <Input.Wrapper label={t("create.filters.lastPost")}>
                <ChoiceChips
                  value={values.lastPostWithinDays}
                  onChange={(next) => set("lastPostWithinDays", next)}
                  options={lastPostChoices.map((choice) => ({
                    value: choice,
                    label:
                      choice === "any"
                        ? t("create.filters.any")
                        : t("create.filters.days", { count: Number(choice) }),
                  }))}
                  testId="last-post"
                />
              </Input.Wrapper>
            </Section>

            {failure && (
              <Alert color="red" variant="light" title={t("create.failed")} data-testid="create-error">
                <Stack gap="sm">
                  <Text size="sm">{messageText(t, failure)}</Text>
                  {failureAction === "signInWithX" && (
                    <Group>
                      <Button size="xs" color="dark" leftSection={<IconX size={12} />} onClick={signIn}>
                        {t("x.signInAgain")}
                      </Button>
                    </Group>
                  )}
                  {failureAction === "membership" && MembershipDialog && (
                    <Group>
                      <Button size="xs" onClick={() => setMembershipOpened(true)}>
                        {t("membership.open")}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Alert>
            )}

            <Group justify="flex-end" gap="sm">
              <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
                {t("create.fairness")}
              </Text>
              <Button type="submit" size="md" loading={create.isPending} data-testid="create-submit">
                {xAccount.signedIn ? t("create.submit") : t("create.signInAndSubmit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </ProPageBody>
      {MembershipDialog && (
        <MembershipDialog opened={membershipOpened} onClose={() => setMembershipOpened(false)} />
      )}
    </>
  );
}
