/**
 * The Merkle tree of a wallet-list airdrop, as AirdropDistributor.claim checks it: OpenZeppelin's
 * StandardMerkleTree (`@openzeppelin/merkle-tree`) for the leaf encoding ["uint256", "address", "uint256"] =
 * (index, account, amount), with the same root, proofs and flat node layout.
 *
 * - Leaf: keccak256(bytes.concat(keccak256(abi.encode(index, account, amount)))).
 * - Node: keccak256 of its two children, the smaller first (OpenZeppelin's commutative pair hash).
 * - Layout: 2n − 1 nodes, root first, children of node i at 2i + 1 and 2i + 2; the leaves, sorted by hash,
 *   fill the end from the back (the smallest leaf is the last node).
 *
 * Built for lists of a million claims: nodes live in one buffer of 32-byte hashes, every Keccak runs in
 * batches in the WebAssembly module, leaves are sorted by number keys, and a proof is a copy of siblings.
 */
import type { Address, Hex } from "viem";
import { CoreError } from "../errors.ts";
import {
  compareBytes32,
  keccakBytes,
  keccakEach,
  keccakSortedPairs,
  writeBytes32,
  writeHexBytes,
} from "../fairness/hashing.ts";
import { messageKeys } from "../messages.ts";

/** One line of a wallet-list airdrop: the claim `AirdropDistributor.claim(campaignId, index, account, amount, proof)` makes. */
export interface AirdropClaim {
  /** The claim's unique index (the contract keeps one claimed bit per index). */
  index: bigint;
  account: Address;
  /** Token base units. */
  amount: bigint;
}

export interface ClaimsTree {
  /** The Merkle root, which a campaign stores as `merkleRoot`. */
  readonly root: Hex;
  readonly leafCount: number;
  /** 2 × leafCount − 1. */
  readonly nodeCount: number;
  /** The node that holds the leaf of the claim at `position` of the input list (StandardMerkleTree's `treeIndex`). */
  treeIndexOf(position: number): number;
  /** The proof of the claim at `position` of the input list, leaf side first, as `claim` takes it. */
  proof(position: number): Hex[];
  /**
   * The same proof as its 32-byte siblings concatenated (for a bytea column). A view into a buffer shared
   * with other proofs (`byteOffset` is not always 0): `slice()` it to own it alone.
   */
  proofBytes(position: number): Uint8Array;
  /** A copy of node `treeIndex` (0 is the root). */
  node(treeIndex: number): Uint8Array;
}

/** A claim or a claim list that no tree can be built from; `position` is the claim's place in the list. */
export class InvalidClaimError extends CoreError {
  override name = "InvalidClaimError";

  constructor(
    readonly reason: string,
    readonly position?: number,
  ) {
    super(messageKeys.request.fieldInvalid, position === undefined ? reason : `claim ${position}: ${reason}`);
  }
}

export const maxUint256 = (1n << 256n) - 1n;
const maxSafeInteger = BigInt(Number.MAX_SAFE_INTEGER);
const encodedClaimLength = 96;
const claimsPerChunk = 16_384;
const slabWords = 16_384;

/** @throws {InvalidClaimError} unless `value` is a bigint from 0 to 2^256 − 1. */
export function assertUint256(value: bigint, field: string, position?: number): void {
  if (typeof value !== "bigint" || value < 0n || value > maxUint256) {
    throw new InvalidClaimError(`${field} must be a bigint from 0 to 2^256 - 1`, position);
  }
}

/** Writes a uint256 ABI word, big-endian, into 32 zero bytes at `offset`. */
function writeUint256(view: DataView, offset: number, value: bigint, field: string, position?: number): void {
  assertUint256(value, field, position);
  if (value <= maxSafeInteger) {
    const number = Number(value);
    view.setUint32(offset + 28, number >>> 0);
    view.setUint32(offset + 24, Math.floor(number / 2 ** 32));
    return;
  }
  let rest = value;
  for (let at = offset + 24; rest !== 0n; at -= 8) {
    view.setBigUint64(at, BigInt.asUintN(64, rest));
    rest >>= 64n;
  }
}

