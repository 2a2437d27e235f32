import { Box, Button, Center } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { ComingSoonPanel } from "../../shared/ui/coming-soon-panel";
import { Logo } from "../../shared/ui/logo";
import { useRouteHandle } from "../route-handle";

/** X, Discord and Telegram login return pages (no layout). Social sign-in lands with its own release. */
export function Component() {
  const { t } = useTranslation();
  const { feature = "authTwitter" } = useRouteHandle();
  return (
    <Center mih="100dvh" p="md" bg="var(--df-page-bg)">
      <Box w="100%" maw={560}>
        <Center mb="lg">
          <LocaleLink to={paths.home.build()} style={{ color: "inherit", textDecoration: "none" }}>
            <Logo />
          </LocaleLink>
        </Center>
        <ComingSoonPanel
          title={t(`features.${feature}.title`)}
          description={t(`features.${feature}.coming`)}
          actions={
            <Button component={LocaleLink} to={paths.home.build()}>
              {t("coming.explore")}
            </Button>
          }
        />
      </Box>
    </Center>
  );
}
