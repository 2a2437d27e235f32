// Chain reads that several API modules share: a token's metadata, a transaction's receipt, and what the
// AirdropDistributor holds for a campaign (its state, a voucher nonce, the Claimed events of a receipt). Each read
// tells a node that did not answer (ChainReadError "unreachable") apart from an answer, so a module can turn the
// first into its retryable "chain unavailable" error and never into a false "not valid".

import {
  type Address,
  erc20Abi,
  type Hex,
  isAddressEqual,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import { airdropDistributorAbi, erc721CollectionAbi, erc721InterfaceIds } from "./abis.ts";
import { isRpcUnreachable } from "./clients.ts";

export type ChainReadFailure = "unreachable" | "transactionNotFound" | "transactionReverted";

/** A read that got no usable answer: the node did not answer, or the transaction is not mined or reverted. */
export class ChainReadError extends Error {
  override readonly name = "ChainReadError";
  constructor(
    readonly reason: ChainReadFailure,
    options?: { cause?: unknown },
  ) {
    super(`chain read failed: ${reason}`, options);
  }
}

/**
 * Transport failures and JSON-RPC errors of the node, as opposed to answers (a revert is an answer). The
 * reads below call contracts, so a node's error at the top counts too.
 */
function unreachable(error: unknown): ChainReadError | null {
  return isRpcUnreachable(error, { nodeErrors: true })
    ? new ChainReadError("unreachable", { cause: error })
    : null;
}

export type TokenMetadata = { symbol: string; decimals: number };

/**
 * An ERC-20's symbol and decimals, or for `nft` an ERC-721 check (decimals 0, symbol "NFT" when it has none);
 * null when the contract answers as neither.
 */
export async function readTokenMetadata(
  client: PublicClient,
  token: Address,
  kind: "token" | "nft" = "token",
): Promise<TokenMetadata | null> {
  try {
    if (kind === "nft") {
      const isErc721 = await client.readContract({
        address: token,
        abi: erc721CollectionAbi,
        functionName: "supportsInterface",
        args: [erc721InterfaceIds.erc721],
      });
      if (!isErc721) return null;
      const symbol = await client
        .readContract({ address: token, abi: erc721CollectionAbi, functionName: "symbol" })
        .catch(() => "NFT");
      return { symbol: symbol.slice(0, 20), decimals: 0 };
    }
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }),
      client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
    ]);
    return decimals > 36 ? null : { symbol: symbol.slice(0, 20), decimals };
  } catch (error) {
    const failure = unreachable(error);
    if (failure) throw failure;
    return null;
  }
}

/** The receipt of a mined, successful transaction; ChainReadError when it is not mined, reverted, or the node is down. */
export async function readReceipt(client: PublicClient, txHash: Hex): Promise<TransactionReceipt> {
  let receipt: TransactionReceipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: txHash });
  } catch (error) {
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError")
      throw new ChainReadError("transactionNotFound", { cause: error });
    throw new ChainReadError("unreachable", { cause: error });
  }
  if (receipt.status !== "success") throw new ChainReadError("transactionReverted");
  return receipt;
}

export type DistributorCampaign = {
  creator: Address;
  kind: number;
  proofKind: number;
  mode: number;
  refunded: boolean;
  start: bigint;
  end: bigint;
  token: Address;
  deposited: bigint;
  claimed: bigint;
};

/** An AirdropDistributor campaign as the chain has it now; null when it does not exist. */
export async function readDistributorCampaign(
  client: PublicClient,
  distributor: Address,
  campaignId: bigint,
): Promise<DistributorCampaign | null> {
  try {
    const campaign = await client.readContract({
      address: distributor,
      abi: airdropDistributorAbi,
      functionName: "getCampaign",
      args: [campaignId],
    });
    return campaign as unknown as DistributorCampaign;
  } catch (error) {
    const failure = unreachable(error);
    if (failure) throw failure;
    return null;
  }
}

/** Whether a distributor voucher nonce was used (the claim went through); any failure is "unreachable". */
export async function isClaimNonceUsed(
  client: PublicClient,
  distributor: Address,
  campaignId: bigint,
  nonce: bigint,
): Promise<boolean> {
  try {
    return await client.readContract({
      address: distributor,
      abi: airdropDistributorAbi,
      functionName: "isNonceUsed",
      args: [campaignId, nonce],
    });
  } catch (error) {
    throw new ChainReadError("unreachable", { cause: error });
  }
}

/** The distributor's Claimed events of a receipt for one campaign. */
export function claimedLogsOf(receipt: TransactionReceipt, distributor: Address, campaignId: bigint) {
  const own = receipt.logs.filter((log) => isAddressEqual(log.address, distributor));
  return parseEventLogs({ abi: airdropDistributorAbi, logs: own, eventName: "Claimed", strict: true })
    .map((log) => log.args)
    .filter((args) => args.campaignId === campaignId);
}

/** The distributor's Refunded events of a receipt for one campaign (the creator took back what was left). */
export function refundedLogsOf(receipt: TransactionReceipt, distributor: Address, campaignId: bigint) {
  const own = receipt.logs.filter((log) => isAddressEqual(log.address, distributor));
  return parseEventLogs({ abi: airdropDistributorAbi, logs: own, eventName: "Refunded", strict: true })
    .map((log) => log.args)
    .filter((args) => args.campaignId === campaignId);
}
