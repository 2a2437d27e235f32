/**
 * Platform-config fixtures for component tests: what GET /api/bounty/platform/config answers in sandbox mode.
 * Only *.test.ts(x) files and feature test helpers import this module, so it never reaches the app bundle.
 */
import type { PlatformConfig } from "@dropfair/schemas/platform";

type ChainRecord = PlatformConfig["chains"][number];

/** The sandbox's local Hardhat chain, as the API lists it. */
export const localChain: ChainRecord = {
  id: 31337,
  name: "Sandbox chain",
  icon: "/chains/31337.svg",
  walletChainId: "0x7a69",
  testnet: true,
  info: {
    chainId: "0x7a69",
    chainName: "Sandbox",
    rpcUrls: ["http://127.0.0.1:3100/api/sandbox/rpc"],
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    blockExplorerUrls: [],
  },
};

/** The sandbox platform on the local chain alone; features add their settings (`picker`, `airdrop`). */
export function platformConfig(overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  return {
    project: "Dropfair",
    sandbox: true,
    chains: [localChain],
    defaultChainId: localChain.id,
    dashboardUrl: "https://dashboard.example",
    supportHandle: "@dropfair",
    communityUrl: "https://t.me/dropfair",
    points: { pointName: "EP", pointsPerLevel: 100, referralReward: 50 },
    ...overrides,
  };
}
