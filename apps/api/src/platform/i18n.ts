import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export type Language = "en" | "cn";

type Catalogue = { [key: string]: string | Catalogue };

const require = createRequire(import.meta.url);

function load(path: string): Catalogue {
  return JSON.parse(readFileSync(path, "utf8")) as Catalogue;
}

/** Server messages (errors.json) plus the shared SPEC validation messages of packages/core. */
const catalogues: Record<Language, Catalogue[]> = {
  en: [
    load(fileURLToPath(new URL("../../locales/en/errors.json", import.meta.url))),
    load(require.resolve("@dropfair/core/locales/en/validation.json")),
  ],
  cn: [
    load(fileURLToPath(new URL("../../locales/cn/errors.json", import.meta.url))),
    load(require.resolve("@dropfair/core/locales/cn/validation.json")),
  ],
};

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function hasMessage(key: string): boolean {
  return catalogues.en.some((catalogue) => lookup(catalogue, key) !== undefined);
}

export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const template =
    catalogues[language].map((catalogue) => lookup(catalogue, key)).find((value) => value !== undefined) ??
    catalogues.en.map((catalogue) => lookup(catalogue, key)).find((value) => value !== undefined) ??
    key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** SPEC §7: cn sends zh-cn, en sends en-us. Anything Chinese picks cn; everything else falls back to en. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return "en";
  const first = header.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("zh") || first === "cn" ? "cn" : "en";
}
