#!/usr/bin/env node
// The import rules of docs/architecture.md, checked on every `npm run lint`:
//   1. apps/api/src/platform never imports apps/api/src/modules (modules build on the platform, not the reverse).
//   2. Outside a module, an API module is imported only through its index.ts (app.ts, jobs, tests, other modules).
//   3. A web feature imports another feature only through its index.ts, and never the app/ layer; shared/ imports
//      neither features nor app/.
//   4. packages/core is pure: no Node built-ins, no database, network or framework package, no viem client.
// Imports are read with TypeScript's own pre-processor and relative paths resolved, so `./x`, `../../x` and
// directory imports are judged by the file they reach.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const sourcePattern = /\.(ts|tsx|mts|mjs)$/;

/** Every import specifier of a file, with its line and the statement's text (for the names it imports). */
export function importsOf(source) {
  const info = ts.preProcessFile(source, true, true);
  return info.importedFiles.map((entry) => {
    const line = source.slice(0, entry.pos).split("\n").length;
    const statement = source.slice(Math.max(0, source.lastIndexOf("import", entry.pos)), entry.pos);
    return { specifier: entry.fileName, line, statement };
  });
}

function resolveImport(importer, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const target = resolve(dirname(importer), specifier);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return target;
}

const coreForbiddenPackages = [
  /^node:/,
  /^(fs|path|net|http|https|child_process|crypto|os|url)$/,
  /^pg(-boss)?$/,
  /^@electric-sql\//,
  /^drizzle-orm/,
  /^fastify/,
  /^@fastify\//,
  /^react/,
  /^@dropfair\/(db|chain|social|sandbox|contracts|api)/,
  /^viem\/(actions|clients|window)/,
];
const viemClientNames = /\b(create\w*Client|http|webSocket|fallback|custom)\b/;

/** The rule a file's import breaks, or undefined. Paths are relative to the repository root, with '/'. */
export function violation(importerPath, specifier, resolvedPath, importText = "") {
  const importer = importerPath.split(sep).join("/");
  const target = resolvedPath?.split(sep).join("/");

  if (importer.startsWith("packages/core/src/")) {
    if (coreForbiddenPackages.some((pattern) => pattern.test(specifier)))
      return `packages/core is pure: it may not import "${specifier}"`;
    if (specifier === "viem" && viemClientNames.test(importText))
      return "packages/core is pure: it may not build a viem client or transport";
  }
  if (!target) return undefined;

  const apiModules = "apps/api/src/modules/";
  if (importer.startsWith("apps/api/src/platform/") && target.startsWith(apiModules))
    return "apps/api/src/platform may not import a module: pass what it needs in from app.ts";
  if (target.startsWith(apiModules)) {
    const [moduleName, ...rest] = target.slice(apiModules.length).split("/");
    const ownModule = importer.startsWith(`${apiModules}${moduleName}/`);
    if (!ownModule && rest.join("/") !== "index.ts")
      return `import the ${moduleName} module through its index.ts, not ${rest.join("/")}`;
  }

  const webFeatures = "apps/web/src/features/";
  const webApp = "apps/web/src/app/";
  const webShared = "apps/web/src/shared/";
  if (importer.startsWith(webFeatures)) {
    const feature = importer.slice(webFeatures.length).split("/")[0];
    if (target.startsWith(webApp)) return `feature ${feature} may not import the app/ layer`;
    if (target.startsWith(webFeatures)) {
      const [other, ...rest] = target.slice(webFeatures.length).split("/");
      if (other !== feature && rest.join("/") !== "index.ts")
        return `feature ${feature} may import feature ${other} only through its index.ts, not ${rest.join("/")}`;
    }
  }
  if (importer.startsWith(webShared) && (target.startsWith(webFeatures) || target.startsWith(webApp)))
    return "shared/ may not import a feature or the app/ layer";
  return undefined;
}

function* sourceFiles(directory) {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (sourcePattern.test(entry.name)) yield path;
  }
}

/** Checks every source file below the given roots; returns the violations as `file:line  message`. */
export function checkBoundaries(root, roots = ["apps", "packages"]) {
  const found = [];
  for (const top of roots) {
    for (const file of sourceFiles(join(root, top))) {
      const source = readFileSync(file, "utf8");
      const importer = relative(root, file);
      for (const { specifier, line, statement } of importsOf(source)) {
        const resolved = resolveImport(file, specifier);
        const rule = violation(importer, specifier, resolved && relative(root, resolved), statement);
        if (rule) found.push(`${importer}:${line}  ${rule}`);
      }
    }
  }
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const found = checkBoundaries(root);
  if (found.length > 0) {
    console.error(`${found.length} import boundary violation(s) (see docs/architecture.md):`);
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log("import boundaries: ok");
}
