import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { useLocalizedNavigate } from "../../../shared/i18n/use-locale";
import { IconX } from "../../../shared/ui/icons";
import { ProPageBody, ProPageHead } from "../../../shared/ui/pro-page-head";
import type { PickerIntegrations } from "../model/integrations";
import { PickerListSection } from "./picker-list-section";
import { QuickCreateBox, type QuickCreateTarget } from "./quick-create-box";

function EmptyState({ text, action }: { text: string; action?: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="lg">
      <Stack align="center" gap="sm" ta="center">
        <Text c="dimmed" size="sm">
          {text}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * The picker list (the empty index route and picker2): X login, seed search / quick creation, "my pickers"
 * when signed in with X, and the public recent list.
 */
export function PickerHomePage({
  xAccount,
  signInWithX,
}: Pick<PickerIntegrations, "xAccount" | "signInWithX">) {
  const { t } = useTranslation("picker");
  const navigate = useLocalizedNavigate();

  function open(target: QuickCreateTarget) {
    if (target.kind === "picker") void navigate(paths.picker2Detail.build({ id: target.id }));
    else void navigate(`${paths.picker2Create.build()}?${new URLSearchParams({ post: target.postUrl })}`);
  }

  return (
    <>
      <ProPageHead>
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={8} maw={640}>
            <Group gap="xs">
              <Badge variant="filled" color="jade" size="sm">
                {t("home.badge")}
              </Badge>
            </Group>
            <Title order={1} fz={{ base: 28, sm: 36 }}>
              {t("home.title")}
            </Title>
            <Text c="gray.4">{t("home.subtitle")}</Text>
          </Stack>
          {xAccount.signedIn ? (
            <Stack gap={6} align="flex-end">
              <Text size="sm" c="gray.4" data-testid="x-signed-in">
                {t("x.signedInAs", { username: xAccount.username ?? xAccount.xUserId ?? "" })}
              </Text>
              <Button component={LocaleLink} to={paths.picker2Create.build()} data-testid="create-picker">
                {t("home.create")}
              </Button>
            </Stack>
          ) : (
            <Button
              variant="white"
              color="dark"
              leftSection={<IconX size={16} />}
              onClick={signInWithX}
              data-testid="x-sign-in"
            >
              {t("x.signIn")}
            </Button>
          )}
        </Group>
      </ProPageHead>
      <ProPageBody>
        <Stack gap="xl">
          <Card shadow="md" padding="lg">
            <Stack gap="sm">
              <Title order={2} fz="h4">
                {t("quick.title")}
              </Title>
              <QuickCreateBox onResolved={open} />
            </Stack>
          </Card>
          {xAccount.signedIn && xAccount.xUserId && (
            <PickerListSection
              title={t("list.mine")}
              mineFor={xAccount.xUserId}
              testId="my-pickers"
              empty={
                <EmptyState
                  text={t("list.mineEmpty")}
                  action={
                    <Button component={LocaleLink} to={paths.picker2Create.build()} variant="light">
                      {t("home.create")}
                    </Button>
                  }
                />
              }
            />
          )}
          {!xAccount.signedIn && (
            <Paper withBorder p="lg" radius="lg" data-testid="x-sign-in-prompt">
              <Group justify="space-between" gap="md">
                <Stack gap={4} maw={560}>
                  <Text fw={650}>{t("x.promptTitle")}</Text>
                  <Text size="sm" c="dimmed">
                    {t("x.promptText")}
                  </Text>
                </Stack>
                <Button variant="default" leftSection={<IconX size={14} />} onClick={signInWithX}>
                  {t("x.signIn")}
                </Button>
              </Group>
            </Paper>
          )}
          <PickerListSection
            title={t("list.recent")}
            testId="recent-pickers"
            empty={<EmptyState text={t("list.recentEmpty")} />}
          />
        </Stack>
      </ProPageBody>
    </>
  );
}
