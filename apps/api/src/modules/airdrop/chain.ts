// What the airdrop reads from and signs for the chain: token metadata, the distributor's events in a receipt, and
// the platform's EIP-712 claim vouchers.

import { airdropDistributorAbi, airdropVoucherDomain, airdropVoucherTypes } from "@dropfair/chain/abis";
import { isRpcUnreachable } from "@dropfair/chain/clients";
import * as reads from "@dropfair/chain/reads";
import * as chainSigners from "@dropfair/chain/signers";
import {
  type Address,
  type Hex,
  isAddressEqual,
  type Log,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import { airdropErrors } from "./errors.ts";

export type { TokenMetadata } from "@dropfair/chain/reads";

/** A node that did not answer → 'chain unavailable' (retryable); a missing or reverted transaction → its message. */
async function asAirdropErrors<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof reads.ChainReadError)) throw error;
    if (error.reason === "unreachable") throw airdropErrors.chainUnavailable(error.cause);
    throw airdropErrors.transaction(error.reason);
  }
}

/** Reads an ERC-20's symbol and decimals, or checks an ERC-721; a contract that answers neither is not valid. */
export async function readTokenMetadata(
  client: PublicClient,
  token: Address,
  kind: "token" | "nft",
): Promise<reads.TokenMetadata> {
  const metadata = await asAirdropErrors(reads.readTokenMetadata(client, token, kind));
  if (!metadata) throw airdropErrors.tokenAddressInvalid();
  return metadata;
}

/** The node did not answer, as opposed to answering that the contract is not a token. */
export function isUnreachable(error: unknown): boolean {
  return isRpcUnreachable(error);
}

const campaignEventNames = ["CampaignCreated", "Deposited", "NftRegistered", "Claimed", "Refunded"] as const;
type CampaignEventName = (typeof campaignEventNames)[number];

/** The distributor's campaign events in a receipt (created, deposited, NFTs registered, claimed, refunded). */
export function distributorEvents(receipt: TransactionReceipt, distributor: Address) {
  const logs = receipt.logs.filter((log: Log) => isAddressEqual(log.address, distributor));
  return parseEventLogs({
    abi: airdropDistributorAbi,
    logs,
    strict: true,
    eventName: [...campaignEventNames] as CampaignEventName[],
  });
}

export type DistributorEvent = ReturnType<typeof distributorEvents>[number];

/** The ABI items of the campaign events, for `getLogs`. */
export const campaignEventAbi = airdropDistributorAbi.filter(
  (item) => item.type === "event" && (campaignEventNames as readonly string[]).includes(item.name),
);

/** The receipt of a mined transaction, or a clear error (not found yet, reverted, chain down). */
export const readReceipt = (client: PublicClient, txHash: Hex): Promise<TransactionReceipt> =>
  asAirdropErrors(reads.readReceipt(client, txHash));

export type Voucher = {
  campaignId: bigint;
  recipient: Address;
  amount: bigint;
  nonce: bigint;
  deadline: bigint;
};

export type VoucherSigner = chainSigners.VoucherSigner<Voucher>;

/** Signs claim vouchers with the platform key (AIRDROP_SIGNER_KEY); the distributor checks the signer. */
export const createVoucherSigner = (privateKey: Hex): VoucherSigner =>
  chainSigners.createVoucherSigner<Voucher>(privateKey, {
    domain: airdropVoucherDomain,
    types: airdropVoucherTypes,
    primaryType: "Voucher",
  });
