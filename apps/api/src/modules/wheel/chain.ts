// What the wheel reads from and signs for the chain: spin vouchers for LuckyWheel, the Spin events of a receipt or a
// block range, and the AirdropDistributor campaigns that pay token and NFT prizes.

import { luckyWheelAbi, spinVoucherDomain, spinVoucherTypes } from "@dropfair/chain/abis";
import * as reads from "@dropfair/chain/reads";
import { createVoucherSigner, type VoucherSigner } from "@dropfair/chain/signers";
import {
  type Address,
  type Hex,
  isAddressEqual,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import { wheelErrors } from "./errors.ts";

export { claimedLogsOf } from "@dropfair/chain/reads";

export type SpinVoucher = { gameId: bigint; account: Address; nonce: bigint; deadline: bigint };

export type SpinSigner = VoucherSigner<SpinVoucher>;

/** Signs spin vouchers with the platform key; LuckyWheel checks the signer. */
export const createSpinSigner = (privateKey: Hex): SpinSigner =>
  createVoucherSigner<SpinVoucher>(privateKey, {
    domain: spinVoucherDomain,
    types: spinVoucherTypes,
    primaryType: "SpinVoucher",
  });

/** A Spin event with where the chain put it. */
export type SpinLog = {
  gameId: bigint;
  account: Address;
  nonce: bigint;
  blockNumber: bigint;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: number;
  logIndex: number;
};

function spinLogsOf(logs: Parameters<typeof parseEventLogs>[0]["logs"], contract: Address): SpinLog[] {
  const own = logs.filter((log) => isAddressEqual(log.address, contract));
  return parseEventLogs({ abi: luckyWheelAbi, logs: own, eventName: "Spin", strict: true }).map((log) => ({
    ...log.args,
    blockNumber: log.blockNumber,
    blockHash: log.blockHash,
    transactionHash: log.transactionHash,
    transactionIndex: log.transactionIndex,
    logIndex: log.logIndex,
  }));
}

/** The Spin events of one receipt emitted by `contract`. */
export function spinLogsOfReceipt(receipt: TransactionReceipt, contract: Address): SpinLog[] {
  return spinLogsOf(receipt.logs, contract);
}

/** The Spin events of `contract` in a block range, in chain order. */
export async function spinLogsInRange(
  client: PublicClient,
  contract: Address,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<SpinLog[]> {
  const spinEvent = luckyWheelAbi.find((item) => item.type === "event" && item.name === "Spin")!;
  const logs = await client.getLogs({
    address: contract,
    event: spinEvent,
    fromBlock,
    toBlock,
    strict: true,
  });
  return spinLogsOf(logs, contract);
}

/** A node that did not answer → 'chain unavailable' (retryable); a missing or reverted transaction → its message. */
async function asWheelErrors<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof reads.ChainReadError)) throw error;
    if (error.reason === "unreachable") throw wheelErrors.chainUnavailable(error.cause);
    throw wheelErrors.transaction(error.reason);
  }
}

/** ERC-20 symbol and decimals, or an ERC-721 check (decimals 0); null when the contract is neither. */
export const readTokenMetadata = (client: PublicClient, token: Address, kind: "token" | "nft") =>
  asWheelErrors(reads.readTokenMetadata(client, token, kind));

/** An AirdropDistributor campaign as the chain has it now; null when it does not exist. */
export const readDistributorCampaign = (client: PublicClient, distributor: Address, campaignId: bigint) =>
  asWheelErrors(reads.readDistributorCampaign(client, distributor, campaignId));

/** Whether a distributor voucher nonce was used (the claim went through). */
export const isClaimNonceUsed = (
  client: PublicClient,
  distributor: Address,
  campaignId: bigint,
  nonce: bigint,
) => asWheelErrors(reads.isClaimNonceUsed(client, distributor, campaignId, nonce));

/** The receipt of a mined transaction, or a clear error (not found yet, reverted, chain down). */
export const readReceipt = (client: PublicClient, txHash: Hex): Promise<TransactionReceipt> =>
  asWheelErrors(reads.readReceipt(client, txHash));
