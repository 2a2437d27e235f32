import { describe, expect, it } from "vitest";
import {
  buildRegistry,
  type ListsChain,
  sameNetworkName,
  usableRpcUrls,
  type ViemChain,
} from "./registry-build";

const ether = { name: "Ether", symbol: "ETH", decimals: 18 };

function listsChain(chainId: number, name: string, extra: Partial<ListsChain> = {}): ListsChain {
  return {
    name,
    chainId,
    shortName: name.slice(0, 3).toLowerCase(),
    rpc: [],
    nativeCurrency: ether,
    ...extra,
  };
}

function viemChain(id: number, name: string, extra: Partial<ViemChain> = {}): ViemChain {
  return {
    id,
    name,
    nativeCurrency: ether,
    rpcUrls: { default: { http: [`https://rpc.${id}.example`] } },
    ...extra,
  };
}

describe("sameNetworkName", () => {
  it("treats renamed spellings of one network as the same and different networks as different", () => {
    expect(sameNetworkName("Ethereum", "Ethereum Mainnet")).toBe(true);
    expect(sameNetworkName("ShimmerEVM", "Shimmer")).toBe(true);
    expect(sameNetworkName("AssetChain Testnet", "Asset Chain Testnet")).toBe(true);
    expect(sameNetworkName("Hardhat", "GoChain Testnet")).toBe(false);
    expect(sameNetworkName("Ronin", "PublicMint Mainnet")).toBe(false);
  });
});

describe("usableRpcUrls", () => {
  it("keeps HTTPS endpoints without API-key templates, once each, without a trailing slash", () => {
    expect(
      usableRpcUrls([
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the registry's own API-key placeholder, literally
        "https://mainnet.infura.io/v3/${INFURA_API_KEY}",
        "wss://eth.example/ws",
        "http://plain.example",
        "https://a.example/",
        "https://a.example",
        "https://b.example/rpc",
      ]),
    ).toEqual(["https://a.example", "https://b.example/rpc"]);
  });
});

describe("buildRegistry", () => {
  it("keeps every lists chain, adds viem's missing ids, and sorts by id", () => {
    const registry = buildRegistry(
      [
        listsChain(42161, "Arbitrum One", { rpc: ["https://arb1.arbitrum.io/rpc"] }),
        listsChain(1, "Ethereum Mainnet"),
      ],
      [viemChain(1, "Ethereum"), viemChain(80094, "Berachain")],
    );
    expect(registry.map((chain) => [chain.id, chain.name])).toEqual([
      [1, "Ethereum Mainnet"],
      [42161, "Arbitrum One"],
      [80094, "Berachain"],
    ]);
    expect(registry[1]!.rpc).toEqual(["https://arb1.arbitrum.io/rpc"]);
    // A lists chain without endpoints borrows its viem twin's.
    expect(registry[0]!.rpc).toEqual(["https://rpc.1.example"]);
    expect(registry.every((chain) => chain.collisions === undefined)).toBe(true);
  });

  it("names the other networks that claim an id instead of dropping them", () => {
    const registry = buildRegistry(
      [listsChain(31337, "GoChain Testnet")],
      [
        viemChain(31337, "Hardhat"),
        viemChain(31337, "Foundry"),
        viemChain(999, "HyperEVM"),
        viemChain(999, "HyperEVM"),
      ],
    );
    expect(registry.find((chain) => chain.id === 31337)?.collisions).toEqual(["Foundry", "Hardhat"]);
    // Two viem entries for the same network are one network, not a collision.
    expect(registry.find((chain) => chain.id === 999)?.collisions).toBeUndefined();
  });

  it("takes viem's testnet flag for the same network and reads the name otherwise", () => {
    const registry = buildRegistry(
      [
        listsChain(5, "Goerli"),
        listsChain(10, "OP Mainnet"),
        listsChain(11155111, "Sepolia", { status: "deprecated" }),
      ],
      [viemChain(10, "OP Mainnet", { testnet: false })],
    );
    expect(registry.map((chain) => chain.testnet)).toEqual([true, false, true]);
    expect(registry[2]!.deprecated).toBe(true);
  });
});
