// The browser verifier (simulator page, docs/fairness.md) on a 100,000-entry draw file, in Chromium: from the
// file's text in hand to the report (JSON parse, commitment, ranking, published winners), in the page's Web
// Worker.
// Target: under 2 s. Also times the 100 re-draws for one entrant and the same check on the main thread.
// Run: `node bench/browser-verifier.mjs` (uses /usr/bin/chromium through Playwright).

import { join } from "node:path";
import { chromium } from "@playwright/test";
import { tsImport } from "tsx/esm/api";
import { median, openBenchPage } from "./bench-page.mjs";

const root = join(import.meta.dirname, "..");

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

export async function browserVerifierBenchmark({ entries = 100_000, runs = 5 } = {}) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  let opened;
  try {
    const draw = await drawFileText(entries);
    opened = await openBenchPage(browser, join(root, "bench/browser-verifier-page"), {
      path: "/draw.json",
      text: draw.text,
      global: "drawText",
    });
    const { page } = opened;
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
    opened?.close();
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
