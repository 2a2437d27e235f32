// The browser verifier (simulator page, docs/fairness.md) on a 100,000-entry draw file, in Chromium: from the
// file's text in hand to the report (JSON parse, commitment, ranking, published winners), in the page's Web
// Worker.
// Target: under 2 s. Also times the 100 re-draws for one entrant and the same check on the main thread.
// Run: `node bench/browser-verifier.mjs` (uses /usr/bin/chromium through Playwright).

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { chromium } from "@playwright/test";
import { tsImport } from "tsx/esm/api";
import { build } from "vite";

const root = join(import.meta.dirname, "..");

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

/** X-like 19-digit user ids, deterministic. */
function userIds(count) {
  let state = 0x9e3779b9n;
  return Array.from({ length: count }, () => {
    state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return (1_000_000_000_000_000_000n + (state % 8_000_000_000_000_000_000n)).toString();
  });
}

async function drawFileText(entries) {
  const fairness = await tsImport("../packages/core/src/fairness/index.ts", import.meta.url);
  const ids = userIds(entries);
  const blockHash = `0x${"7c".repeat(32)}`;
  const postId = "1790000000000000001";
  const file = fairness.buildDrawFile({
    postId,
    blockNumber: 21_000_000,
    blockHash,
    winnerCount: 100,
    userIds: ids,
  });
  const { winners } = fairness.drawWinners({ postId, blockHash, userIds: ids, winnerCount: 100 });
  const publishedWinners = winners.map((winner) => winner.userId);
  return {
    text: JSON.stringify({ ...file, seed: "BENCH", chainId: 1, publishedWinners }),
    userId: ids[12_345],
  };
}

const contentTypes = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
};
// The API's Content-Security-Policy for the SPA (apps/api/src/platform/security-headers.ts): WebAssembly may
// compile, so the keccak runs as in production.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'";

function serve(directory, drawFile) {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === "/draw.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(drawFile);
      return;
    }
    const file = normalize(join(directory, path === "/" ? "index.html" : path));
    if (!file.startsWith(directory)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        "content-type": contentTypes[extname(file)] ?? "application/octet-stream",
        "content-security-policy": csp,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export async function browserVerifierBenchmark({ entries = 100_000, runs = 5 } = {}) {
  const outDir = mkdtempSync(join(tmpdir(), "dropfair-verifier-bench-"));
  const server = { current: undefined };
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  try {
    await build({
      root: join(root, "bench/browser-verifier-page"),
      base: "./",
      logLevel: "warn",
      configFile: false,
      build: { outDir, emptyOutDir: true, target: "es2022", assetsInlineLimit: 0 },
    });
    const draw = await drawFileText(entries);
    server.current = await serve(outDir, draw.text);
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.current.address().port}/`);
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "loaded");
    await page.evaluate(async () => {
      window.drawText = await (await fetch("/draw.json")).text();
    });
    const measure = async (mode, userId) => {
      const results = [];
      for (let run = 0; run <= runs; run++) {
        const result = await page.evaluate(
          ({ mode, userId }) => window.benchVerifier[mode]({ file: window.drawText, userId }),
          { mode, userId },
        );
        if (!result.commitmentMatches || result.publishedMatch !== true || result.entryCount !== entries) {
          throw new Error(`the verifier did not confirm the draw: ${JSON.stringify(result)}`);
        }
        if (run > 0) results.push(result); // the first run warms up
      }
      return {
        median: median(results.map((result) => result.ms)),
        best: Math.min(...results.map((result) => result.ms)),
        last: results.at(-1),
      };
    };
    const check = await measure("inWorker", undefined);
    const simulate = await measure("inWorker", draw.userId);
    const mainThread = await measure("onMainThread", undefined);
    const version = browser.version();
    return { entries, runs, bytes: draw.text.length, check, simulate, mainThread, chromium: version };
  } finally {
    await browser.close();
    server.current?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The RESULTS.md section, in the style of the others. */
export function browserVerifierSection(result, { date, machine }) {
  const ms = (value) => `${Math.round(value).toLocaleString("en-US")} ms`;
  return `## Browser verifier (simulator page; \`node bench/browser-verifier.mjs\`)

Run on ${date}; machine: ${machine}; Chromium ${result.chromium} (headless, /usr/bin/chromium) through Playwright.
A ${result.entries.toLocaleString("en-US")}-entry draw file (${(result.bytes / 2 ** 20).toFixed(1)} MB of JSON, 100 winners) verified from its text in hand, in the page's Web Worker (a fresh one per run, as the page does), under the API's Content-Security-Policy so the WebAssembly keccak runs. Median of ${result.runs} runs after a warm-up.

| what | median | best |
|---|---|---|
| verify the file (parse, commitment, ranking, published winners) in the worker (target < 2 s) | **${ms(result.check.median)}** ${result.check.median < 2000 ? "✓" : "✗ over target"} | ${ms(result.check.best)} |
| …and the user's rank plus 100 re-draws with other block hashes | ${ms(result.simulate.median)} | ${ms(result.simulate.best)} |
| verify the file on the main thread (no worker start, no message copy) | ${ms(result.mainThread.median)} | ${ms(result.mainThread.best)} |
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cpus, totalmem } = await import("node:os");
  const result = await browserVerifierBenchmark();
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(browserVerifierSection(result, { date: new Date().toISOString().slice(0, 10), machine }));
}
