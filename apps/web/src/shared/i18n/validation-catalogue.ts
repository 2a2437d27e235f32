import type { Locale } from "./locale";

/**
 * Validation and error messages live with the rules in packages/core (en and cn catalogues); the web app
 * loads them as the "validation" namespace.
 */
export const validationLoaders: Record<Locale, () => Promise<unknown>> = {
  en: () => import("@dropfair/core/locales/en/validation.json").then((module) => module.default),
  cn: () => import("@dropfair/core/locales/cn/validation.json").then((module) => module.default),
};
