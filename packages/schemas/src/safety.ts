// The safe check's explorer look-ups, answered by the API with the server's explorer key (it never reaches a page).
import { z } from "zod";
import { addressSchema } from "./address.ts";

const chainIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const explorerSourceQuerySchema = z
  .object({ chainId: chainIdSchema, address: addressSchema })
  .strict();

export const explorerHoldersQuerySchema = z
  .object({
    chainId: chainIdSchema,
    address: addressSchema,
    /** How many of the largest holders (default 10). */
    count: z.coerce.number().int().min(1).max(25).default(10),
  })
  .strict();

export const explorerSourceSchema = z.object({
  verified: z.boolean(),
  /** The verified source's ABI, when the explorer gave one that parses (its functions add admin powers). */
  abi: z.array(z.record(z.string(), z.unknown())).nullable(),
});

export const explorerHoldersSchema = z.object({
  /** The largest holders' balances in base units (decimal strings), largest first. */
  balances: z.array(z.string().regex(/^\d+$/)),
});

export type ExplorerSourceAnswer = z.infer<typeof explorerSourceSchema>;
export type ExplorerHoldersAnswer = z.infer<typeof explorerHoldersSchema>;
