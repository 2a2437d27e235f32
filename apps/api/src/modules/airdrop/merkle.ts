// A wallet list's Merkle tree in the database, in chunks (airdrop_merkle_chunks): the nodes, and the node of each
// list position. A claim's proof is read with the entry, in one statement, as ~20 sibling slices of the chunks
// (repository.ts `findWalletClaim`); a million claims are ~750 rows.
import { buildClaimsTree } from "@dropfair/core/airdrop";
import type { Tx } from "@dropfair/db";
import type { Address, Hex } from "viem";
import {
  type MerkleChunk,
  type MerkleLayout,
  replaceMerkleChunks,
  type WalletClaimRead,
} from "./repository.ts";

/** Entries per chunk: 4,096 nodes are 128 KB, 4,096 leaf positions 16 KB. */
export const merkleChunkEntries = 4096;
const nodeKind = 0;
const leafKind = 1;

export type TreeClaim = { position: number; account: Address; amount: bigint };

/** Builds the tree (claim index = list position), stores it in chunks, and returns the root. */
export async function storeParticipantTree(
  tx: Tx,
  airdropId: number,
  claims: readonly TreeClaim[],
): Promise<Hex> {
  const tree = buildClaimsTree(
    claims.map((claim) => ({ index: BigInt(claim.position), account: claim.account, amount: claim.amount })),
  );
  const rows: MerkleChunk[] = [];
  for (let first = 0; first < tree.nodeCount; first += merkleChunkEntries) {
    const count = Math.min(merkleChunkEntries, tree.nodeCount - first);
    const bytes = Buffer.allocUnsafe(count * 32);
    for (let offset = 0; offset < count; offset++) bytes.set(tree.node(first + offset), offset * 32);
    rows.push({ kind: nodeKind, chunk: first / merkleChunkEntries, bytes });
  }
  // Positions run 0…n−1 in list order, so the position of claims[i] is i.
  for (let first = 0; first < claims.length; first += merkleChunkEntries) {
    const count = Math.min(merkleChunkEntries, claims.length - first);
    const bytes = Buffer.allocUnsafe(count * 4);
    for (let offset = 0; offset < count; offset++)
      bytes.writeUInt32BE(tree.treeIndexOf(first + offset), offset * 4);
    rows.push({ kind: leafKind, chunk: first / merkleChunkEntries, bytes });
  }
  await replaceMerkleChunks(tx, airdropId, rows);
  return tree.root;
}

/** Where a claim read finds the tree (`findWalletClaim`). */
export const merkleLayout: MerkleLayout = { nodeKind, leafKind, chunkEntries: merkleChunkEntries };

/**
 * A claim's proof as hex from what `findWalletClaim` read: the sibling slices, leaf side first. A leaf at tree
 * node i has as many siblings as levels above it, floor(log2(i + 1)); fewer bytes mean chunks are missing.
 */
export function proofFrom(
  airdropId: number,
  position: number,
  read: Pick<WalletClaimRead, "leaf" | "proof">,
): Hex[] {
  if (read.leaf === null) throw new Error(`airdrop ${airdropId}: no Merkle leaf for position ${position}`);
  const siblings = 31 - Math.clz32(read.leaf + 1);
  const bytes = Buffer.from(read.proof ?? []);
  if (bytes.length !== siblings * 32)
    throw new Error(`airdrop ${airdropId}: Merkle nodes above leaf ${read.leaf} are missing`);
  const proof: Hex[] = [];
  for (let at = 0; at < bytes.length; at += 32) proof.push(`0x${bytes.toString("hex", at, at + 32)}`);
  return proof;
}
