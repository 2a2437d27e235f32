import { Alert, Button, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSubscriptionState, useUnsubscribe } from "../api/unsubscribe";

/**
 * The landing page of a newsletter's unsubscribe link (`/newsletter/unsubscribe?token=…`): it shows whose
 * subscription the link names and unsubscribes on a click, so a mail scanner opening the link changes nothing.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslation("feedback");
  const state = useSubscriptionState(token);
  const unsubscribe = useUnsubscribe(token);

  function body() {
    if (token === "")
      return (
        <Alert color="red" variant="light" data-testid="unsubscribe-error">
          {t("unsubscribe.missing")}
        </Alert>
      );
    if (state.isPending) return <Loader size="sm" />;
    if (state.isError)
      return (
        <Alert color="red" variant="light" data-testid="unsubscribe-error">
          {state.error.message}
        </Alert>
      );
    if (!state.data.subscribed)
      return (
        <Alert color="jade" variant="light" data-testid="unsubscribe-done">
          {t("unsubscribe.done", { email: state.data.email })}
        </Alert>
      );
    return (
      <Stack gap="md" align="flex-start">
        <Text>{t("unsubscribe.confirm", { email: state.data.email })}</Text>
        {unsubscribe.isError && (
          <Alert color="red" variant="light" w="100%">
            {unsubscribe.error.message}
          </Alert>
        )}
        <Button
          color="red"
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate()}
          data-testid="unsubscribe-submit"
        >
          {t("unsubscribe.submit")}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="unsubscribe-page">
      <Title order={1}>{t("unsubscribe.title")}</Title>
      <Card withBorder padding="lg">
        {body()}
      </Card>
    </Stack>
  );
}
