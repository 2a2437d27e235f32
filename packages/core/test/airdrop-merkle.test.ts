import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import fc from "fast-check";
import { type Address, bytesToHex, concat, encodeAbiParameters, type Hex, keccak256, toHex } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import {
  type AirdropClaim,
  buildClaimsTree,
  type ClaimsTree,
  claimLeafHash,
  InvalidClaimError,
  verifyClaimProof,
} from "../src/airdrop/index.ts";
import { orderByHash } from "../src/airdrop/merkle.ts";
import { compareBytes32, keccakEach, keccakSortedPairs } from "../src/fairness/hashing.ts";
import { setKeccakWasmEnabled } from "../src/fairness/keccak-wasm.ts";

const leafEncoding = ["uint256", "address", "uint256"];
const maxUint256 = (1n << 256n) - 1n;

afterEach(() => {
  setKeccakWasmEnabled(true);
});

const ozTree = (claims: readonly AirdropClaim[]) =>
  StandardMerkleTree.of(
    claims.map(({ index, account, amount }) => [index, account, amount]),
    leafEncoding,
  );

/** Every node, root, tree index and proof of `ours` equals OpenZeppelin's. */
function expectSameAsOpenZeppelin(ours: ClaimsTree, claims: readonly AirdropClaim[]) {
  const oz = ozTree(claims);
  const dump = oz.dump();
  expect(ours.root).toBe(oz.root);
  expect(ours.leafCount).toBe(claims.length);
  expect(ours.nodeCount).toBe(dump.tree.length);
  dump.tree.forEach((node, treeIndex) => {
    expect(bytesToHex(ours.node(treeIndex))).toBe(node);
  });
  claims.forEach((claim, position) => {
    const proof = oz.getProof(position);
    expect(ours.treeIndexOf(position)).toBe(dump.values[position]!.treeIndex);
    expect(ours.proof(position)).toEqual(proof);
    expect(bytesToHex(ours.proofBytes(position))).toBe(concat(["0x", ...(proof as Hex[])]));
    expect(
      StandardMerkleTree.verify(ours.root, leafEncoding, [claim.index, claim.account, claim.amount], proof),
    ).toBe(true);
  });
}

const address = fc
  .tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.constantFrom("lower", "upper"))
  .map(([bytes, letterCase]) => {
    const body = bytesToHex(bytes).slice(2);
    return `0x${letterCase === "lower" ? body : body.toUpperCase()}` as Address;
  });
// Small numbers (the usual 0, 1, 2, … indexes and modest amounts) and the whole uint256 range.
const uint256 = fc.oneof(fc.bigInt({ min: 0n, max: 1000n }), fc.bigInt({ min: 0n, max: maxUint256 }));
const claim = fc.record({ index: uint256, account: address, amount: uint256 });
const claimLists = (maxLength: number) =>
  fc.uniqueArray(claim, { minLength: 1, maxLength, selector: (item) => item.index, size: "max" });

/** Deterministic claims with indexes `first`, `first + 1`, … */
function sequentialClaims(count: number, first = 0): AirdropClaim[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = BigInt(first + offset);
    const account = keccak256(toHex(index)).slice(0, 42) as Address;
    return { index, account, amount: (index * 7_919n + 1n) * 10n ** 15n };
  });
}

