// The wheel verifier (docs/wheel.md) on a 100,000-spin game file: `verifyWheelGameFile` in Node (what
// `dropfair verify-wheel` runs) and the game page's verify panel in Chromium (its Web Worker), each from the
// file's text in hand to the verdict: the salt against its hash, then every spin recomputed in chain order.
// Target: under 2 s in both. Run: `node bench/wheel-verifier.mjs` (uses /usr/bin/chromium through Playwright).

import { join } from "node:path";
import { chromium } from "@playwright/test";
import { tsImport } from "tsx/esm/api";
import { median, openBenchPage } from "./bench-page.mjs";

const root = join(import.meta.dirname, "..");

/**
 * A finished game of `spins` spins: prizes with counts that run out part-way (so the shrinking wheel is
 * exercised), ten spins a block, outcomes computed by the reference implementation.
 */
async function gameFileText(spins) {
  const wheel = await tsImport("../packages/core/src/wheel/index.ts", import.meta.url);
  const { keccak256, stringToBytes } = await import("viem");
  const hash = (text) => keccak256(stringToBytes(text));
  const salt = hash("bench salt");
  const prizes = [
    { id: "grand", weight: 1, count: 10 },
    { id: "token-100", weight: 20, count: 2_000 },
    { id: "ep-50", weight: 200, count: 30_000 },
    { id: "nothing", weight: 500, count: null },
  ];
  const sources = Array.from({ length: spins }, (_, index) => ({
    account: hash(`account:${index % 20_000}`).slice(0, 42),
    nonce: String(index + 1),
    blockHash: hash(`block:${Math.floor(index / 10)}`),
    txHash: hash(`tx:${index}`),
  }));
  const outcomes = wheel.drawWheelSpins(prizes, sources, salt);
  const file = {
    algorithm: wheel.wheelAlgorithm,
    gameId: "7",
    saltHash: wheel.saltHashOf(salt),
    salt,
    prizes,
    spins: sources.map((source, index) => ({
      ...source,
      position: outcomes[index].position?.toString() ?? null,
      prizeId: outcomes[index].prizeId,
    })),
  };
  return { text: JSON.stringify(file), wheel };
}

function nodeRuns(wheel, text, runs) {
  const times = [];
  const cpuTimes = [];
  for (let run = 0; run <= runs; run++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const verification = wheel.verifyWheelGameFile(JSON.parse(text));
    const cpu = process.cpuUsage(cpuStart);
    const ms = performance.now() - start;
    if (!wheel.wheelGameVerified(verification)) throw new Error("Node did not verify the game file");
    if (run > 0) {
      // the first run warms up
      times.push(ms);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
  }
  return { median: median(times), best: Math.min(...times), cpu: median(cpuTimes) };
}

async function chromiumRuns(text, spins, runs) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  let opened;
  try {
    opened = await openBenchPage(browser, join(root, "bench/wheel-verifier-page"), {
      path: "/game.json",
      text,
      global: "gameText",
    });
    const { page } = opened;
    const measure = async (mode) => {
      const times = [];
      for (let run = 0; run <= runs; run++) {
        const result = await page.evaluate((mode) => window.benchWheel[mode](window.gameText), mode);
        if (!result.verified || result.spins !== spins || result.mismatches !== 0) {
          throw new Error(`the page did not verify the game: ${JSON.stringify(result)}`);
        }
        if (run > 0) times.push(result.ms);
      }
      return { median: median(times), best: Math.min(...times) };
    };
    return {
      worker: await measure("inWorker"),
      mainThread: await measure("onMainThread"),
      version: browser.version(),
    };
  } finally {
    await browser.close();
    opened?.close();
  }
}

export async function wheelVerifierBenchmark({ spins = 100_000, runs = 5 } = {}) {
  const { text, wheel } = await gameFileText(spins);
  const node = nodeRuns(wheel, text, runs);
  const browser = await chromiumRuns(text, spins, runs);
  return { spins, runs, bytes: text.length, node, browser };
}

/** The RESULTS.md section, in the style of the others. */
export function wheelVerifierSection(result, { date, machine, load }) {
  const ms = (value) => `${Math.round(value).toLocaleString("en-US")} ms`;
  const mark = (value) => (value < 2000 ? "✓" : "✗ over target");
  return `## Wheel verifier (\`node bench/wheel-verifier.mjs\`; target: a 100,000-spin game under 2 s in Node and in Chromium)

Run on ${date}; machine: ${machine}; load average ${load} while it ran (other work shared the cores); Chromium ${result.browser.version} (headless, /usr/bin/chromium) through Playwright.
A finished ${result.spins.toLocaleString("en-US")}-spin game file (${(result.bytes / 2 ** 20).toFixed(1)} MB of JSON; limited prizes run out part-way, so later spins use the smaller wheel), verified from its text in hand: parse, the salt against its hash, every spin recomputed in chain order and compared. Median of ${result.runs} runs after a warm-up.

| where | median | best |
|---|---|---|
| Node, \`verifyWheelGameFile\` (what \`dropfair verify-wheel\` runs) | **${ms(result.node.median)}** ${mark(result.node.median)} | ${ms(result.node.best)} |
| Node, CPU time of the same runs (what an idle core would take) | ${ms(result.node.cpu)} ${mark(result.node.cpu)} | |
| Chromium, the game page's verify worker (parse, post, recompute in a fresh worker) | **${ms(result.browser.worker.median)}** ${mark(result.browser.worker.median)} | ${ms(result.browser.worker.best)} |
| Chromium, on the main thread | ${ms(result.browser.mainThread.median)} | ${ms(result.browser.mainThread.best)} |
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cpus, loadavg, totalmem } = await import("node:os");
  const before = loadavg()[0];
  const result = await wheelVerifierBenchmark();
  const load = `${before.toFixed(1)}–${loadavg()[0].toFixed(1)}`;
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(wheelVerifierSection(result, { date: new Date().toISOString().slice(0, 10), machine, load }));
}