/** abi.encode(index, account, amount) into 96 zero bytes at `offset` of `view`. */
function encodeClaim(
  claim: AirdropClaim,
  view: DataView,
  bytes: Uint8Array,
  offset: number,
  position?: number,
) {
  writeUint256(view, offset, claim.index, "index", position);
  // An address word is 12 zero bytes and the 20 address bytes.
  if (typeof claim.account !== "string" || !writeHexBytes(claim.account, 20, bytes, offset + 44)) {
    throw new InvalidClaimError(
      `account ${String(claim.account)} is not a 0x-prefixed 20-byte hex address`,
      position,
    );
  }
  writeUint256(view, offset + 64, claim.amount, "amount", position);
}

/** Claim indexes seen so far: a bitmap for the usual small ones, a Set for the others. */
export class ClaimIndexSet {
  private readonly bits: Uint8Array;
  private readonly bitmapLimit: bigint;
  private readonly others = new Set<bigint>();

  /** `expectedCount`: about how many indexes will come; indexes below 8 × expectedCount take one bit each. */
  constructor(expectedCount: number) {
    this.bits = new Uint8Array(Math.max(1, expectedCount));
    this.bitmapLimit = BigInt(8 * this.bits.length);
  }

  /** Adds `index`; false when it was already there. */
  add(index: bigint): boolean {
    if (index < this.bitmapLimit) {
      const number = Number(index);
      const mask = 1 << (number & 7);
      const byte = this.bits[number >>> 3]!;
      if ((byte & mask) !== 0) return false;
      this.bits[number >>> 3] = byte | mask;
      return true;
    }
    if (this.others.has(index)) return false;
    this.others.add(index);
    return true;
  }
}

/** The StandardMerkleTree leaf of one claim, 32 bytes. */
function leafHashBytes(claim: AirdropClaim): Uint8Array {
  const encoded = new Uint8Array(encodedClaimLength);
  encodeClaim(claim, new DataView(encoded.buffer), encoded, 0);
  return keccakBytes(keccakBytes(encoded));
}

/** keccak256(bytes.concat(keccak256(abi.encode(index, account, amount)))): the leaf `claim` checks. */
export function claimLeafHash(claim: AirdropClaim): Hex {
  return hexAt(leafHashBytes(claim), 0);
}

/** The leaves of `claims` in list order, 32 bytes each; throws on an invalid claim or a repeated index. */
function hashLeaves(claims: readonly AirdropClaim[]): Uint8Array {
  const count = claims.length;
  const leaves = new Uint8Array(32 * count);
  const encoded = new Uint8Array(encodedClaimLength * Math.min(claimsPerChunk, count));
  const view = new DataView(encoded.buffer);
  const indexes = new ClaimIndexSet(count);
  for (let start = 0; start < count; start += claimsPerChunk) {
    const size = Math.min(claimsPerChunk, count - start);
    encoded.fill(0);
    for (let offset = 0; offset < size; offset++) {
      const position = start + offset;
      const claim = claims[position]!;
      encodeClaim(claim, view, encoded, encodedClaimLength * offset, position);
      if (!indexes.add(claim.index)) {
        const first = claims.findIndex((other) => other.index === claim.index);
        throw new InvalidClaimError(`duplicate index ${claim.index} (also claim ${first})`, position);
      }
    }
    keccakEach(encoded.subarray(0, encodedClaimLength * size), encodedClaimLength, leaves, 32 * start);
  }
  // The outer hash of the double-hashed leaf, in place.
  keccakEach(leaves, 32, leaves);
  return leaves;
}

/**
 * The positions of the 32-byte `hashes` in ascending order of hash. Each hash becomes one number key, its
 * leading bits followed by its position, so a native Float64Array sort does the work; the rare runs with
 * equal leading bits are then ordered by whole hash. Exported for tests.
 */
