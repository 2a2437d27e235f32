import { confirmationsFor } from "@dropfair/chain/confirmations";
import { chainList, defaultChainId } from "@dropfair/chain/registry";
import type { PlatformConfig } from "@dropfair/schemas/platform";
import type { AppConfig } from "./config.ts";

/** The public settings served to the web app, derived once from the boot configuration. */
export function platformConfigFrom(config: AppConfig): PlatformConfig {
  const origin = config.appOrigins[0]!;
  // Each chain with the confirmations this server waits for, so the web app waits as long before reporting.
  const chains = chainList(config.chainList, {
    sandboxRpcUrl: config.sandboxRpcUrl ? `${origin}/api/sandbox/rpc` : undefined,
  }).map((chain) => ({ ...chain, confirmations: confirmationsFor(chain.id, config.confirmations) }));
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
    points: {
      pointName: config.points.pointName,
      pointsPerLevel: config.points.pointsPerLevel,
      referralReward: config.referral.rewardEp,
    },
    airdrop: {
      distributors: Object.entries(config.airdrop.distributors).map(([chainId, address]) => ({
        chainId: Number(chainId),
        address,
      })),
    },
    badges: {
      contracts: Object.entries(config.badges.contracts).map(([chainId, address]) => ({
        chainId: Number(chainId),
        address,
      })),
      earlybirdId: config.points.earlybirdId,
      growthId: config.points.growthId,
    },
    safe: { explorer: config.explorer.mode !== "off" },
    wheel: {
      contracts: Object.entries(config.wheel.contracts).map(([chainId, address]) => ({
        chainId: Number(chainId),
        address,
      })),
    },
  };
}
