// The chain list's search over the whole registry, in Chromium: the time of each keystroke's search (the
// query so far against every chain's name, short name, symbol and ids, then ranking), for queries typed one
// character at a time, with and without the testnet filter. Target: under 16 ms per keystroke (one frame).
// Also times the registry chunk's load and the index build, which happen once when the page opens.
// Run: `node bench/chain-search.mjs` (uses /usr/bin/chromium through Playwright).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "vite";

const root = join(import.meta.dirname, "..");
const queries = ["arbitrum one", "42161", "0xa4b1", "ethereum", "bnb smart chain", "polygon", "zzzz", "a"];
const contentTypes = { ".html": "text/html", ".js": "text/javascript" };

function serve(directory) {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const file = normalize(join(directory, path === "/" ? "index.html" : path));
    if (!file.startsWith(directory)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": contentTypes[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function percentile(values, fraction) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

export async function chainSearchBenchmark({ rounds = 5 } = {}) {
  const outDir = mkdtempSync(join(tmpdir(), "dropfair-chain-search-bench-"));
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  let server;
  try {
    await build({
      root: join(root, "bench/chain-search-page"),
      base: "./",
      logLevel: "warn",
      configFile: false,
      build: { outDir, emptyOutDir: true, target: "es2022" },
    });
    server = await serve(outDir);
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "loaded");
    const setup = await page.evaluate(() => window.benchChains.setup());
    const times = [];
    /** Each keystroke's times over the rounds: its median says how long it takes when nothing else runs. */
    const byKeystroke = new Map();
    const firsts = {};
    // Round 0 warms the JIT up and is not counted.
    for (let round = 0; round <= rounds; round++) {
      for (const filter of ["all", "testnet"]) {
        for (const text of queries) {
          const keystrokes = await page.evaluate((input) => window.benchChains.typeQuery(input), {
            text,
            filter,
          });
          if (filter === "all") firsts[text] = keystrokes.at(-1).first;
          if (round === 0) continue;
          for (const keystroke of keystrokes) {
            times.push(keystroke.ms);
            const key = `${filter}:${keystroke.query}`;
            byKeystroke.set(key, [...(byKeystroke.get(key) ?? []), keystroke.ms]);
          }
        }
      }
    }
    const medians = [...byKeystroke].map(([key, values]) => ({ key, ms: percentile(values, 0.5) }));
    const slowest = medians.reduce((worst, entry) => (entry.ms > worst.ms ? entry : worst));
    if (firsts["42161"] !== "Arbitrum One" || firsts["0xa4b1"] !== "Arbitrum One") {
      throw new Error(`the search did not find Arbitrum One first: ${JSON.stringify(firsts)}`);
    }
    return {
      chromium: browser.version(),
      chains: setup.chains,
      loadMs: setup.loadMs,
      indexMs: setup.indexMs,
      keystrokes: times.length,
      median: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      max: Math.max(...times),
      slowest,
    };
  } finally {
    await browser.close();
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The RESULTS.md section, in the style of the others. */
export function chainSearchSection(result, { date, machine }) {
  const ms = (value) => `${value.toFixed(2)} ms`;
  return `## Chain list search (\`node bench/chain-search.mjs\`; target: under 16 ms per keystroke)

Run on ${date}; machine: ${machine}; Chromium ${result.chromium} (headless, /usr/bin/chromium) through Playwright.
The page's own search (\`features/chains/model\`) over the whole registry with the platform's networks on top
(${result.chains.toLocaleString("en-US")} chains), ${queries.length} queries typed one character at a time ("${queries.join('", "')}"),
with every network and with testnets only: ${result.keystrokes.toLocaleString("en-US")} keystrokes after a warm-up round.

| what | time |
|---|---|
| search per keystroke, median | ${ms(result.median)} |
| search per keystroke, 95th percentile | ${ms(result.p95)} |
| slowest keystroke, its median over the rounds (target < 16 ms): \`${result.slowest.key}\` | **${ms(result.slowest.ms)}** ${result.slowest.ms < 16 ? "✓" : "✗ over target"} |
| slowest single measurement (includes the machine's scheduling and GC pauses) | ${ms(result.max)} |
| once per visit: load the registry chunk (already fetched) | ${ms(result.loadMs)} |
| once per visit: merge the supported networks and build the index | ${ms(result.indexMs)} |
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cpus, totalmem } = await import("node:os");
  const result = await chainSearchBenchmark();
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(chainSearchSection(result, { date: new Date().toISOString().slice(0, 10), machine }));
}
