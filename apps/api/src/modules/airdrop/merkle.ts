// A wallet list's Merkle tree in the database: every node stored once, so a claim's proof is one indexed read of
// its siblings (about 20 rows for a million claims) instead of a precomputed proof per participant.
import { buildClaimsTree } from "@dropfair/core/airdrop";
import {
  airdropMerkleNodes,
  airdropParticipants,
  and,
  type Db,
  eq,
  inArray,
  sql,
  type Tx,
} from "@dropfair/db";
import { getAddress, type Hex } from "viem";
import { jsonParameter } from "../../platform/sql.ts";

const writeChunk = 20_000;

/** Builds the tree of the prepared amounts (claim index = list position), stores its nodes; returns the root. */
export async function buildParticipantTree(tx: Tx, airdropId: number): Promise<Hex> {
  const rows = await tx
    .select({
      position: airdropParticipants.position,
      account: airdropParticipants.account,
      amount: airdropParticipants.amount,
    })
    .from(airdropParticipants)
    .where(eq(airdropParticipants.airdropId, airdropId))
    .orderBy(airdropParticipants.position);
  const tree = buildClaimsTree(
    rows.map((row) => ({
      index: BigInt(row.position),
      account: getAddress(row.account),
      amount: BigInt(row.amount ?? "0"),
    })),
  );
  await tx.delete(airdropMerkleNodes).where(eq(airdropMerkleNodes.airdropId, airdropId));
  for (let start = 0; start < tree.nodeCount; start += writeChunk) {
    const nodes: { n: number; h: string }[] = [];
    for (let node = start; node < Math.min(start + writeChunk, tree.nodeCount); node++) {
      nodes.push({ n: node, h: Buffer.from(tree.node(node)).toString("hex") });
    }
    await tx.execute(sql`
      insert into airdrop_merkle_nodes (airdrop_id, node, hash)
      select ${airdropId}, r.n, decode(r.h, 'hex') from jsonb_to_recordset(${jsonParameter(nodes)}) as r(n integer, h text)`);
  }
  for (let start = 0; start < rows.length; start += writeChunk) {
    const leaves = rows
      .slice(start, start + writeChunk)
      .map((row, offset) => ({ p: row.position, t: tree.treeIndexOf(start + offset) }));
    await tx.execute(sql`
      update airdrop_participants set tree_node = r.t
      from jsonb_to_recordset(${jsonParameter(leaves)}) as r(p integer, t integer)
      where airdrop_participants.airdrop_id = ${airdropId} and airdrop_participants.position = r.p`);
  }
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

/** A leaf's proof, read from the stored nodes. */
export async function proofNodes(db: Db, airdropId: number, treeNode: number): Promise<Hex[]> {
  const siblings = siblingNodes(treeNode);
  if (siblings.length === 0) return [];
  const rows = await db
    .select({ node: airdropMerkleNodes.node, hash: airdropMerkleNodes.hash })
    .from(airdropMerkleNodes)
    .where(and(eq(airdropMerkleNodes.airdropId, airdropId), inArray(airdropMerkleNodes.node, siblings)));
  const byNode = new Map(rows.map((row) => [row.node, `0x${row.hash.toString("hex")}` as Hex]));
  return siblings.map((node) => {
    const hash = byNode.get(node);
    if (!hash) throw new Error(`airdrop ${airdropId}: Merkle node ${node} is missing`);
    return hash;
  });
}