export function orderByHash(hashes: Uint8Array): Uint32Array {
  const count = hashes.length / 32;
  // Keys are exact integers below 2^53: the position in the low bits, as many hash bits as fit above.
  const positionBits = Math.max(1, Math.ceil(Math.log2(count)));
  const positionRadix = 2 ** positionBits;
  const prefixBits = 53 - positionBits;
  const keys = new Float64Array(count);
  for (let position = 0; position < count; position++) {
    const at = 32 * position;
    const high =
      ((hashes[at]! << 24) | (hashes[at + 1]! << 16) | (hashes[at + 2]! << 8) | hashes[at + 3]!) >>> 0;
    let prefix: number;
    if (prefixBits <= 32) prefix = high >>> (32 - prefixBits);
    else {
      const low =
        ((hashes[at + 4]! << 24) | (hashes[at + 5]! << 16) | (hashes[at + 6]! << 8) | hashes[at + 7]!) >>> 0;
      prefix = high * 2 ** (prefixBits - 32) + (low >>> (64 - prefixBits));
    }
    keys[position] = prefix * positionRadix + position;
  }
  keys.sort();
  const order = new Uint32Array(count);
  for (let rank = 0; rank < count; rank++) order[rank] = keys[rank]! % positionRadix;
  const compareAt = (left: number, right: number) =>
    compareBytes32(hashes.subarray(32 * left, 32 * left + 32), hashes.subarray(32 * right, 32 * right + 32));
  let runStart = 0;
  for (let rank = 1; rank <= count; rank++) {
    const samePrefix =
      rank < count && Math.floor(keys[rank]! / positionRadix) === Math.floor(keys[runStart]! / positionRadix);
    if (samePrefix) continue;
    if (rank - runStart > 1) order.subarray(runStart, rank).sort(compareAt);
    runStart = rank;
  }
  return order;
}

/**
 * Builds the tree of `claims`. The root does not depend on the order of the list (leaves are sorted by
 * hash); positions in the list name claims in `proof` and `treeIndexOf`.
 * @throws {InvalidClaimError} for an empty list, a repeated index, an index or amount outside uint256, or an
 *   account that is not 0x and 40 hex digits (the letter case is not checked here: `parseClaimsList` does).
 */
export function buildClaimsTree(claims: readonly AirdropClaim[]): ClaimsTree {
  const leafCount = claims.length;
  if (leafCount === 0) throw new InvalidClaimError("an airdrop Merkle tree needs at least one claim");
  const leaves = hashLeaves(claims);
  const order = orderByHash(leaves);

  const nodeCount = 2 * leafCount - 1;
  const nodes = new Uint8Array(32 * nodeCount);
  const nodeWords = new Int32Array(nodes.buffer);
  const leafWords = new Int32Array(leaves.buffer);
  const treeIndexes = new Uint32Array(leafCount);
  for (let rank = 0; rank < leafCount; rank++) {
    const position = order[rank]!;
    const treeIndex = nodeCount - 1 - rank;
    treeIndexes[position] = treeIndex;
    copyNode(leafWords, 8 * position, nodeWords, 8 * treeIndex);
  }
  // Internal nodes are 0 … leafCount − 2. Each pass hashes the nodes [start, end) whose children, from
  // 2 × start + 1 on, all lie at or past `end` and are therefore done: about one level per pass.
  for (let end = leafCount - 1; end > 0; ) {
    const start = Math.ceil((end - 1) / 2);
    keccakSortedPairs(nodes.subarray(32 * (2 * start + 1), 32 * (2 * end + 1)), nodes, 32 * start);
    end = start;
  }

  // Proofs are views into shared 64 KB slabs, as Node's Buffer pool does: an ArrayBuffer per proof would
  // cost more than the copy.
  let slab = new Int32Array(0);
  let slabUsed = 0;
  const treeIndexOf = (position: number): number => {
    if (!(Number.isInteger(position) && position >= 0 && position < leafCount)) {
      throw new RangeError(`no claim at position ${position} (the list has ${leafCount})`);
    }
    return treeIndexes[position]!;
  };
  return {
    root: hexAt(nodes, 0),
    leafCount,
    nodeCount,
    treeIndexOf,
    proof(position) {
      const proof: Hex[] = [];
      for (let node = treeIndexOf(position); node > 0; node = (node - 1) >>> 1) {
        proof.push(hexAt(nodes, 32 * siblingOf(node)));
      }
      return proof;
    },
    proofBytes(position) {
      let node = treeIndexOf(position);
      // A node's depth is the number of times it can go up to its parent: floor(log2(node + 1)).
      const length = 8 * (31 - Math.clz32(node + 1));
      if (slabUsed + length > slab.length) {
        slab = new Int32Array(slabWords);
        slabUsed = 0;
      }
      const start = slabUsed;
      slabUsed += length;
      for (let at = start; node > 0; node = (node - 1) >>> 1, at += 8) {
        copyNode(nodeWords, 8 * siblingOf(node), slab, at);
      }
      return new Uint8Array(slab.buffer, 4 * start, 4 * length);
    },
    node(treeIndex) {
      if (!(Number.isInteger(treeIndex) && treeIndex >= 0 && treeIndex < nodeCount)) {
        throw new RangeError(`no node ${treeIndex} (the tree has ${nodeCount})`);
      }
      return nodes.slice(32 * treeIndex, 32 * treeIndex + 32);
    },
  };
}

