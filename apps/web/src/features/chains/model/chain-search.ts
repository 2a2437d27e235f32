import type { RegistryChain } from "./registry";

/** A chain as the list shows it: a registry chain, marked when the platform supports it. */
export type ListedChain = RegistryChain & { supported: boolean };

export type NetworkFilter = "all" | "mainnet" | "testnet";

/** Search keys lowercased once, so a keystroke only compares strings. */
export type ChainIndex = {
  chains: readonly ListedChain[];
  names: string[];
  /** Each name's words, for "starts a word" matches ("one" finds "Arbitrum One"). */
  words: string[][];
  shortNames: string[];
  symbols: string[];
  decimalIds: string[];
  hexIds: string[];
};

export function buildChainIndex(chains: readonly ListedChain[]): ChainIndex {
  const names = chains.map((chain) => chain.name.toLowerCase());
  return {
    chains,
    names,
    words: names.map((name) => name.split(/[^a-z0-9]+/).filter(Boolean)),
    shortNames: chains.map((chain) => chain.shortName.toLowerCase()),
    symbols: chains.map((chain) => chain.currency.symbol.toLowerCase()),
    decimalIds: chains.map((chain) => String(chain.id)),
    hexIds: chains.map((chain) => `0x${chain.id.toString(16)}`),
  };
}

/** How well chain `at` matches `query` (lowercase, trimmed): 0 is best, undefined is no match. */
function matchTier(index: ChainIndex, at: number, query: string): number | undefined {
  const name = index.names[at]!;
  const shortName = index.shortNames[at]!;
  const symbol = index.symbols[at]!;
  if (index.decimalIds[at] === query || index.hexIds[at] === query) return 0;
  if (name === query || shortName === query || symbol === query) return 1;
  if (name.startsWith(query)) return 2;
  if (index.words[at]!.some((word) => word.startsWith(query))) return 3;
  if (shortName.startsWith(query) || symbol.startsWith(query)) return 3;
  if (index.decimalIds[at]!.startsWith(query) || (query.length > 2 && index.hexIds[at]!.startsWith(query)))
    return 4;
  if (name.includes(query)) return 5;
  return undefined;
}

function passes(chain: ListedChain, filter: NetworkFilter): boolean {
  return filter === "all" || (filter === "testnet") === chain.testnet;
}

/**
 * The chains matching `query` by name, short name, currency symbol or chain id (decimal or 0x-hex), best first:
 * exact id, exact name or symbol, name prefix, word prefix, id prefix, then anywhere in the name. Equal matches
 * keep mainnets before testnets, live before deprecated networks, then the index's own order (supported
 * networks first). An empty query lists every chain that passes the filter, in the index's order.
 */
export function searchChains(index: ChainIndex, query: string, filter: NetworkFilter = "all"): ListedChain[] {
  const needle = query.trim().toLowerCase();
  const { chains } = index;
  if (needle === "") return chains.filter((chain) => passes(chain, filter));

  const hits: { at: number; rank: number }[] = [];
  for (let at = 0; at < chains.length; at += 1) {
    const chain = chains[at]!;
    if (!passes(chain, filter)) continue;
    const tier = matchTier(index, at, needle);
    if (tier === undefined) continue;
    // One number per hit: tier, then supported, testnet and deprecated flags, then the index position.
    const flags = (chain.supported ? 0 : 4) + (chain.testnet ? 2 : 0) + (chain.deprecated ? 1 : 0);
    hits.push({ at, rank: (tier * 8 + flags) * chains.length + at });
  }
  hits.sort((left, right) => left.rank - right.rank);
  return hits.map((hit) => chains[hit.at]!);
}
