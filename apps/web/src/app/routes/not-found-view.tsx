import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { NotFoundIllustration } from "../../shared/ui/illustrations";

/** The 404 page: a not-found illustration with the common.404 text 'Page Not Found: {path}'. */
export function NotFoundView({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py={48} ta="center" data-testid="not-found">
      <Text c="jade.7" component="div">
        <NotFoundIllustration />
      </Text>
      <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: "anywhere" }}>
        {t("404", { path })}
      </Title>
      <Text c="dimmed" maw={460}>
        {t("notFound.description")}
      </Text>
      <Group gap="sm" justify="center">
        <Button component={LocaleLink} to={paths.home.build()}>
          {t("notFound.home")}
        </Button>
        <Button component={LocaleLink} to={paths.picker2.build()} variant="default">
          {t("notFound.picker")}
        </Button>
      </Group>
    </Stack>
  );
}
