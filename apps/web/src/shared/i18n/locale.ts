/** UI languages. English is the default and has no path prefix; every other locale is a path prefix. */
export const locales = ["en", "cn"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** Accept-Language values the API understands (`en-us`, `zh-cn`; see docs/architecture.md). */
export const acceptLanguage: Record<Locale, string> = { en: "en-us", cn: "zh-cn" };
/** The html lang attribute per locale. */
export const htmlLang: Record<Locale, string> = { en: "en", cn: "zh-CN" };

const storageKey = "dropfair.language";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The locale a pathname belongs to: its first segment when that is a non-default locale. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return isLocale(first) && first !== defaultLocale ? first : defaultLocale;
}

/** The pathname relative to the locale root, always starting with '/'. */
export function stripLocale(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (locale === defaultLocale) return pathname || "/";
  const rest = pathname.slice(locale.length + 1);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** A locale-root-relative path (starting with '/') placed under the locale's prefix. */
export function localizePath(path: string, locale: Locale): string {
  const normalised = path.startsWith("/") ? path : `/${path}`;
  if (locale === defaultLocale) return normalised;
  return normalised === "/" ? `/${locale}` : `/${locale}${normalised}`;
}

/** The same route, params, query and hash under another locale. */
export function switchLocaleHref(
  location: { pathname: string; search?: string; hash?: string },
  locale: Locale,
): string {
  return `${localizePath(stripLocale(location.pathname), locale)}${location.search ?? ""}${location.hash ?? ""}`;
}

export function readStoredLocale(
  storage: Pick<Storage, "getItem"> | undefined = safeLocalStorage(),
): Locale | undefined {
  const value = storage?.getItem(storageKey);
  return isLocale(value) ? value : undefined;
}

export function storeLocale(
  locale: Locale,
  storage: Pick<Storage, "setItem"> | undefined = safeLocalStorage(),
) {
  storage?.setItem(storageKey, locale);
}

/**
 * On first entry, an unprefixed URL opened by someone who chose another language is moved to that language's
 * prefix; a prefixed URL always wins, so shared links open as sent.
 */
export function initialLocaleRedirect(pathname: string, stored: Locale | undefined): string | undefined {
  if (!stored || stored === defaultLocale) return undefined;
  if (localeFromPath(pathname) !== defaultLocale) return undefined;
  return localizePath(pathname, stored);
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
