import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { IconAlert } from "../../../shared/ui/icons";
import { refreshLoginStatus } from "../../auth";
import { finishDiscordLink, finishTelegramLink, type SocialProvider } from "../api/social-links";
import { finishOnce, pendingLinkReturnTo, startSocialLink } from "../model/social-links";

type Outcome = { kind: "working" } | { kind: "failed"; message: string };

/**
 * The `auth/discord` and `auth/telegram/{state}` return pages: Discord sends `code` and `state` (or `error`),
 * Telegram the login widget's signed fields, with our state in the path. The binding is finished for the signed-in
 * wallet, then the browser goes back to where it started; on failure the page says why and offers to retry.
 */
export function SocialLinkReturn({ provider, homePath }: { provider: SocialProvider; homePath: string }) {
  const { t } = useTranslation("social-links");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const { state: pathState } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "working" });
  const returnTo = pendingLinkReturnTo(provider) ?? homePath;
  const query = searchParams.toString();

  useEffect(() => {
    const params = new URLSearchParams(query);
    let finish: Promise<unknown>;
    if (provider === "discord") {
      const error = params.get("error");
      const code = params.get("code");
      const state = params.get("state");
      if (error || !code || !state) {
        setOutcome({ kind: "failed", message: error === "access_denied" ? t("denied") : t("missingParams") });
        return;
      }
      finish = finishOnce(state, () => finishDiscordLink({ code, state }));
    } else {
      if (!pathState || !params.get("hash")) {
        setOutcome({ kind: "failed", message: t("missingParams") });
        return;
      }
      const fields = Object.fromEntries(params);
      finish = finishOnce(pathState, () => finishTelegramLink({ state: pathState, fields }));
    }
    let active = true;
    finish.then(
      async () => {
        await refreshLoginStatus(queryClient);
        if (active) void navigate(returnTo, { replace: true });
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
  }, [provider, query, pathState, navigate, queryClient, returnTo, t]);

  if (outcome.kind === "working") {
    return (
      <Paper withBorder radius="xl" p={{ base: "lg", sm: 40 }} data-testid="social-link-return">
        <Stack align="center" gap="md" ta="center">
          <Loader />
          <Title order={2} fz="h3">
            {t("returnTitle", { provider: t(`providers.${provider}`) })}
          </Title>
          <Text c="dimmed">{t("finishing")}</Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="xl" p={{ base: "lg", sm: 40 }} data-testid="social-link-return">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t("failedTitle", { provider: t(`providers.${provider}`) })}
        </Title>
        <Alert color="red" icon={<IconAlert size={18} />} data-testid="social-link-error">
          {outcome.message}
        </Alert>
        <Group gap="sm">
          <Button onClick={() => void startSocialLink(provider, returnTo)}>{t("retry")}</Button>
          <Button variant="default" onClick={() => void navigate(returnTo, { replace: true })}>
            {t("back")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
