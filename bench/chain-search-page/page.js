// The chain list's search exactly as the page runs it (the same registry chunk, merge and search functions), in a
// minimal page so the benchmark needs neither the API nor the rest of the app. Plain JavaScript: the
// repository's TypeScript check of bench/ has no DOM library, and Vite bundles the TypeScript it imports.
import { buildChainIndex, searchChains } from "../../apps/web/src/features/chains/model/chain-search";
import { listChains } from "../../apps/web/src/features/chains/model/listed-chains";

/** The platform's development networks, as its configuration lists them, on top of the registry. */
const ether = { name: "Ether", symbol: "ETH", decimals: 18 };
const supported = [97, 1, 5611, 42766].map((id) => ({
  id,
  name: `Network ${id}`,
  testnet: id !== 1 && id !== 42766,
  info: { rpcUrls: [`https://rpc-${id}.example`], nativeCurrency: ether, blockExplorerUrls: [] },
}));

async function load() {
  const started = performance.now();
  const registry = (await import("../../apps/web/src/features/chains/generated/chain-registry.json")).default;
  const loaded = performance.now();
  const index = buildChainIndex(listChains(registry.chains, supported));
  const indexed = performance.now();
  return { index, loadMs: loaded - started, indexMs: indexed - loaded };
}

const ready = load();

/** Types `text` one character at a time and times the search after each keystroke. */
async function typeQuery({ text, filter }) {
  const { index } = await ready;
  const keystrokes = [];
  for (let length = 1; length <= text.length; length++) {
    const query = text.slice(0, length);
    const start = performance.now();
    const results = searchChains(index, query, filter);
    keystrokes.push({
      query,
      ms: performance.now() - start,
      results: results.length,
      first: results[0]?.name ?? null,
    });
  }
  return keystrokes;
}

async function setup() {
  const { index, loadMs, indexMs } = await ready;
  return { chains: index.chains.length, loadMs, indexMs };
}

window.benchChains = { typeQuery, setup };
ready.then(() => {
  document.getElementById("status").textContent = "loaded";
});
