import { describe, expect, it } from "vitest";
import registryFile from "../generated/chain-registry.json";
import { buildChainIndex, type ListedChain, searchChains } from "./chain-search";
import { listChains } from "./listed-chains";
import type { RegistryFile } from "./registry";

const registry = (registryFile as RegistryFile).chains;

function chain(id: number, name: string, extra: Partial<ListedChain> = {}): ListedChain {
  return {
    id,
    name,
    shortName: "",
    currency: { name: "Ether", symbol: "ETH", decimals: 18 },
    testnet: false,
    rpc: [],
    explorers: [],
    supported: false,
    ...extra,
  };
}

const sample = buildChainIndex([
  chain(56, "BNB Smart Chain Mainnet", {
    supported: true,
    shortName: "bnb",
    currency: { name: "BNB", symbol: "BNB", decimals: 18 },
  }),
  chain(1, "Ethereum Mainnet", { supported: true, shortName: "eth" }),
  chain(42170, "Arbitrum Nova", { shortName: "arb-nova" }),
  chain(421614, "Arbitrum Sepolia", { testnet: true, shortName: "arb-sep" }),
  chain(42161, "Arbitrum One", { shortName: "arb1" }),
  chain(10, "OP Mainnet", { shortName: "oeth" }),
  chain(97, "BNB Smart Chain Testnet", {
    testnet: true,
    currency: { name: "tBNB", symbol: "tBNB", decimals: 18 },
  }),
  chain(4216, "Barbaric Chain", { deprecated: true }),
]);
const names = (chains: ListedChain[]) => chains.map((found) => found.name);

describe("searchChains", () => {
  it("lists everything in the index's order for an empty query, filtered by kind", () => {
    expect(searchChains(sample, "  ")).toHaveLength(8);
    expect(names(searchChains(sample, "", "testnet"))).toEqual([
      "Arbitrum Sepolia",
      "BNB Smart Chain Testnet",
    ]);
    expect(searchChains(sample, "", "mainnet")).toHaveLength(6);
  });

  it("finds by name prefix, mainnets before testnets, and a substring last", () => {
    expect(names(searchChains(sample, "arb"))).toEqual([
      "Arbitrum Nova",
      "Arbitrum One",
      "Arbitrum Sepolia",
      "Barbaric Chain",
    ]);
    expect(names(searchChains(sample, "ARB", "testnet"))).toEqual(["Arbitrum Sepolia"]);
    expect(names(searchChains(sample, "one"))).toEqual(["Arbitrum One"]);
  });

  it("puts an exact chain id first, in decimal or hex, then id prefixes", () => {
    expect(names(searchChains(sample, "42161"))).toEqual(["Arbitrum One", "Arbitrum Sepolia"]);
    expect(names(searchChains(sample, "0xa4b1"))).toEqual(["Arbitrum One"]);
    expect(names(searchChains(sample, "4216"))).toEqual([
      "Barbaric Chain",
      "Arbitrum One",
      "Arbitrum Sepolia",
    ]);
    expect(names(searchChains(sample, "10"))[0]).toBe("OP Mainnet");
  });

  it("finds by currency symbol and short name, supported networks first among equals", () => {
    expect(names(searchChains(sample, "eth")).slice(0, 2)).toEqual(["Ethereum Mainnet", "Arbitrum Nova"]);
    expect(names(searchChains(sample, "bnb"))).toEqual([
      "BNB Smart Chain Mainnet",
      "BNB Smart Chain Testnet",
    ]);
    expect(names(searchChains(sample, "oeth"))).toEqual(["OP Mainnet"]);
    expect(searchChains(sample, "no such chain")).toEqual([]);
  });
});

describe("the registry file", () => {
  const listed = listChains(registry, []);
  const index = buildChainIndex(listed);

  it("holds the whole public registry, over a thousand chains with unique ids", () => {
    expect(registry.length).toBeGreaterThan(1000);
    expect(new Set(registry.map((found) => found.id)).size).toBe(registry.length);
  });

  it("finds Arbitrum One by 'arb' among the first results and by its id", () => {
    expect(names(searchChains(index, "arb")).slice(0, 3)).toContain("Arbitrum One");
    expect(names(searchChains(index, "42161"))[0]).toBe("Arbitrum One");
    expect(names(searchChains(index, "ethereum"))[0]).toBe("Ethereum Mainnet");
  });

  it("keeps the ids two networks claim, with the other names", () => {
    expect(registry.find((found) => found.id === 31337)?.collisions).toEqual(
      expect.arrayContaining(["Hardhat", "Anvil", "Foundry"]),
    );
  });
});