/** Copies the 8 words of a 32-byte node; written out, as V8 does not unroll an 8-step loop (3× slower). */
function copyNode(from: Int32Array, fromWord: number, to: Int32Array, toWord: number): void {
  to[toWord] = from[fromWord]!;
  to[toWord + 1] = from[fromWord + 1]!;
  to[toWord + 2] = from[fromWord + 2]!;
  to[toWord + 3] = from[fromWord + 3]!;
  to[toWord + 4] = from[fromWord + 4]!;
  to[toWord + 5] = from[fromWord + 5]!;
  to[toWord + 6] = from[fromWord + 6]!;
  to[toWord + 7] = from[fromWord + 7]!;
}

/** Left children have odd indexes, right children even ones. */
const siblingOf = (node: number): number => ((node & 1) === 1 ? node + 1 : node - 1);

/**
 * Whether `proof` (32-byte siblings as hex, or concatenated as bytes) takes `claim`'s leaf to `root`, as
 * `MerkleProof.verify` decides. A malformed root or proof proves nothing.
 * @throws {InvalidClaimError} when `claim` itself is invalid.
 */
export function verifyClaimProof(
  root: Hex,
  claim: AirdropClaim,
  proof: readonly Hex[] | Uint8Array,
): boolean {
  const siblings = proof instanceof Uint8Array ? proof.length / 32 : proof.length;
  if (!Number.isInteger(siblings)) return false;
  const expected = new Uint8Array(32);
  if (typeof root !== "string" || !writeBytes32(root, expected, 0)) return false;
  // Bytes 0–31: the running node; bytes 32–63: the next sibling.
  const pair = new Uint8Array(64);
  pair.set(leafHashBytes(claim), 0);
  for (let index = 0; index < siblings; index++) {
    if (proof instanceof Uint8Array) pair.set(proof.subarray(32 * index, 32 * index + 32), 32);
    else if (typeof proof[index] !== "string" || !writeBytes32(proof[index]!, pair, 32)) return false;
    keccakSortedPairs(pair, pair, 0);
  }
  return compareBytes32(pair, expected) === 0;
}

const hexDigitCodes = Array.from("0123456789abcdef", (digit) => digit.charCodeAt(0));
// Reused for every conversion: "0x" and 64 digits as character codes.
const hexCodes = new Array<number>(66).fill(0x30);
hexCodes[1] = 0x78;

/** The 32 bytes at `offset` as "0x" and 64 lower-case hex digits. */
function hexAt(bytes: Uint8Array, offset: number): Hex {
  for (let index = 0; index < 32; index++) {
    const byte = bytes[offset + index]!;
    hexCodes[2 + 2 * index] = hexDigitCodes[byte >>> 4]!;
    hexCodes[3 + 2 * index] = hexDigitCodes[byte & 0x0f]!;
  }
  return String.fromCharCode.apply(null, hexCodes) as Hex;
}
