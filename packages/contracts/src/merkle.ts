// A Merkle tree of airdrop claims, laid out exactly like OpenZeppelin's StandardMerkleTree (@openzeppelin/merkle-tree)
// for leaf encoding ["uint256", "address", "uint256"] = (index, account, amount), so its roots and proofs are the
// ones AirdropDistributor.claim verifies with MerkleProof (sorted-pair hashing).
import { type Address, concat, encodeAbiParameters, type Hex, hexToBigInt, keccak256 } from "viem";

export interface AirdropLeaf {
  index: bigint;
  account: Address;
  amount: bigint;
}

/** keccak256(bytes.concat(keccak256(abi.encode(index, account, amount)))): double-hashed, as in Solidity. */
export function airdropLeafHash({ index, account, amount }: AirdropLeaf): Hex {
  const encoded = encodeAbiParameters(
    [{ type: "uint256" }, { type: "address" }, { type: "uint256" }],
    [index, account, amount],
  );
  return keccak256(keccak256(encoded));
}

const compareHashes = (left: Hex, right: Hex): number => {
  const a = hexToBigInt(left);
  const b = hexToBigInt(right);
  return a < b ? -1 : a > b ? 1 : 0;
};

/** OpenZeppelin's commutative pair hash: keccak256 of the two nodes, smaller first. */
export function hashPair(left: Hex, right: Hex): Hex {
  return keccak256(compareHashes(left, right) <= 0 ? concat([left, right]) : concat([right, left]));
}

export interface AirdropMerkleTree {
  root: Hex;
  /** Every node, root first (StandardMerkleTree's flat layout: children of i at 2i+1 and 2i+2). */
  tree: Hex[];
  leaves: AirdropLeaf[];
  /** The proof for `leaves[position]`, leaf side up. */
  proof(position: number): Hex[];
  /** The proof for the leaf with this claim index. */
  proofForIndex(index: bigint): Hex[];
  /** The proof for any node of `tree` (for tests of internal-node forgeries). */
  proofForNode(treeIndex: number): Hex[];
}

/**
 * Builds the tree. Leaves are sorted by hash (as StandardMerkleTree does by default), so the root does not depend
 * on the order of the list. Claim indexes must be unique: the contract keeps one claimed bit per index.
 */
export function buildAirdropMerkleTree(leaves: readonly AirdropLeaf[]): AirdropMerkleTree {
  if (leaves.length === 0) throw new Error("an airdrop Merkle tree needs at least one leaf");
  const seen = new Set<bigint>();
  for (const leaf of leaves) {
    if (seen.has(leaf.index)) throw new Error(`duplicate claim index ${leaf.index}`);
    seen.add(leaf.index);
  }
  const hashed = leaves.map((leaf, position) => ({ position, hash: airdropLeafHash(leaf) }));
  hashed.sort((left, right) => compareHashes(left.hash, right.hash));

  const tree: Hex[] = new Array(2 * hashed.length - 1);
  const treeIndexOf = new Map<number, number>();
  hashed.forEach(({ position, hash }, sortedIndex) => {
    const treeIndex = tree.length - 1 - sortedIndex;
    tree[treeIndex] = hash;
    treeIndexOf.set(position, treeIndex);
  });
  for (let node = tree.length - 1 - hashed.length; node >= 0; node--) {
    tree[node] = hashPair(tree[2 * node + 1]!, tree[2 * node + 2]!);
  }

  const proofForNode = (treeIndex: number): Hex[] => {
    if (!(treeIndex >= 0 && treeIndex < tree.length)) throw new RangeError(`no node ${treeIndex}`);
    const proof: Hex[] = [];
    for (let node = treeIndex; node > 0; node = Math.floor((node - 1) / 2)) {
      proof.push(tree[node % 2 === 1 ? node + 1 : node - 1]!);
    }
    return proof;
  };
  const proof = (position: number): Hex[] => {
    const treeIndex = treeIndexOf.get(position);
    if (treeIndex === undefined) throw new RangeError(`no leaf at position ${position}`);
    return proofForNode(treeIndex);
  };
  return {
    root: tree[0]!,
    tree,
    leaves: [...leaves],
    proof,
    proofForIndex: (index) => proof(leaves.findIndex((leaf) => leaf.index === index)),
    proofForNode,
  };
}

/** Recomputes the root from a leaf hash and its proof, as MerkleProof.processProof does. */
export function processProof(leafHash: Hex, proof: readonly Hex[]): Hex {
  return proof.reduce<Hex>((node, sibling) => hashPair(node, sibling), leafHash);
}