describe("buildClaimsTree against OpenZeppelin's StandardMerkleTree", () => {
  it("gives the same root, nodes, tree indexes and proofs for any list of 1–200 claims", () => {
    fc.assert(
      fc.property(claimLists(200), (claims) => {
        expectSameAsOpenZeppelin(buildClaimsTree(claims), claims);
      }),
      { numRuns: 25 },
    );
  });

  it("handles one claim: the root is its leaf and the proof is empty", () => {
    const [only] = sequentialClaims(1, 7);
    const tree = buildClaimsTree([only!]);
    expect(tree.root).toBe(claimLeafHash(only!));
    expect(tree.proof(0)).toEqual([]);
    expect(tree.proofBytes(0)).toHaveLength(0);
    expect(tree.treeIndexOf(0)).toBe(0);
    expectSameAsOpenZeppelin(tree, [only!]);
  });

  it("gives the same results for 2–9 claims (incomplete last levels) and through the viem fallback", () => {
    for (let count = 2; count < 10; count++) {
      const claims = sequentialClaims(count, 1000);
      expectSameAsOpenZeppelin(buildClaimsTree(claims), claims);
    }
    const claims = sequentialClaims(33);
    const withWasm = buildClaimsTree(claims);
    setKeccakWasmEnabled(false);
    const withViem = buildClaimsTree(claims);
    expectSameAsOpenZeppelin(withViem, claims);
    expect(withViem.root).toBe(withWasm.root);
  });

  it("does not depend on the order of the list; positions follow it", () => {
    const claims = sequentialClaims(50);
    const reversed = [...claims].reverse();
    const tree = buildClaimsTree(claims);
    const reversedTree = buildClaimsTree(reversed);
    expect(reversedTree.root).toBe(tree.root);
    expect(reversedTree.proof(0)).toEqual(tree.proof(49));
  });

  it("matches a plain viem implementation across batch boundaries (20,000 claims)", () => {
    const claims = sequentialClaims(20_000, 5);
    const leaves = claims
      .map(({ index, account, amount }) =>
        keccak256(
          keccak256(
            encodeAbiParameters(
              [{ type: "uint256" }, { type: "address" }, { type: "uint256" }],
              [index, account, amount],
            ),
          ),
        ),
      )
      .sort();
    const nodes: Hex[] = new Array(2 * leaves.length - 1);
    leaves.forEach((leaf, rank) => {
      nodes[nodes.length - 1 - rank] = leaf;
    });
    for (let node = leaves.length - 2; node >= 0; node--) {
      const [left, right] = [nodes[2 * node + 1]!, nodes[2 * node + 2]!].sort();
      nodes[node] = keccak256(concat([left!, right!]));
    }
    const tree = buildClaimsTree(claims);
    expect(tree.root).toBe(nodes[0]);
    for (const position of [0, 1, 16_383, 16_384, 19_999]) {
      const proof = tree.proof(position);
      expect(verifyClaimProof(tree.root, claims[position]!, proof)).toBe(true);
      expect(proof[0]).toBe(nodes[siblingIndex(tree.treeIndexOf(position))]);
    }
  });

  it("hands out proof bytes that stay intact as later proofs are written", () => {
    const claims = sequentialClaims(3000);
    const tree = buildClaimsTree(claims);
    const all = claims.map((_, position) => tree.proofBytes(position));
    all.forEach((bytes, position) => {
      expect(bytesToHex(bytes)).toBe(concat(["0x", ...tree.proof(position)]));
    });
  });
});

const siblingIndex = (node: number) => (node % 2 === 1 ? node + 1 : node - 1);

describe("buildClaimsTree input checks", () => {
  const good = sequentialClaims(3);

  it.each([
    ["an empty list", [], /at least one claim/],
    [
      "a repeated index",
      [...good, { ...good[1]!, amount: 5n }],
      /claim 3: duplicate index 1 \(also claim 1\)/,
    ],
    [
      "a repeated large index",
      [...good, ...good].map((item) => ({ ...item, index: item.index + 2n ** 200n })),
      /claim 3: duplicate index/,
    ],
    [
      "a negative index",
      [{ ...good[0]!, index: -1n }],
      /claim 0: index must be a bigint from 0 to 2\^256 - 1/,
    ],
    ["an index of 2^256", [{ ...good[0]!, index: 2n ** 256n }], /index must be a bigint/],
    ["a number amount", [{ ...good[0]!, amount: 5 as unknown as bigint }], /amount must be a bigint/],
    [
      "a short account",
      [{ ...good[0]!, account: "0x1234" as Address }],
      /account 0x1234 is not a 0x-prefixed 20-byte hex address/,
    ],
    [
      "an account without 0x",
      [{ ...good[0]!, account: good[0]!.account.slice(2) as Address }],
      /is not a 0x-prefixed/,
    ],
    [
      "a non-hex account",
      [{ ...good[0]!, account: `0x${"g".repeat(40)}` as Address }],
      /is not a 0x-prefixed/,
    ],
  ])("rejects %s", (_, claims, message) => {
    expect(() => buildClaimsTree(claims as AirdropClaim[])).toThrow(InvalidClaimError);
    expect(() => buildClaimsTree(claims as AirdropClaim[])).toThrow(message);
  });

  it("names positions outside the list", () => {
    const tree = buildClaimsTree(good);
    for (const position of [-1, 3, 1.5, Number.NaN]) {
      expect(() => tree.proof(position)).toThrow(RangeError);
      expect(() => tree.proofBytes(position)).toThrow(RangeError);
    }
    expect(() => tree.node(5)).toThrow(RangeError);
  });
});

