import i18next, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import cnCommon from "../../../locales/cn/common.json";
import enCommon from "../../../locales/en/common.json";
import { defaultLocale, type Locale, locales } from "./locale";
import { validationLoaders } from "./validation-catalogue";

/** Shell strings ship with the entry chunk; page namespaces load with their page. */
const bundledResources = {
  en: { common: enCommon },
  cn: { common: cnCommon },
};

const pageCatalogues = import.meta.glob<Record<string, unknown>>(
  ["../../../locales/*/*.json", "!**/common.json"],
  {
    import: "default",
  },
);

const catalogueBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load =
      namespace === "validation"
        ? validationLoaders[language as Locale]
        : pageCatalogues[`../../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue as Record<string, string>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

export async function initI18n(language: Locale) {
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...locales],
      fallbackLng: { cn: ["en"], default: [defaultLocale] },
      ns: ["common"],
      defaultNS: "common",
      resources: bundledResources,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18n;
}
