import { Container, Group, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { externalPaths, paths } from "../../config/paths";
import { usePlatformConfig } from "../../shared/api/get-platform-config";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { LogoMark } from "../../shared/ui/logo";
import classes from "../shell/shell.module.css";

// The newsletter form and report links load after the page: they stay out of the first route's JavaScript.
const FooterFeedback = lazy(() =>
  import("../../features/feedback").then((module) => ({ default: module.FooterFeedback })),
);

export function Footer() {
  const { t } = useTranslation();
  const config = usePlatformConfig();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Suspense fallback={null}>
          <div className={classes.footerFeedback}>
            <FooterFeedback linkClassName={classes.footerLink} />
          </div>
        </Suspense>
        <Group justify="space-between" gap="md">
          <Group gap={8} wrap="nowrap">
            <LogoMark size={22} />
            <Text size="sm" c="dimmed">
              {t("footer.copyright", { year: new Date().getFullYear(), name: t("app.name") })}
            </Text>
          </Group>
          <Group gap="lg">
            <LocaleLink to={paths.home.build()} className={classes.footerLink}>
              {t("footer.about")}
            </LocaleLink>
            <LocaleLink to={paths.chain.build()} className={classes.footerLink}>
              {t("menu.chain")}
            </LocaleLink>
            <a href={externalPaths.apiDocs} className={classes.footerLink}>
              {t("footer.api")}
            </a>
            {config.data?.communityUrl && (
              <a
                href={config.data.communityUrl}
                className={classes.footerLink}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t("footer.community")}
              </a>
            )}
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