describe("verifyClaimProof and claimLeafHash", () => {
  const claims = sequentialClaims(20);
  const tree = buildClaimsTree(claims);

  it("computes OpenZeppelin's leaf", () => {
    const oz = ozTree(claims);
    claims.forEach((item) => {
      expect(claimLeafHash(item)).toBe(oz.leafHash([item.index, item.account, item.amount]));
    });
  });

  it("accepts every proof, as hex or as bytes", () => {
    claims.forEach((item, position) => {
      expect(verifyClaimProof(tree.root, item, tree.proof(position))).toBe(true);
      expect(verifyClaimProof(tree.root, item, tree.proofBytes(position))).toBe(true);
    });
  });

  it("rejects another amount, account or root, and malformed proofs", () => {
    const item = claims[3]!;
    const proof = tree.proof(3);
    expect(verifyClaimProof(tree.root, { ...item, amount: item.amount + 1n }, proof)).toBe(false);
    expect(verifyClaimProof(tree.root, { ...item, account: claims[4]!.account }, proof)).toBe(false);
    expect(verifyClaimProof(tree.proof(0)[0]!, item, proof)).toBe(false);
    expect(verifyClaimProof(tree.root, item, proof.slice(1))).toBe(false);
    expect(verifyClaimProof(tree.root, item, [...proof.slice(1), "0x12"])).toBe(false);
    expect(verifyClaimProof(tree.root, item, tree.proofBytes(3).slice(1))).toBe(false);
    expect(verifyClaimProof("0x12", item, proof)).toBe(false);
  });
});

describe("orderByHash", () => {
  /** Hashes whose leading bytes come from a tiny alphabet, so many share the bits the number keys hold. */
  const clashingHashes = fc
    .array(fc.tuple(fc.constantFrom(0, 1, 255), fc.uint8Array({ minLength: 1, maxLength: 1 })), {
      minLength: 1,
      maxLength: 300,
    })
    .map((parts) => {
      const hashes = new Uint8Array(32 * parts.length);
      parts.forEach(([lead, [last]], position) => {
        hashes.fill(lead, 32 * position, 32 * position + 31);
        hashes[32 * position + 31] = last!;
      });
      return hashes;
    });

  it("orders by the whole hash, also when leading bits are equal", () => {
    fc.assert(
      fc.property(fc.oneof(clashingHashes, fc.uint8Array({ minLength: 32, maxLength: 32 * 300 })), (raw) => {
        const hashes = raw.subarray(0, raw.length - (raw.length % 32));
        fc.pre(hashes.length > 0);
        const order = [...orderByHash(hashes)];
        const hex = (position: number) => bytesToHex(hashes.subarray(32 * position, 32 * position + 32));
        const expected = [...order].sort((left, right) =>
          hex(left) < hex(right) ? -1 : hex(left) > hex(right) ? 1 : 0,
        );
        expect(order.map(hex)).toEqual(expected.map(hex));
        expect(new Set(order).size).toBe(hashes.length / 32);
      }),
      { numRuns: 200 },
    );
  });
});

