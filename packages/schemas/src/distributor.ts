// The claim voucher of the AirdropDistributor as the features that pay through it answer it (tips payouts, wheel
// prizes): the platform signs it for the signed-in wallet, and the claim's id is its nonce.
import { z } from "zod";

export const distributorClaimVoucherSchema = z.object({
  claimId: z.number().int(),
  chainId: z.number().int(),
  distributor: z.string(),
  voucher: z.object({
    campaignId: z.string(),
    recipient: z.string(),
    amount: z.string(),
    nonce: z.string(),
    deadline: z.string().describe("Unix seconds"),
  }),
  signature: z.string(),
});
