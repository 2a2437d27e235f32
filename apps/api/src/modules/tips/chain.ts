// What the tips module reads from the chain: the reward token's symbol and decimals, the AirdropDistributor
// campaign that funds a campaign's prize, whether a claim voucher was used, and the Claimed events of a receipt.
// The reads are shared (@dropfair/chain/reads); here their failures become the module's errors.

import * as reads from "@dropfair/chain/reads";
import type { Address, Hex, PublicClient, TransactionReceipt } from "viem";
import { tipsErrors } from "./errors.ts";

export type { DistributorCampaign } from "@dropfair/chain/reads";
export { claimedLogsOf, refundedLogsOf } from "@dropfair/chain/reads";

/** A node that did not answer → 'chain unavailable' (retryable); a missing or reverted transaction → its message. */
async function asTipsErrors<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof reads.ChainReadError)) throw error;
    if (error.reason === "unreachable") throw tipsErrors.chainUnavailable(error.cause);
    throw tipsErrors.transaction(error.reason);
  }
}

/** An ERC-20's symbol and decimals; null when the address is not one. */
export const readTokenMetadata = (client: PublicClient, token: Address) =>
  asTipsErrors(reads.readTokenMetadata(client, token, "token"));

/** An AirdropDistributor campaign as the chain has it now; null when it does not exist. */
export const readDistributorCampaign = (client: PublicClient, distributor: Address, campaignId: bigint) =>
  asTipsErrors(reads.readDistributorCampaign(client, distributor, campaignId));

/** Whether a distributor voucher nonce was used (the claim went through). */
export const isClaimNonceUsed = (
  client: PublicClient,
  distributor: Address,
  campaignId: bigint,
  nonce: bigint,
) => asTipsErrors(reads.isClaimNonceUsed(client, distributor, campaignId, nonce));

/** The receipt of a mined transaction, or a clear error (not found yet, reverted, chain down). */
export const readReceipt = (client: PublicClient, txHash: Hex): Promise<TransactionReceipt> =>
  asTipsErrors(reads.readReceipt(client, txHash));
