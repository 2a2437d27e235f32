import { Box, Center } from "@mantine/core";
import { paths } from "../../config/paths";
import { SocialLinkReturn } from "../../features/social-links";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { useLocalizePath } from "../../shared/i18n/use-locale";
import { Logo } from "../../shared/ui/logo";
import { useRouteHandle } from "../route-handle";

/** `auth/discord` and `auth/telegram/{state}` (no layout): where Discord and Telegram send the browser back. */
export function Component() {
  const localize = useLocalizePath();
  const { feature } = useRouteHandle();
  return (
    <Center mih="100dvh" p="md" bg="var(--df-page-bg)">
      <Box w="100%" maw={520}>
        <Center mb="lg">
          <LocaleLink to={paths.home.build()} style={{ color: "inherit", textDecoration: "none" }}>
            <Logo />
          </LocaleLink>
        </Center>
        <SocialLinkReturn
          provider={feature === "authTelegram" ? "telegram" : "discord"}
          homePath={localize(paths.airdrop.build())}
        />
      </Box>
    </Center>
  );
}
