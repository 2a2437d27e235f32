// The chains Dropfair supports. Browser-safe: the web app's network picker and the API both read it.
import { type Chain, defineChain } from "viem";

type Hex = `0x${string}`;

/** Exactly the EIP-3085 `wallet_addEthereumChain` parameter, so it can be handed to a wallet unchanged. */
export interface AddEthereumChainParameter {
  chainId: Hex;
  chainName: string;
  rpcUrls: string[];
  nativeCurrency: { name: string; symbol: string; decimals: number };
  blockExplorerUrls: string[];
}

export interface ChainRecord {
  id: number;
  /** Short name for the UI; `info.chainName` is the longer one wallets show. */
  name: string;
  /** Path of the icon served by the web app. */
  icon: string;
  /** The id as wallets want it (EIP-695 `eth_chainId`, EIP-3326 `wallet_switchEthereumChain`). */
  walletChainId: Hex;
  testnet: boolean;
  /**
   * Blocks, the transaction's own included, before the API counts a transaction or event of this chain
   * (docs/security.md, "Confirmations and reorganisations"). `CONFIRMATIONS_<chainId>` overrides it.
   */
  confirmations: number;
  info: AddEthereumChainParameter;
}

export type ChainListKind = "production" | "development";

/** Hardhat's default chain id: what `npm start` and the tests run locally. */
export const sandboxChainId = 31337;

function toWalletChainId(id: number): Hex {
  return `0x${id.toString(16)}`;
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (typeof child === "object" && child !== null) deepFreeze(child);
  }
  return Object.freeze(value);
}

function chainRecord(
  id: number,
  name: string,
  testnet: boolean,
  confirmations: number,
  info: Omit<AddEthereumChainParameter, "chainId">,
): ChainRecord {
  // Frozen because records are shared by every caller; a caller that needs a variant builds a copy.
  return deepFreeze({
    id,
    name,
    icon: `/chains/${id}.svg`,
    walletChainId: toWalletChainId(id),
    testnet,
    confirmations,
    info: { chainId: toWalletChainId(id), ...info },
  });
}

const ether = { name: "Ether", symbol: "ETH", decimals: 18 };

/** Every supported chain, in the product's order. The first RPC URL is the one a wallet tries first. */
export const chains: readonly ChainRecord[] = Object.freeze([
  chainRecord(1, "Ethereum", false, 12, {
    chainName: "Ethereum Mainnet",
    rpcUrls: ["https://ethereum-rpc.publicnode.com", "https://eth.llamarpc.com"],
    nativeCurrency: ether,
    blockExplorerUrls: ["https://etherscan.io"],
  }),
  chainRecord(56, "BNB Chain", false, 15, {
    chainName: "BNB Smart Chain Mainnet",
    rpcUrls: [
      "https://bsc-dataseed.bnbchain.org",
      "https://bsc-dataseed1.binance.org",
      "https://bsc-rpc.publicnode.com",
    ],
    nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
    blockExplorerUrls: ["https://bscscan.com"],
  }),
  chainRecord(97, "BSC Testnet", true, 15, {
    chainName: "BNB Smart Chain Testnet",
    rpcUrls: ["https://data-seed-prebsc-1-s1.bnbchain.org:8545", "https://bsc-testnet-rpc.publicnode.com"],
    nativeCurrency: { name: "BNB", symbol: "tBNB", decimals: 18 },
    blockExplorerUrls: ["https://testnet.bscscan.com"],
  }),
  chainRecord(137, "Polygon", false, 128, {
    chainName: "Polygon Mainnet",
    rpcUrls: ["https://polygon-rpc.com", "https://polygon-bor-rpc.publicnode.com"],
    nativeCurrency: { name: "POL", symbol: "POL", decimals: 18 },
    blockExplorerUrls: ["https://polygonscan.com"],
  }),
  // Mumbai was retired in 2024 (Amoy replaced it); kept because the product still names it, but in no
  // chain list.
  chainRecord(80001, "Polygon Mumbai", true, 128, {
    chainName: "Polygon Mumbai",
    rpcUrls: ["https://rpc-mumbai.maticvigil.com"],
    nativeCurrency: { name: "MATIC", symbol: "MATIC", decimals: 18 },
    blockExplorerUrls: ["https://mumbai.polygonscan.com"],
  }),
  chainRecord(42161, "Arbitrum One", false, 20, {
    chainName: "Arbitrum One",
    rpcUrls: ["https://arb1.arbitrum.io/rpc", "https://arbitrum-one-rpc.publicnode.com"],
    nativeCurrency: ether,
    blockExplorerUrls: ["https://arbiscan.io"],
  }),
  // ZKFair pays gas in USDC, with 18 decimals on the chain itself.
  chainRecord(42766, "ZKFair", false, 10, {
    chainName: "ZKFair Mainnet",
    rpcUrls: ["https://rpc.zkfair.io"],
    nativeCurrency: { name: "USD Coin", symbol: "USDC", decimals: 18 },
    blockExplorerUrls: ["https://scan.zkfair.io"],
  }),
  chainRecord(81457, "Blast", false, 10, {
    chainName: "Blast Mainnet",
    rpcUrls: ["https://rpc.blast.io", "https://blast-rpc.publicnode.com"],
    nativeCurrency: ether,
    blockExplorerUrls: ["https://blastscan.io"],
  }),
  chainRecord(168587773, "Blast Sepolia", true, 10, {
    chainName: "Blast Sepolia Testnet",
    rpcUrls: ["https://sepolia.blast.io"],
    nativeCurrency: ether,
    blockExplorerUrls: ["https://sepolia.blastscan.io"],
  }),
  chainRecord(5611, "opBNB Testnet", true, 15, {
    chainName: "opBNB Testnet",
    rpcUrls: ["https://opbnb-testnet-rpc.bnbchain.org"],
    nativeCurrency: { name: "BNB", symbol: "tBNB", decimals: 18 },
    blockExplorerUrls: ["https://testnet.opbnbscan.com"],
  }),
]);

