import { airdropDistributorAbi, erc721CollectionAbi } from "@dropfair/chain/abis";
import { campaignArgsOf } from "@dropfair/core/airdrop";
import type { AirdropClaim, CampaignParamsWire } from "@dropfair/schemas/airdrop";
import type { Address, Hash, Hex } from "viem";
import { writeContract } from "viem/actions";
import { tokenErrorsAbi, type WalletClient } from "../../../shared/wallet/transactions";

// The collection steps of NFT funding, shared with the wheel.
export {
  approveCollection,
  idsNotOwned,
  isCollectionApproved,
  readWalletNfts,
  type WalletNfts,
} from "../../../shared/wallet/nft-collection";
/**
 * The on-chain steps of an airdrop (fund, claim, refund): the shared wallet steps (shared/wallet) plus the
 * distributor. Loaded only when a step starts, so viem's actions and the ABI stay out of the page chunks.
 */
export {
  approveToken,
  type ConnectedWallet,
  clientOnChain,
  connectWallet,
  readToken,
  type TokenState,
  TransactionRevertedError,
  WalletChoiceCancelledError,
  WalletMissingError,
  WrongNetworkError,
  waitForSuccess,
} from "../../../shared/wallet/transactions";

const erc721ErrorsAbi = erc721CollectionAbi.filter((item) => item.type === "error");

/** The distributor with the token errors it passes on, so a refusal names its reason. */
const distributorAbi = [...airdropDistributorAbi, ...tokenErrorsAbi, ...erc721ErrorsAbi] as const;

/** Opens the campaign on chain and funds it in one transaction (the first deposit). */
export function createCampaignAndDeposit(
  client: WalletClient,
  distributor: Address,
  params: CampaignParamsWire,
  amount: bigint,
) {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "createCampaignAndDeposit",
    args: [campaignArgsOf(params), amount],
  });
}

/** Opens an NFT campaign on chain (its NFTs are registered afterwards, with `registerNft`). */
export function createCampaign(client: WalletClient, distributor: Address, params: CampaignParamsWire) {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "createCampaign",
    args: [campaignArgsOf(params)],
  });
}

/** Moves the creator's NFTs into the campaign (the distributor must be approved for the collection). */
export function registerNft(
  client: WalletClient,
  distributor: Address,
  campaignId: bigint,
  tokenIds: readonly bigint[],
): Promise<Hash> {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "registerNft",
    args: [campaignId, tokenIds],
  });
}

/** Tops up an open campaign. */
export function deposit(client: WalletClient, distributor: Address, campaignId: bigint, amount: bigint) {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "deposit",
    args: [campaignId, amount],
  });
}

/** A platform voucher as the API sends it: every number a decimal string. */
export type DistributorVoucher = {
  campaignId: string;
  recipient: string;
  amount: string;
  nonce: string;
  deadline: string;
};

/**
 * Claims with the platform's signed voucher (`claimWithVoucher`): social airdrop lists, and any feature whose
 * rewards an AirdropDistributor campaign pays (the tips payouts, through the airdrop feature's index).
 */
export function claimWithVoucher(
  client: WalletClient,
  distributor: Address,
  voucher: DistributorVoucher,
  signature: string,
): Promise<Hash> {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "claimWithVoucher",
    args: [
      {
        campaignId: BigInt(voucher.campaignId),
        recipient: voucher.recipient as Address,
        amount: BigInt(voucher.amount),
        nonce: BigInt(voucher.nonce),
        deadline: BigInt(voucher.deadline),
      },
      signature as Hex,
    ],
  });
}

/** Claims with the wallet list's Merkle proof, or with the platform's voucher for social lists. */
export function claimReward(
  client: WalletClient,
  distributor: Address,
  campaignId: bigint,
  claim: AirdropClaim,
) {
  if (claim.voucher && claim.signature)
    return claimWithVoucher(client, distributor, claim.voucher, claim.signature);
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "claim",
    args: [
      campaignId,
      BigInt(claim.index ?? 0),
      claim.account as Address,
      BigInt(claim.amount ?? "0"),
      (claim.proof ?? []) as Hex[],
    ],
  });
}

/** The creator takes back what is left (after the end, or everything before the start). */
export function refund(client: WalletClient, distributor: Address, campaignId: bigint) {
  return writeContract(client, {
    address: distributor,
    abi: distributorAbi,
    functionName: "refund",
    args: [campaignId],
  });
}
