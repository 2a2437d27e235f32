// ERC-721 collection steps of NFT funding (the airdrop's and the wheel's): whether the distributor may move the
// owner's NFTs, the approval, which ids the wallet does not own, and the wallet's ids of an enumerable collection.
// Loaded with a flow's wallet module, never with a page.
import { erc721CollectionAbi, erc721InterfaceIds } from "@dropfair/chain/abis";
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  type Hash,
} from "viem";
import { readContract, writeContract } from "viem/actions";
import { inBatches } from "../lib/token-ids";
import type { WalletClient } from "./transactions";

/** Reads sent at once: enough to be quick, few enough not to flood a public RPC. */
const readsAtOnce = 20;

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
