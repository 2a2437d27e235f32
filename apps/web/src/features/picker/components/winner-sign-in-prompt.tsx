import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconX } from "../../../shared/ui/icons";

/** Asks a signed-out visitor to sign in with X, to see whether they won and give their info. */
export function WinnerSignInPrompt({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation(["picker", "common"]);
  return (
    <Card padding="lg" data-testid="winner-sign-in">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} maw={560}>
          <Text fw={650}>{t("win.signInTitle")}</Text>
          <Text size="sm" c="dimmed">
            {t("win.signInText")}
          </Text>
        </Stack>
        <Button
          color="dark"
          leftSection={<IconX size={14} />}
          onClick={onSignIn}
          data-testid="winner-x-sign-in"
        >
          {t("x.signIn")}
        </Button>
      </Group>
    </Card>
  );
}
