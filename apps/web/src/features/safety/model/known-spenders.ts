import type { PlatformConfig } from "../../../shared/api/get-platform-config";

/** Well-known spenders by lowercase address: the same contract on every chain it is deployed to. */
const wellKnown: Record<string, string> = {
  "0x000000000022d473030f116ddee9f6b43ac78ba3": "Permit2 (Uniswap)",
  "0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad": "Uniswap Universal Router",
  "0x66a9893cc07d91d95644aedd05d03f95e1dba8af": "Uniswap Universal Router v4",
  "0x7a250d5630b4cf539739df2c5dacb4c659f2488d": "Uniswap V2 Router",
  "0xe592427a0aece92de3edee1f18e0157c05861564": "Uniswap V3 Router",
  "0x68b3465833fb72a70ecdf485e0e4c7bd8665fc45": "Uniswap V3 Router 2",
  "0x1111111254eeb25477b68fb85ed929f73a960582": "1inch Router v5",
  "0x111111125421ca6dc452d289314280a0f8842a65": "1inch Router v6",
  "0x00000000000000adc04c56bf30ac9d3c0aaf14dc": "OpenSea Seaport 1.5",
  "0x0000000000000068f116a894984e2db1123eb395": "OpenSea Seaport 1.6",
  "0x1e0049783f008a0085193e00003d00cd54003c71": "OpenSea Conduit",
  "0x10ed43c718714eb63d5aa57b78b54704e256024e": "PancakeSwap Router v2",
  "0x13f4ea83d0bd40e75c8222255bc855a974568dd4": "PancakeSwap Smart Router v3",
};

/** Known spender names: the well-known list plus this deployment's own contracts on each chain. */
export function knownSpenders(config: PlatformConfig | undefined, chainId: number): Map<string, string> {
  const names = new Map(Object.entries(wellKnown));
  for (const entry of config?.picker?.batchPayout ?? []) {
    if (entry.chainId === chainId) names.set(entry.address.toLowerCase(), "Dropfair BatchPayout");
  }
  for (const entry of config?.airdrop?.distributors ?? []) {
    if (entry.chainId === chainId) names.set(entry.address.toLowerCase(), "Dropfair AirdropDistributor");
  }
  return names;
}
