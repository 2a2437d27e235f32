import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { partnerActivities } from "../../config/partners";
import { paths } from "../../config/paths";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { ComingSoonPanel } from "../../shared/ui/coming-soon-panel";
import { useRouteHandle } from "../route-handle";

/** Routes whose feature a later release builds: the 'coming' notice, no placeholder data. */
export function Component() {
  const { t } = useTranslation();
  const { feature = "generic", partner } = useRouteHandle();
  const partnerName = partner
    ? partnerActivities.find((candidate) => candidate.slug === partner)?.name
    : undefined;
  const title = partnerName
    ? t("features.partner.titleWithName", { name: partnerName })
    : t(`features.${feature}.title`, { defaultValue: t("coming.title") });
  const description = t(`features.${feature}.coming`, { defaultValue: t("coming.description") });
  return (
    <ComingSoonPanel
      title={title}
      description={description}
      actions={
        <Group gap="sm" justify="center" mt="xs">
          <Button component={LocaleLink} to={paths.home.build()}>
            {t("coming.explore")}
          </Button>
          <Button component={LocaleLink} to={paths.chain.build()} variant="default">
            {t("menu.chain")}
          </Button>
        </Group>
      }
    />
  );
}
