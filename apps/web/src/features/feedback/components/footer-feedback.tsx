import { Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { paths } from "../../../config/paths";
import { LocaleLink } from "../../../shared/i18n/locale-link";
import { NewsletterForm } from "./newsletter-form";

/** The footer's part: subscribe to the newsletter, or report a problem with the page being looked at. */
export function FooterFeedback({ linkClassName }: { linkClassName?: string }) {
  const { t } = useTranslation("feedback");
  const { pathname } = useLocation();
  const page = pathname.replace(/^\/cn(?=\/|$)/, "") || "/";
  return (
    <Stack gap={6} maw={460} w="100%">
      <Text size="sm" fw={600}>
        {t("newsletter.footerTitle")}
      </Text>
      <NewsletterForm testId="footer-newsletter" />
      <Group gap="md">
        <LocaleLink
          to={`${paths.reportBug.build()}?page=${encodeURIComponent(page)}`}
          className={linkClassName}
        >
          {t("bug.link")}
        </LocaleLink>
        <LocaleLink to={paths.reportFeature.build()} className={linkClassName}>
          {t("feature.link")}
        </LocaleLink>
      </Group>
    </Stack>
  );
}
