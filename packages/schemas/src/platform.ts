import { z } from "zod";

export const chainRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  walletChainId: z.string(),
  testnet: z.boolean(),
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
  /** Airdrops: the AirdropDistributor deployment per chain. */
  airdrop: z
    .object({ distributors: z.array(z.object({ chainId: z.number().int(), address: z.string() })) })
    .optional(),
});
export type PlatformConfig = z.infer<typeof platformConfigSchema>;
