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

/** A claim another module keeps as a row: its id is the voucher nonce, so a used nonce means the claim went through. */
export type NumberedClaim = { id: number; account: Address; amount: string };

/** A signed distributor voucher as the API answers it, its numbers in decimal text. */
export type SignedClaimVoucher = {
  claimId: number;
  chainId: number;
  distributor: Address;
  voucher: { campaignId: string; recipient: Address; amount: string; nonce: string; deadline: string };
  signature: Hex;
};

/**
 * Signs a voucher paying `claim` to its account from a distributor campaign. It lasts the TTL but ends a second
 * before `claimableUntil`, so a voucher never outlives the claim window it was given in.
 */
export async function signClaimVoucher(
  signer: VoucherSigner,
  target: { chainId: number; distributor: Address; campaignId: bigint },
  claim: NumberedClaim,
  validity: { now: Date; ttlSeconds: number; claimableUntil: Date },
): Promise<SignedClaimVoucher> {
  const deadlineMs = Math.min(
    validity.now.getTime() + validity.ttlSeconds * 1000,
    validity.claimableUntil.getTime() - 1000,
  );
  const voucher: Voucher = {
    campaignId: target.campaignId,
    recipient: claim.account,
    amount: BigInt(claim.amount),
    nonce: BigInt(claim.id),
    deadline: BigInt(Math.floor(deadlineMs / 1000)),
  };
  const signature = await signer.sign(voucher, target.chainId, target.distributor);
  return {
    claimId: claim.id,
    chainId: target.chainId,
    distributor: target.distributor,
    voucher: {
      campaignId: voucher.campaignId.toString(),
      recipient: voucher.recipient,
      amount: voucher.amount.toString(),
      nonce: voucher.nonce.toString(),
      deadline: voucher.deadline.toString(),
    },
    signature,
  };
}
