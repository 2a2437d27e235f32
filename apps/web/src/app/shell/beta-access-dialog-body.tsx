import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePlatformConfig } from "../../shared/api/get-platform-config";
import { IconLock } from "../../shared/ui/icons";
import { closeBetaAccess, useBetaAccessOpened } from "./beta-access-state";

export default function BetaAccessDialogBody() {
  const { t } = useTranslation();
  const opened = useBetaAccessOpened();
  const config = usePlatformConfig();
  const communityUrl = config.data?.communityUrl;
  return (
    <Modal opened={opened} onClose={closeBetaAccess} title={t("beta.title")} size="sm" zIndex={350}>
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon variant="light" radius="xl" size="lg">
            <IconLock size={18} />
          </ThemeIcon>
          <Text size="sm">{t("beta.description")}</Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={closeBetaAccess}>
            {t("dialog.close")}
          </Button>
          {communityUrl && (
            <Button component="a" href={communityUrl} target="_blank" rel="noopener noreferrer">
              {t("beta.join")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
