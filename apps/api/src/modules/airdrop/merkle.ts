// A wallet list's Merkle tree in the database, in chunks (airdrop_merkle_chunks): the nodes, and the node of each
// list position. A claim's proof is one indexed read of its ~20 sibling slices; a million claims are ~750 rows.
import { buildClaimsTree } from "@dropfair/core/airdrop";
import type { DbWriter, Tx } from "@dropfair/db";
import type { Address, Hex } from "viem";
import { type MerkleChunk, merkleChunkHashes, merkleChunkSlice, replaceMerkleChunks } from "./repository.ts";

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

/** The tree nodes a leaf's proof is made of, leaf side first (StandardMerkleTree's layout: children of i at 2i+1, 2i+2). */
export function siblingNodes(treeNode: number): number[] {
  const siblings: number[] = [];
  for (let node = treeNode; node > 0; node = Math.floor((node - 1) / 2)) {
    siblings.push(node % 2 === 1 ? node + 1 : node - 1);
  }
  return siblings;
}

/** Where a participant read finds its leaf's node along (`findParticipantWithLeaf`). */
export const leafChunks = { kind: leafKind, chunkEntries: merkleChunkEntries };

/**
 * The proof of the claim at list `position`: its leaf's node (read here unless `knownLeaf` has the 4 bytes
 * already), then the sibling slices, each an indexed read.
 */
export async function proofOf(
  db: DbWriter,
  airdropId: number,
  position: number,
  knownLeaf?: Uint8Array | null,
): Promise<Hex[]> {
  const leaf =
    knownLeaf ??
    (await merkleChunkSlice(db, airdropId, {
      kind: leafKind,
      chunk: Math.floor(position / merkleChunkEntries),
      offset: (position % merkleChunkEntries) * 4,
      length: 4,
    }));
  if (!leaf) throw new Error(`airdrop ${airdropId}: no Merkle leaf for position ${position}`);
  const siblings = siblingNodes(Buffer.from(leaf).readUInt32BE(0));
  if (siblings.length === 0) return [];
  const wanted = siblings.map((node) => ({
    n: node,
    c: Math.floor(node / merkleChunkEntries),
    o: (node % merkleChunkEntries) * 32 + 1,
  }));
  const rows = await merkleChunkHashes(db, airdropId, nodeKind, wanted);
  const byNode = new Map(
    rows.map((row) => [Number(row.node), `0x${Buffer.from(row.hash).toString("hex")}` as Hex]),
  );
  return siblings.map((node) => {
    const hash = byNode.get(node);
    if (!hash) throw new Error(`airdrop ${airdropId}: Merkle node ${node} is missing`);
    return hash;
  });
}
