import { UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../shared/i18n/locale";
import { useLocale, useSwitchLocale } from "../../shared/i18n/use-locale";
import { IconLanguage } from "../../shared/ui/icons";
import classes from "./shell.module.css";

/** The top bar's language toggle: one click to the other language, same route, params and query. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const next: Locale = locale === "en" ? "cn" : "en";
  const label = t("language.switchTo", { language: t(`language.names.${next}`) });
  return (
    <UnstyledButton
      className={classes.pill}
      onClick={() => void switchLocale(next)}
      aria-label={label}
      title={label}
      data-testid="language-toggle"
    >
      <IconLanguage size={16} className={classes.hideOnPhone} />
      <span className={classes.pillLabel}>{t(`language.short.${next}`)}</span>
    </UnstyledButton>
  );
}
