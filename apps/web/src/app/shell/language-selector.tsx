import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../shared/i18n/locale";
import { useLocale, useSwitchLocale } from "../../shared/i18n/use-locale";

/** The side menu's language selector. */
export function LanguageSelector() {
  const { t } = useTranslation();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  return (
    <SegmentedControl
      fullWidth
      value={locale}
      onChange={(value) => void switchLocale(value as Locale)}
      data={[
        { value: "en", label: t("language.names.en") },
        { value: "cn", label: t("language.names.cn") },
      ]}
      aria-label={t("language.label")}
      data-testid="language-selector"
    />
  );
}
