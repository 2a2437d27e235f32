import { Box, Center } from "@mantine/core";
import { paths } from "../../config/paths";
import { XSignInReturn } from "../../features/x-auth";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { useLocalizePath } from "../../shared/i18n/use-locale";
import { Logo } from "../../shared/ui/logo";

/** `auth/twitter` (no layout): where X sends the browser back to finish Sign in with X. */
export function Component() {
  const localize = useLocalizePath();
  return (
    <Center mih="100dvh" p="md" bg="var(--df-page-bg)">
      <Box w="100%" maw={520}>
        <Center mb="lg">
          <LocaleLink to={paths.index.build()} style={{ color: "inherit", textDecoration: "none" }}>
            <Logo />
          </LocaleLink>
        </Center>
        <XSignInReturn homePath={localize(paths.index.build())} />
      </Box>
    </Center>
  );
}
