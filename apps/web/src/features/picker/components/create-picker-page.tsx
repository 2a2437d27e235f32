import { Alert, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconX } from "../../../shared/ui/icons";
import { ProPageBody, ProPageHead } from "../../../shared/ui/pro-page-head";
import { useCreatePickerForm } from "../hooks/use-create-picker-form";
import type { PickerIntegrations } from "../model/integrations";
import { CreateFailureAlert } from "./create-failure-alert";
import { CreateFiltersSection } from "./create-filters-section";
import { CreateInfoSection } from "./create-info-section";
import { CreateRequirementsSection } from "./create-requirements-section";
import { CreateRewardSection } from "./create-reward-section";
import { CreateSection } from "./create-section";

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
  const form = useCreatePickerForm(xAccount, signInWithX);

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
        <form onSubmit={(event) => void form.submit(event)} noValidate data-testid="create-picker-form">
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
                    onClick={form.signIn}
                  >
                    {t("x.signIn")}
                  </Button>
                </Group>
              </Alert>
            )}

            <CreateSection title={t("create.post.title")} description={t("create.post.description")}>
              <TextInput
                label={t("create.post.label")}
                placeholder="https://x.com/…/status/…"
                withAsterisk
                value={form.values.postUrl}
                onChange={(event) => form.set("postUrl", event.currentTarget.value)}
                error={form.errorOf("postUrl")}
                maxLength={500}
                data-testid="post-url"
              />
            </CreateSection>
            <CreateRewardSection form={form} />
            <CreateRequirementsSection form={form} />
            <CreateInfoSection form={form} />
            <CreateFiltersSection form={form} />

            {form.failure && (
              <CreateFailureAlert
                failure={form.failure}
                onSignIn={form.signIn}
                onMembership={MembershipDialog ? () => form.setMembershipOpened(true) : undefined}
              />
            )}

            <Group justify="flex-end" gap="sm">
              <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
                {t("create.fairness")}
              </Text>
              <Button type="submit" size="md" loading={form.pending} data-testid="create-submit">
                {xAccount.signedIn ? t("create.submit") : t("create.signInAndSubmit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </ProPageBody>
      {MembershipDialog && (
        <MembershipDialog opened={form.membershipOpened} onClose={() => form.setMembershipOpened(false)} />
      )}
    </>
  );
}
