import { Button, Code, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation, useRevalidator, useRouteError } from "react-router";
import { login } from "../../features/auth";
import { isNotFoundError } from "../../shared/api/errors";
import { isChunkLoadError, reloadOnceForChunkError } from "../../shared/lib/chunk-reload";
import { IconAlert } from "../../shared/ui/icons";
import { NotFoundView } from "./not-found-view";
import { RouteLoading } from "./route-loading";

/** Error data may ask for a fresh login, `{ loginRefresh: true }`: the page then starts the wallet login. */
function wantsLoginRefresh(error: unknown): boolean {
  const data = isRouteErrorResponse(error) ? error.data : error;
  return (
    typeof data === "object" && data !== null && (data as { loginRefresh?: unknown }).loginRefresh === true
  );
}

function errorMessage(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return undefined;
}

function GenericError({ message }: { message: string | undefined }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  return (
    <Stack align="center" gap="md" py={48} ta="center" data-testid="route-error">
      <Text c="red.6" component="div">
        <IconAlert size={56} strokeWidth={1.4} />
      </Text>
      <Title order={2}>{t("error.title")}</Title>
      <Text c="dimmed" maw={480}>
        {t("error.description")}
      </Text>
      {message && (
        <Code block maw={560} style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
          {message}
        </Code>
      )}
      <Group gap="sm">
        <Button onClick={() => void revalidator.revalidate()}>{t("error.retry")}</Button>
        <Button variant="default" onClick={() => window.location.reload()}>
          {t("error.reload")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The route error page: the 404 view for missing things, a chunk-error reload, or a generic error. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const chunkError = isChunkLoadError(error);
  const reloading = chunkError && typeof window !== "undefined" && reloadOnceForChunkErrorMemo();

  useEffect(() => {
    if (wantsLoginRefresh(error)) void login();
  }, [error]);

  if (reloading) return <RouteLoading />;
  if ((isRouteErrorResponse(error) && error.status === 404) || isNotFoundError(error)) {
    return <NotFoundView path={pathname} />;
  }
  return <GenericError message={errorMessage(error)} />;
}

let reloadDecision: boolean | undefined;
/** Decide once per page load: rendering twice must not reload twice. */
function reloadOnceForChunkErrorMemo() {
  reloadDecision ??= reloadOnceForChunkError();
  return reloadDecision;
}
