import { chainList, defaultChainId } from "@dropfair/chain/registry";
import type { PlatformConfig } from "@dropfair/schemas/platform";
import type { AppConfig } from "./config.ts";

/** The public settings served to the web app, derived once from the boot configuration. */
export function platformConfigFrom(config: AppConfig): PlatformConfig {
  const origin = config.appOrigins[0]!;
  const chains = chainList(config.chainList, {
    sandboxRpcUrl: config.sandboxRpcUrl ? `${origin}/api/sandbox/rpc` : undefined,
  });
  return {
    project: config.project,
    sandbox: config.sandbox,
    chains,
    defaultChainId,
    dashboardUrl: config.dashboardUrl,
    supportHandle: config.supportHandle,
    communityUrl: config.communityUrl,
    picker: {
      drawChainId: config.picker.drawChainId,
      drawConfirmations: config.picker.drawConfirmations,
      batchPayout: Object.entries(config.picker.batchPayout).map(([chainId, address]) => ({
        chainId: Number(chainId),
        address,
      })),
    },
    airdrop: {
      distributors: Object.entries(config.airdrop.distributors).map(([chainId, address]) => ({
        chainId: Number(chainId),
        address,
      })),
    },
  };
}
