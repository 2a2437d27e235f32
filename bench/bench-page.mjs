// What the in-browser benchmarks (browser-verifier, wheel-verifier) share: a bench page built with Vite and
// served from 127.0.0.1 under the SPA's Content-Security-Policy, with the file it verifies next to it, opened in
// Chromium through Playwright.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { build } from "vite";

const contentTypes = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
};
// The API's Content-Security-Policy for the SPA (apps/api/src/platform/security-headers.ts): WebAssembly may
// compile, so the keccak runs as in production.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'";

export function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

function serve(directory, file) {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === file.path) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(file.text);
      return;
    }
    const target = normalize(join(directory, path === "/" ? "index.html" : path));
    if (!target.startsWith(directory)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(target);
      response.writeHead(200, {
        "content-type": contentTypes[extname(target)] ?? "application/octet-stream",
        "content-security-policy": csp,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * Builds the page in `pageDirectory` (its index.html says `loaded` in #status when ready), serves it with
 * `file` ({path, text}) beside it, opens it in `browser` and puts the file's text in `window[file.global]`.
 * Returns the page and `close` (the server and the build's folder).
 */
export async function openBenchPage(browser, pageDirectory, file) {
  const outDir = mkdtempSync(join(tmpdir(), "dropfair-bench-page-"));
  let server;
  const close = () => {
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  };
  try {
    await build({
      root: pageDirectory,
      base: "./",
      logLevel: "warn",
      configFile: false,
      build: { outDir, emptyOutDir: true, target: "es2022", assetsInlineLimit: 0 },
    });
    server = await serve(outDir, file);
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "loaded");
    await page.evaluate(
      async ({ path, global }) => {
        window[global] = await (await fetch(path)).text();
      },
      { path: file.path, global: file.global },
    );
    return { page, close };
  } catch (error) {
    close();
    throw error;
  }
}
