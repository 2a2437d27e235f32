import { airdropDistributorAbi, erc721CollectionAbi, erc721InterfaceIds } from "@dropfair/chain/abis";
import { campaignArgsOf } from "@dropfair/core/airdrop";
import type { AirdropClaim, CampaignParamsWire } from "@dropfair/schemas/airdrop";
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  type Hash,
  type Hex,
} from "viem";
import { readContract, writeContract } from "viem/actions";
import { tokenErrorsAbi, type WalletClient } from "../../../shared/wallet/transactions";
import { inBatches } from "../model/token-ids";

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
/** Reads sent at once: enough to be quick, few enough not to flood a public RPC. */
const readsAtOnce = 20;

/** The distributor with the token errors it passes on, so a refusal names its reason. */
const distributorAbi = [...airdropDistributorAbi, ...tokenErrorsAbi, ...erc721ErrorsAbi] as const;

/** The call reverted (ownerOf of an id never minted or burnt), as opposed to failing to reach the chain. */
function isRevert(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk(
      (cause) => cause instanceof ContractFunctionRevertedError || cause instanceof ExecutionRevertedError,
    ) !== null
  );
}

/** Runs `read` over `items`, `readsAtOnce` at a time, keeping the order. */
async function readAll<Item, Result>(items: readonly Item[], read: (item: Item) => Promise<Result>) {
  const results: Result[] = [];
  for (const batch of inBatches(items, readsAtOnce)) results.push(...(await Promise.all(batch.map(read))));
  return results;
}

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

export function isCollectionApproved(
  client: WalletClient,
  collection: Address,
  owner: Address,
  operator: Address,
): Promise<boolean> {
  return readContract(client, {
    address: collection,
    abi: erc721CollectionAbi,
    functionName: "isApprovedForAll",
    args: [owner, operator],
  });
}

/** Lets `operator` (the distributor) move the owner's NFTs of the collection. */
export function approveCollection(
  client: WalletClient,
  collection: Address,
  operator: Address,
): Promise<Hash> {
  return writeContract(client, {
    address: collection,
    abi: erc721CollectionAbi,
    functionName: "setApprovalForAll",
    args: [operator, true],
  });
}

/** The ids `owner` does not own: owned by someone else, or not minted (ownerOf reverts). */
export async function idsNotOwned(
  client: WalletClient,
  collection: Address,
  owner: Address,
  tokenIds: readonly bigint[],
): Promise<bigint[]> {
  const owners = await readAll(tokenIds, (tokenId) =>
    readContract(client, {
      address: collection,
      abi: erc721CollectionAbi,
      functionName: "ownerOf",
      args: [tokenId],
    }).catch((error: unknown) => {
      if (isRevert(error)) return undefined;
      throw error;
    }),
  );
  return tokenIds.filter((_, index) => owners[index]?.toLowerCase() !== owner.toLowerCase());
}

export type WalletNfts = { enumerable: false } | { enumerable: true; balance: bigint; tokenIds: bigint[] };

/**
 * The first `limit` ids `owner` holds of a collection, listed with ERC721Enumerable's `tokenOfOwnerByIndex`;
 * `enumerable: false` when the collection cannot list them (the creator types the ids instead).
 */
export async function readWalletNfts(
  client: WalletClient,
  collection: Address,
  owner: Address,
  limit: number,
): Promise<WalletNfts> {
  const enumerable = await readContract(client, {
    address: collection,
    abi: erc721CollectionAbi,
    functionName: "supportsInterface",
    args: [erc721InterfaceIds.enumerable],
  }).catch(() => false);
  if (!enumerable) return { enumerable: false };
  const balance = await readContract(client, {
    address: collection,
    abi: erc721CollectionAbi,
    functionName: "balanceOf",
    args: [owner],
  });
  const count = balance < BigInt(limit) ? Number(balance) : limit;
  const tokenIds = await readAll(
    Array.from({ length: count }, (_, index) => BigInt(index)),
    (index) =>
      readContract(client, {
        address: collection,
        abi: erc721CollectionAbi,
        functionName: "tokenOfOwnerByIndex",
        args: [owner, index],
      }),
  );
  return { enumerable: true, balance, tokenIds };
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

/** Claims with the wallet list's Merkle proof, or with the platform's voucher for social lists. */
export function claimReward(
  client: WalletClient,
  distributor: Address,
  campaignId: bigint,
  claim: AirdropClaim,
) {
  if (claim.voucher && claim.signature) {
    return writeContract(client, {
      address: distributor,
      abi: distributorAbi,
      functionName: "claimWithVoucher",
      args: [
        {
          campaignId: BigInt(claim.voucher.campaignId),
          recipient: claim.voucher.recipient as Address,
          amount: BigInt(claim.voucher.amount),
          nonce: BigInt(claim.voucher.nonce),
          deadline: BigInt(claim.voucher.deadline),
        },
        claim.signature as Hex,
      ],
    });
  }
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
