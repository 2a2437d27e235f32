// What the airdrop reads from and signs for the chain: token metadata, the distributor's events in a receipt, and
// the platform's EIP-712 claim vouchers.
import {
  airdropDistributorAbi,
  airdropVoucherDomain,
  airdropVoucherTypes,
  erc721CollectionAbi,
  erc721InterfaceIds,
} from "@dropfair/chain/abis";
import {
  type Address,
  erc20Abi,
  type Hex,
  isAddressEqual,
  type Log,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { airdropErrors } from "./errors.ts";

export type TokenMetadata = { symbol: string; decimals: number };

/** Reads an ERC-20's symbol and decimals, or checks an ERC-721; a contract that answers neither is not valid. */
export async function readTokenMetadata(
  client: PublicClient,
  token: Address,
  kind: "token" | "nft",
): Promise<TokenMetadata> {
  try {
    if (kind === "nft") {
      const isErc721 = await client.readContract({
        address: token,
        abi: erc721CollectionAbi,
        functionName: "supportsInterface",
        args: [erc721InterfaceIds.erc721],
      });
      if (!isErc721) throw airdropErrors.tokenAddressInvalid();
      const symbol = await client
        .readContract({ address: token, abi: erc721CollectionAbi, functionName: "symbol" })
        .catch(() => "NFT");
      return { symbol: symbol.slice(0, 20), decimals: 0 };
    }
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }),
      client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
    ]);
    if (decimals > 36) throw airdropErrors.tokenAddressInvalid();
    return { symbol: symbol.slice(0, 20), decimals };
  } catch (error) {
    if (isUnreachable(error)) throw airdropErrors.chainUnavailable(error);
    throw airdropErrors.tokenAddressInvalid();
  }
}

function isUnreachable(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name ?? "";
  return ["HttpRequestError", "TimeoutError", "WebSocketRequestError", "SocketClosedError"].includes(name);
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
export async function readReceipt(client: PublicClient, txHash: Hex): Promise<TransactionReceipt> {
  let receipt: TransactionReceipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: txHash });
  } catch (error) {
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError")
      throw airdropErrors.transaction("transactionNotFound");
    throw airdropErrors.chainUnavailable(error);
  }
  if (receipt.status !== "success") throw airdropErrors.transaction("transactionReverted");
  return receipt;
}

export type Voucher = {
  campaignId: bigint;
  recipient: Address;
  amount: bigint;
  nonce: bigint;
  deadline: bigint;
};

export type VoucherSigner = {
  address: Address;
  sign(voucher: Voucher, chainId: number, distributor: Address): Promise<Hex>;
};

/** Signs claim vouchers with the platform key (AIRDROP_SIGNER_KEY); the distributor checks the signer. */
export function createVoucherSigner(privateKey: Hex): VoucherSigner {
  const account = privateKeyToAccount(privateKey);
  return {
    address: account.address,
    sign: (voucher, chainId, distributor) =>
      account.signTypedData({
        domain: airdropVoucherDomain(chainId, distributor),
        types: airdropVoucherTypes,
        primaryType: "Voucher",
        message: voucher,
      }),
  };
}
