import { useCallback } from "react";
import { type NavigateOptions, useLocation, useNavigate } from "react-router";
import { i18n } from "./i18n";
import { type Locale, localeFromPath, localizePath, storeLocale, switchLocaleHref } from "./locale";

/** The locale of the current URL. */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** Turns a locale-root-relative path (from `paths`) into a URL of the current locale. */
export function useLocalizePath() {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

export function useLocalizedNavigate() {
  const navigate = useNavigate();
  const localize = useLocalizePath();
  return useCallback(
    (path: string, options?: NavigateOptions) => navigate(localize(path), options),
    [navigate, localize],
  );
}

/** Switches the UI language and re-navigates to the same route, params, query and hash. */
export function useSwitchLocale() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (next: Locale) => {
      storeLocale(next);
      await i18n.changeLanguage(next);
      await navigate(switchLocaleHref(location, next), { preventScrollReset: true });
    },
    [navigate, location],
  );
}
