import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export type Language = "en" | "cn";

type Catalogue = { [key: string]: string | Catalogue };

const require = createRequire(import.meta.url);

function load(path: string): Catalogue {
  return JSON.parse(readFileSync(path, "utf8")) as Catalogue;
}

/**
 * Server messages (every locales/{language}/*.json, one file per feature) plus the shared validation
 * messages of packages/core (its locales/{language}/validation.json).
 */
function loadLanguage(language: Language): Catalogue[] {
  const folder = fileURLToPath(new URL(`../../locales/${language}/`, import.meta.url));
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort();
  return [
    ...files.map((name) => load(join(folder, name))),
    load(require.resolve(`@dropfair/core/locales/${language}/validation.json`)),
  ];
}

const catalogues: Record<Language, Catalogue[]> = { en: loadLanguage("en"), cn: loadLanguage("cn") };

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

function templateOf(language: Language, key: string): string | undefined {
  return (
    catalogues[language].map((catalogue) => lookup(catalogue, key)).find((value) => value !== undefined) ??
    catalogues.en.map((catalogue) => lookup(catalogue, key)).find((value) => value !== undefined)
  );
}

/**
 * The message `key` in `language` with its `{{params}}` filled in. A message may name another one as i18next
 * does, `$t(some.key)`, after its params are filled in (so `$t(picker.paymentReasons.{{reason}})` words a
 * reason code); a named message that does not exist leaves its last key part, the code itself.
 */
export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const filled = (templateOf(language, key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(params[name] ?? ""),
  );
  return filled.replace(
    /\$t\(([\w.-]+)\)/g,
    (_, nested: string) => templateOf(language, nested) ?? nested.split(".").at(-1) ?? nested,
  );
}

/**
 * The web app sends Accept-Language zh-cn in cn and en-us in en. Anything Chinese picks cn; everything else
 * falls back to en.
 */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return "en";
  const first = header.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("zh") || first === "cn" ? "cn" : "en";
}
