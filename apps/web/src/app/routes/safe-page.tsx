import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { ApprovalsPage } from "../../features/safety";
import { LocaleLink } from "../../shared/i18n/locale-link";

export function Component() {
  const { t } = useTranslation("safety");
  return (
    <ApprovalsPage
      checkerLink={
        <Anchor component={LocaleLink} to={paths.safeChecker.build()} size="sm">
          {t("approvals.toChecker")}
        </Anchor>
      }
    />
  );
}
