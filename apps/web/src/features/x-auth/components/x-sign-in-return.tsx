import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { localeFromPath, switchLocaleHref } from "../../../shared/i18n/locale";
import { IconAlert, IconX } from "../../../shared/ui/icons";
import { completeXSignIn, pendingXReturnTo, startXSignIn } from "../model/x-auth";

type Outcome = { kind: "working" } | { kind: "failed"; message: string };

/**
 * The `auth/twitter` return page: X sends the browser here with `state` and `code` (or `error`). It finishes the
 * sign-in, then goes back to where it started (that path carries its locale prefix); on failure it says why
 * and offers to try again. X always returns to the unprefixed URL, so the page first moves to the locale the
 * sign-in started in.
 */
export function XSignInReturn({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const state = searchParams.get("state");
  const code = searchParams.get("code");
  const error = searchParams.get("error");
  const [outcome, setOutcome] = useState<Outcome>({ kind: "working" });
  const location = useLocation();
  const startedIn = localeFromPath(pendingXReturnTo() ?? location.pathname);
  const inOtherLocale = startedIn !== localeFromPath(location.pathname);

  useEffect(() => {
    if (inOtherLocale) void navigate(switchLocaleHref(location, startedIn), { replace: true });
  }, [inOtherLocale, location, startedIn, navigate]);

  useEffect(() => {
    // The page in the right locale does the work (the sign-in itself is finished once per state anyway).
    if (inOtherLocale) return;
    if (error) {
      setOutcome({
        kind: "failed",
        message: error === "access_denied" ? t("xAuth.denied") : t("xAuth.providerError", { error }),
      });
      return;
    }
    if (!state || !code) {
      setOutcome({ kind: "failed", message: t("xAuth.missingParams") });
      return;
    }
    let active = true;
    completeXSignIn({ state, code }).then(
      (result) => {
        if (active) void navigate(result.returnTo, { replace: true });
      },
      (failure: unknown) => {
        if (active)
          setOutcome({
            kind: "failed",
            message: failure instanceof Error ? failure.message : String(failure),
          });
      },
    );
    return () => {
      active = false;
    };
  }, [inOtherLocale, state, code, error, navigate, t]);

  if (outcome.kind === "working") {
    return (
      <Paper withBorder radius="xl" p={{ base: "lg", sm: 40 }} data-testid="x-sign-in-return">
        <Stack align="center" gap="md" ta="center">
          <Loader />
          <Title order={2} fz="h3">
            {t("xAuth.returnTitle")}
          </Title>
          <Text c="dimmed">{t("xAuth.finishing")}</Text>
        </Stack>
      </Paper>
    );
  }

  const retryTo = pendingXReturnTo() ?? homePath;
  return (
    <Paper withBorder radius="xl" p={{ base: "lg", sm: 40 }} data-testid="x-sign-in-return">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t("xAuth.failedTitle")}
        </Title>
        <Alert color="red" icon={<IconAlert size={18} />} data-testid="x-sign-in-error">
          {outcome.message}
        </Alert>
        <Group gap="sm">
          <Button
            leftSection={<IconX size={14} />}
            onClick={() => void startXSignIn(retryTo)}
            data-testid="x-sign-in-retry"
          >
            {t("xAuth.retry")}
          </Button>
          <Button variant="default" onClick={() => void navigate(retryTo, { replace: true })}>
            {t("xAuth.back")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
