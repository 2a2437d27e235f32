import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { ContractCheckerPage } from "../../features/safety";
import { LocaleLink } from "../../shared/i18n/locale-link";

export function Component() {
  const { t } = useTranslation("safety");
  return (
    <ContractCheckerPage
      approvalsLink={
        <Anchor component={LocaleLink} to={paths.safe.build()} size="sm">
          {t("checker.toApprovals")}
        </Anchor>
      }
    />
  );
}
