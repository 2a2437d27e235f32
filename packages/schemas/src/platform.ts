import { z } from "zod";

export const chainRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  walletChainId: z.string(),
  testnet: z.boolean(),
  /** Blocks, the transaction's own included, the API waits for before it counts a transaction of this chain. */
  confirmations: z.number().int().min(1).optional(),
  info: z.object({
    chainId: z.string(),
    chainName: z.string(),
    rpcUrls: z.array(z.string()),
    nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
    blockExplorerUrls: z.array(z.string()),
  }),
});

export const platformConfigSchema = z.object({
  project: z.string(),
  sandbox: z.boolean(),
  chains: z.array(chainRecordSchema),
  defaultChainId: z.number().int(),
  dashboardUrl: z.string(),
  supportHandle: z.string(),
  communityUrl: z.string(),
  /** Picker settings the web app needs: the draw's block source and our BatchPayout contracts. */
  picker: z
    .object({
      drawChainId: z.number().int(),
      drawConfirmations: z.number().int(),
      batchPayout: z.array(z.object({ chainId: z.number().int(), address: z.string() })),
    })
    .optional(),
  /** Points: what the interface calls them (`POINT_NAME`), how many make a level, and a referral's reward. */
  points: z.object({
    pointName: z.string().describe("What the platform calls its points (EP by default)"),
    pointsPerLevel: z.number().int(),
    referralReward: z.number().int().describe("Points a referrer earns per qualified referee"),
  }),
  /** Airdrops: the AirdropDistributor deployment per chain. */
  airdrop: z
    .object({ distributors: z.array(z.object({ chainId: z.number().int(), address: z.string() })) })
    .optional(),
  /** Badges: the DropfairBadges deployment per chain, and the codes of the early-bird and growth programmes. */
  badges: z
    .object({
      contracts: z.array(z.object({ chainId: z.number().int(), address: z.string() })),
      earlybirdId: z.string(),
      growthId: z.string(),
    })
    .optional(),
  /** Safe check: whether the API answers explorer look-ups (source, holders) with a configured explorer. */
  safe: z.object({ explorer: z.boolean() }).optional(),
  /** Lucky wheel: the LuckyWheel deployment per chain. */
  wheel: z
    .object({ contracts: z.array(z.object({ chainId: z.number().int(), address: z.string() })) })
    .optional(),
});
export type PlatformConfig = z.infer<typeof platformConfigSchema>;
