import { userCodeMessage, userCodeProblem } from "@dropfair/core/referral";
import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChangeReferralCode } from "../api/change-referral-code";

/**
 * Changing the user's code ('share-code change'): the format and reserved words are checked here with the same
 * rule as the server; uniqueness only the server knows, and its message is shown as it comes.
 */
export function CodeForm({ current }: { current: string }) {
  const { t } = useTranslation(["referral", "validation"]);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const change = useChangeReferralCode();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = value.trim();
    const problem = userCodeProblem(code);
    if (problem) {
      setError(t(`validation:${userCodeMessage(problem)}`));
      return;
    }
    setError(undefined);
    try {
      await change.mutateAsync(code);
      setValue("");
      notifications.show({ color: "jade", message: t("referral:change.saved", { code }) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <Card withBorder padding="lg" data-testid="referral-change">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3}>{t("referral:change.title")}</Title>
          <Text size="sm" c="dimmed">
            {t("referral:change.hint")}
          </Text>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              style={{ flex: "1 1 200px" }}
              label={t("referral:change.label")}
              placeholder={current}
              value={value}
              maxLength={16}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              data-testid="referral-code-input"
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 25 }}
              loading={change.isPending}
              data-testid="referral-code-save"
            >
              {t("referral:change.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
