import { Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { copyText } from "../model/share-link";

const ReferralQr = lazy(() => import("./referral-qr"));

/** The user's code, the share link with its copy button ('copy failed' when the browser refuses) and a QR code. */
export function ShareCard({ code, link }: { code: string; link: string }) {
  const { t } = useTranslation(["referral", "validation"]);

  async function copy() {
    if (await copyText(link)) notifications.show({ color: "jade", message: t("referral:share.copied") });
    else notifications.show({ color: "red", message: t("validation:validation.request.copyFailed") });
  }

  return (
    <Card withBorder padding="lg" data-testid="referral-share">
      <Group align="flex-start" justify="space-between" wrap="wrap" gap="lg">
        <Stack gap="sm" style={{ flex: "1 1 260px", minWidth: 0 }}>
          <Title order={3}>{t("referral:share.title")}</Title>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t("referral:share.codeLabel")}
            </Text>
            <Text fw={700} size="xl" ff="monospace" data-testid="referral-code">
              {code}
            </Text>
          </Stack>
          <TextInput
            label={t("referral:share.linkLabel")}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            data-testid="referral-link"
          />
          <Group>
            <Button onClick={copy} data-testid="referral-copy">
              {t("referral:share.copy")}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t("referral:share.hint")}
          </Text>
        </Stack>
        <Stack gap={4} align="center" data-testid="referral-qr">
          <Suspense fallback={<Skeleton width={144} height={144} />}>
            <ReferralQr value={link} label={t("referral:share.qrLabel")} />
          </Suspense>
          <Text size="xs" c="dimmed">
            {t("referral:share.qrHint")}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