describe("orderByHash beyond 2^21 hashes (fewer than 33 leading bits per key)", () => {
  it("still orders a permutation by whole hash", () => {
    const count = 2 ** 21 + 5;
    const hashes = new Uint8Array(32 * count);
    const words = new Uint32Array(hashes.buffer);
    let state = 0x2545f491;
    for (let word = 0; word < words.length; word++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      words[word] = state >>> 0;
    }
    // Some hashes share their first 8 bytes with the previous one.
    for (let position = 1; position < count; position += 1000) {
      hashes.copyWithin(32 * position, 32 * (position - 1), 32 * (position - 1) + 8);
    }
    const order = orderByHash(hashes);
    const seen = new Uint8Array(count);
    let previous = hashes.subarray(32 * order[0]!, 32 * order[0]! + 32);
    let outOfOrder = 0;
    for (let rank = 0; rank < count; rank++) {
      const position = order[rank]!;
      seen[position] = 1;
      const current = hashes.subarray(32 * position, 32 * position + 32);
      if (compareBytes32(previous, current) > 0) outOfOrder++;
      previous = current;
    }
    expect(outOfOrder).toBe(0);
    expect(seen.every((flag) => flag === 1)).toBe(true);
  });
});

describe("batch Keccak", () => {
  const bytes = (length: number, seed: number) =>
    Uint8Array.from({ length }, (_, index) => (index * 131 + seed * 17 + 5) & 0xff);

  it.each([
    ["WebAssembly", true],
    ["viem", false],
  ])("keccakEach matches viem per message through %s, across chunks and in place", (_, wasm) => {
    setKeccakWasmEnabled(wasm);
    for (const length of [8, 32, 40, 96, 128]) {
      const count = wasm ? 16_384 + 3 : 5;
      const messages = bytes(length * count, length);
      const digests = new Uint8Array(32 * count + 32);
      keccakEach(messages, length, digests, 32);
      for (const message of [0, 1, count - 2, count - 1]) {
        expect(bytesToHex(digests.subarray(32 + 32 * message, 64 + 32 * message)), `length ${length}`).toBe(
          keccak256(messages.subarray(length * message, length * (message + 1))),
        );
      }
    }
    const inPlace = bytes(32 * 3, 1);
    const expected = [0, 1, 2].map((message) => keccak256(inPlace.subarray(32 * message, 32 * message + 32)));
    keccakEach(inPlace, 32, inPlace);
    expect([0, 1, 2].map((message) => bytesToHex(inPlace.subarray(32 * message, 32 * message + 32)))).toEqual(
      expected,
    );
  });

  it.each([
    ["WebAssembly", true],
    ["viem", false],
  ])("keccakSortedPairs hashes the smaller node first through %s", (_, wasm) => {
    setKeccakWasmEnabled(wasm);
    const a = bytes(32, 1);
    const b = a.slice();
    b[31] = b[31]! + 1; // equal but for the last byte
    const c = bytes(32, 2);
    const pairs = concat([a, b, b, a, c, a, a, a]);
    const digests = new Uint8Array(32 * 4);
    keccakSortedPairs(pairs, digests);
    const sorted = (left: Uint8Array, right: Uint8Array) =>
      keccak256(bytesToHex(left) <= bytesToHex(right) ? concat([left, right]) : concat([right, left]));
    expect([0, 1, 2, 3].map((pair) => bytesToHex(digests.subarray(32 * pair, 32 * pair + 32)))).toEqual([
      sorted(a, b),
      sorted(a, b),
      sorted(c, a),
      sorted(a, a),
    ]);
  });

  it("refuses message lengths that are not one block of whole lanes", () => {
    for (const length of [0, 7, 33, 136]) {
      expect(() => keccakEach(new Uint8Array(length * 2), length, new Uint8Array(64))).toThrow(RangeError);
    }
    expect(() => keccakSortedPairs(new Uint8Array(63), new Uint8Array(32))).toThrow(RangeError);
  });
});