/** The local Hardhat chain. Its RPC URL is only known at runtime: see `chainList(kind, { sandboxRpcUrl })`. */
export const sandboxChain: ChainRecord = chainRecord(sandboxChainId, "Dropfair Sandbox", true, 2, {
  chainName: "Dropfair Sandbox",
  rpcUrls: [],
  nativeCurrency: ether,
  blockExplorerUrls: [],
});

export const productionChainIds: readonly number[] = Object.freeze([56, 1, 42766, 81457]);
export const developmentChainIds: readonly number[] = Object.freeze([97, 1, 5611, 42766]);
export const defaultChainId = 56;

const chainsById = new Map<number, ChainRecord>([...chains, sandboxChain].map((chain) => [chain.id, chain]));

/** The record for a chain id, the sandbox chain included (with no RPC URL); undefined for unknown ids. */
export function getChain(id: number): ChainRecord | undefined {
  return chainsById.get(id);
}

/** The chains the network picker offers, in the list's order (the default chain first); the sandbox chain
 * last when it runs. */
export function chainList(kind: ChainListKind, options: { sandboxRpcUrl?: string } = {}): ChainRecord[] {
  const ids = kind === "production" ? productionChainIds : developmentChainIds;
  const list = ids.map((id) => chainsById.get(id)!);
  if (options.sandboxRpcUrl) {
    list.push(
      chainRecord(sandboxChain.id, sandboxChain.name, sandboxChain.testnet, sandboxChain.confirmations, {
        chainName: sandboxChain.info.chainName,
        rpcUrls: [options.sandboxRpcUrl],
        nativeCurrency: sandboxChain.info.nativeCurrency,
        blockExplorerUrls: [],
      }),
    );
  }
  return list;
}

/** A viem chain for a record, for clients and wallets (wagmi) alike. */
export function toViemChain(record: ChainRecord): Chain {
  const [explorerUrl] = record.info.blockExplorerUrls;
  return defineChain({
    id: record.id,
    name: record.info.chainName,
    nativeCurrency: { ...record.info.nativeCurrency },
    rpcUrls: { default: { http: [...record.info.rpcUrls] } },
    ...(explorerUrl ? { blockExplorers: { default: { name: record.name, url: explorerUrl } } } : {}),
    testnet: record.testnet,
  });
}
