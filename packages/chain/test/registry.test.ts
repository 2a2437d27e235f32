import { describe, expect, it } from "vitest";
import {
  chainList,
  chains,
  defaultChainId,
  developmentChainIds,
  getChain,
  productionChainIds,
  sandboxChain,
  sandboxChainId,
  toViemChain,
} from "../src/registry.ts";

describe("chain registry", () => {
  it("holds every supported chain once", () => {
    const ids = chains.map((chain) => chain.id);
    expect(ids).toEqual([1, 56, 97, 137, 80001, 42161, 42766, 81457, 168587773, 5611]);
    expect(new Set([...ids, sandboxChain.id]).size).toBe(ids.length + 1);
  });

  it("gives every chain a wallet chain id equal to its id in hex, an icon and a complete EIP-3085 record", () => {
    for (const chain of [...chains, sandboxChain]) {
      expect(chain.walletChainId).toBe(`0x${chain.id.toString(16)}`);
      expect(chain.info.chainId).toBe(chain.walletChainId);
      expect(Number(chain.walletChainId)).toBe(chain.id);
      expect(chain.icon).toBe(`/chains/${chain.id}.svg`);
      expect(chain.info.nativeCurrency.decimals).toBe(18);
      for (const url of [...chain.info.rpcUrls, ...chain.info.blockExplorerUrls]) {
        expect(new URL(url).protocol).toBe("https:");
      }
    }
    for (const chain of chains) {
      expect(chain.info.rpcUrls.length).toBeGreaterThan(0);
      expect(chain.info.blockExplorerUrls.length).toBeGreaterThan(0);
    }
    expect(getChain(56)?.walletChainId).toBe("0x38");
    expect(getChain(168587773)?.walletChainId).toBe("0xa0c71fd");
  });

  it("marks test networks", () => {
    const testnets = chains.filter((chain) => chain.testnet).map((chain) => chain.id);
    expect(testnets).toEqual([97, 80001, 168587773, 5611]);
    expect(sandboxChain.testnet).toBe(true);
  });

  it("defaults to BNB Chain", () => {
    expect(defaultChainId).toBe(56);
    expect(getChain(defaultChainId)?.name).toBe("BNB Chain");
    expect(productionChainIds).toContain(defaultChainId);
  });

  it("lists production and development chains in the product's order", () => {
    expect(productionChainIds).toEqual([56, 1, 42766, 81457]);
    expect(developmentChainIds).toEqual([97, 1, 5611, 42766]);
    expect(chainList("production").map((chain) => chain.name)).toEqual([
      "BNB Chain",
      "Ethereum",
      "ZKFair",
      "Blast",
    ]);
    expect(chainList("development").map((chain) => chain.name)).toEqual([
      "BSC Testnet",
      "Ethereum",
      "opBNB Testnet",
      "ZKFair",
    ]);
  });

  it("appends the sandbox chain with its runtime RPC URL only when one is given", () => {
    expect(chainList("production").some((chain) => chain.id === sandboxChainId)).toBe(false);
    const list = chainList("development", { sandboxRpcUrl: "http://localhost:3000/api/sandbox/rpc" });
    expect(list.at(-1)).toMatchObject({
      id: 31337,
      name: "Dropfair Sandbox",
      walletChainId: "0x7a69",
      info: { rpcUrls: ["http://localhost:3000/api/sandbox/rpc"] },
    });
    expect(sandboxChain.info.rpcUrls).toEqual([]);
  });

  it("finds chains by id and knows nothing else", () => {
    expect(getChain(42766)?.info.nativeCurrency.symbol).toBe("USDC");
    expect(getChain(sandboxChainId)).toBe(sandboxChain);
    expect(getChain(10)).toBeUndefined();
  });

  it("cannot be changed by a caller", () => {
    const ethereum = getChain(1)!;
    expect(() => {
      ethereum.info.rpcUrls.push("https://example.com");
    }).toThrow(TypeError);
    expect(Object.isFrozen(chains)).toBe(true);
  });

  it("converts to a viem chain", () => {
    const blast = toViemChain(getChain(81457)!);
    expect(blast).toMatchObject({
      id: 81457,
      name: "Blast Mainnet",
      nativeCurrency: { symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: ["https://rpc.blast.io", "https://blast-rpc.publicnode.com"] } },
      blockExplorers: { default: { url: "https://blastscan.io" } },
      testnet: false,
    });
    expect(toViemChain(sandboxChain).blockExplorers).toBeUndefined();
  });
});
