import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { ComingSoonPanel } from "../../shared/ui/coming-soon-panel";
import { IconX } from "../../shared/ui/icons";
import classes from "../shell/shell.module.css";

/** The index route (pro layout): the picker list with X login. The list itself arrives with the picker release. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <div className={classes.proHead}>
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={8} maw={640}>
            <Group gap="xs">
              <Badge variant="filled" color="jade" size="sm">
                {t("pickerIndex.badge")}
              </Badge>
            </Group>
            <Title order={1} fz={{ base: 28, sm: 36 }}>
              {t("pickerIndex.title")}
            </Title>
            <Text c="gray.4">{t("pickerIndex.subtitle")}</Text>
          </Stack>
          <Button
            variant="white"
            color="dark"
            leftSection={<IconX size={16} />}
            onClick={() =>
              notifications.show({ title: t("pickerIndex.xLogin"), message: t("coming.notice") })
            }
          >
            {t("pickerIndex.xLogin")}
          </Button>
        </Group>
      </div>
      <div className={classes.proHeadOverlap}>
        <ComingSoonPanel
          title={t("features.picker.title")}
          description={t("features.picker.coming")}
          actions={
            <Group gap="sm" justify="center" mt="xs">
              <Button component={LocaleLink} to={paths.home.build()}>
                {t("coming.explore")}
              </Button>
            </Group>
          }
        />
      </div>
    </>
  );
}
