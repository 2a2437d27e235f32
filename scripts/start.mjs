#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the whole product (scripts/stack.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function newestChange(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === "node_modules" || entry === "dist" || entry.startsWith(".")) continue;
        visit(join(path, entry));
      }
    } else if (stats.mtimeMs > newest) {
      newest = stats.mtimeMs;
    }
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

function run(label, command, args) {
  console.log(`▸ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`✗ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const webIndex = join(root, "apps/web/dist/index.html");
const webSources = [
  "apps/web/src",
  "apps/web/locales",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/core",
  "packages/chain/src",
  "packages/schemas/src",
];
if (!existsSync(webIndex) || newestChange(webSources) > statSync(webIndex).mtimeMs) {
  run("building the web app", process.execPath, [
    join(root, "node_modules/vite/bin/vite.js"),
    "build",
    "apps/web",
    "--logLevel",
    "warn",
  ]);
}
run("compiling contracts (skipped when unchanged)", process.execPath, [
  "--import",
  "tsx",
  "packages/contracts/src/compile.ts",
]);

const child = spawn(process.execPath, ["--import", "tsx", join(root, "scripts/stack.ts")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
// Ctrl-C reaches the whole foreground process group; SIGTERM from a supervisor is passed on explicitly.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal === "SIGHUP" ? "SIGTERM" : signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
