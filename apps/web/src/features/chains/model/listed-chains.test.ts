import { describe, expect, it } from "vitest";
import { collisionCount, listChains, type SupportedChain } from "./listed-chains";
import type { RegistryChain } from "./registry";
import { walletRecord } from "./wallet-record";

const ether = { name: "Ether", symbol: "ETH", decimals: 18 };
const registry: RegistryChain[] = [
  {
    id: 1,
    name: "Ethereum Mainnet",
    shortName: "eth",
    currency: ether,
    testnet: false,
    rpc: ["https://eth.example"],
    explorers: ["https://etherscan.io"],
    infoUrl: "https://ethereum.org",
  },
  { id: 10, name: "OP Mainnet", shortName: "oeth", currency: ether, testnet: false, rpc: [], explorers: [] },
  {
    id: 31337,
    name: "GoChain Testnet",
    shortName: "got",
    currency: ether,
    testnet: true,
    rpc: ["https://gochain.example"],
    explorers: [],
    collisions: ["Hardhat"],
  },
];

function supported(id: number, name: string, rpc: string): SupportedChain {
  return { id, name, testnet: false, info: { rpcUrls: [rpc], nativeCurrency: ether, blockExplorerUrls: [] } };
}

describe("listChains", () => {
  it("puts the platform's networks first with their own endpoints, then the rest by registry order", () => {
    const listed = listChains(registry, [
      supported(31337, "Dropfair local chain", "http://127.0.0.1:3000/api/sandbox/rpc"),
      supported(1, "Ethereum", "https://ours.example"),
    ]);
    expect(listed.map((chain) => [chain.id, chain.supported])).toEqual([
      [31337, true],
      [1, true],
      [10, false],
    ]);
    expect(listed[1]!.rpc).toEqual(["https://ours.example", "https://eth.example"]);
    expect(listed[1]!.shortName).toBe("eth");
    expect(listed[1]!.collisions).toBeUndefined();
    // The registry calls 31337 something else: both names are kept as a collision, and its endpoints are not ours.
    expect(listed[0]!.collisions).toEqual(["GoChain Testnet", "Hardhat"]);
    expect(listed[0]!.rpc).toEqual(["http://127.0.0.1:3000/api/sandbox/rpc"]);
    expect(collisionCount(listed)).toBe(1);
  });
});

describe("walletRecord", () => {
  it("gives the wallet the hex chain id, the name, up to four endpoints and the first explorer", () => {
    const record = walletRecord({
      ...registry[0]!,
      supported: false,
      rpc: ["https://1", "https://2", "https://3", "https://4", "https://5"],
    });
    expect(record).toMatchObject({
      id: 1,
      walletChainId: "0x1",
      info: {
        chainId: "0x1",
        chainName: "Ethereum Mainnet",
        rpcUrls: ["https://1", "https://2", "https://3", "https://4"],
        blockExplorerUrls: ["https://etherscan.io"],
        nativeCurrency: ether,
      },
    });
    expect(walletRecord({ ...registry[1]!, supported: false })).toBeUndefined();
  });
});
