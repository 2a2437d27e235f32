import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { hasLogin, useSession } from "../../features/auth";
import { NewsletterSection } from "../../features/feedback";
import { LandingPage } from "../../features/home";
import { LocaleLink } from "../../shared/i18n/locale-link";
import { LoginButton } from "../shell/account-button";
import { isRouteComing } from "../shell/menu-entries";

function PrimaryAction() {
  const { t } = useTranslation("home");
  const loggedIn = useSession(hasLogin);
  if (!loggedIn) return <LoginButton />;
  return (
    <Button component={LocaleLink} to={paths.picker2.build()}>
      {t("cta.signedIn")}
    </Button>
  );
}

export function Component() {
  return (
    <LandingPage
      isComing={isRouteComing}
      primaryAction={<PrimaryAction />}
      newsletter={<NewsletterSection />}
    />
  );
}
