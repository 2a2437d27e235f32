import { bytesToHex, type Hex, keccak256 } from "viem";
import { InvalidDrawInputError } from "./errors.ts";
import { assertPostId, assertUserId, canonicalEntries } from "./ids.ts";
import { type KeccakWasm, loadKeccakWasm, paddedLength, workAreaOffset } from "./keccak-wasm.ts";

const encoder = new TextEncoder();

/** keccak256 of bytes, by the WebAssembly module when available, else by viem. */
export function keccakBytes(message: Uint8Array): Uint8Array {
  const wasm = loadKeccakWasm();
  return wasm ? wasm.hash(message) : keccak256(message, "bytes");
}

/**
 * keccak256 of each of the `messages.length / messageLength` messages packed back to back in `messages`,
 * written 32 bytes each into `digests` from `digestOffset`. One Keccak block per message: `messageLength`
 * is a multiple of 8 from 8 to 128 (a 32-byte hash, a 40-character address, a 96-byte ABI encoding). The
 * hot loop of Merkle trees and bulk checksums: one WebAssembly call per few thousand messages.
 * `digests` may be `messages` itself when each digest lands at or before its own message.
 */
export function keccakEach(
  messages: Uint8Array,
  messageLength: number,
  digests: Uint8Array,
  digestOffset = 0,
): void {
  const lengthFits = messageLength > 0 && messageLength <= 128 && messageLength % 8 === 0;
  if (!lengthFits || messages.length % messageLength !== 0) {
    throw new RangeError(`keccakEach hashes messages of 8, 16, … 128 bytes, not ${messageLength}`);
  }
  const wasm = loadKeccakWasm();
  if (wasm) {
    wasm.hashEach(messages, messageLength, digests, digestOffset);
    return;
  }
  for (let start = 0, at = digestOffset; start < messages.length; start += messageLength, at += 32) {
    digests.set(keccak256(messages.subarray(start, start + messageLength), "bytes"), at);
  }
}

/**
 * For each 64-byte pair of 32-byte nodes in `pairs`, keccak256 of the smaller node (as a big-endian
 * number) followed by the larger one, written 32 bytes each into `digests` from `digestOffset`:
 * OpenZeppelin's commutative pair hash, which `MerkleProof.verify` uses.
 */
export function keccakSortedPairs(pairs: Uint8Array, digests: Uint8Array, digestOffset = 0): void {
  if (pairs.length % 64 !== 0) throw new RangeError("keccakSortedPairs needs 64-byte pairs");
  const wasm = loadKeccakWasm();
  if (wasm) {
    wasm.hashSortedPairs(pairs, digests, digestOffset);
    return;
  }
  const ordered = new Uint8Array(64);
  for (let start = 0, at = digestOffset; start < pairs.length; start += 64, at += 32) {
    const left = pairs.subarray(start, start + 32);
    const right = pairs.subarray(start + 32, start + 64);
    const swap = compareBytes32(left, right) > 0;
    ordered.set(swap ? right : left, 0);
    ordered.set(swap ? left : right, 32);
    digests.set(keccak256(ordered, "bytes"), at);
  }
}

/** Orders two 32-byte values as big-endian numbers: negative, zero or positive. */
export function compareBytes32(left: Uint8Array, right: Uint8Array): number {
  for (let index = 0; index < 32; index++) {
    const difference = left[index]! - right[index]!;
    if (difference !== 0) return difference;
  }
  return 0;
}

// -1 for characters that are not hex digits.
const hexDigitValues = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) {
  hexDigitValues["0123456789abcdef".charCodeAt(digit)] = digit;
  hexDigitValues["0123456789ABCDEF".charCodeAt(digit)] = digit;
}

/**
 * Writes a "0x"-prefixed hex string of exactly `byteLength` bytes (digits in any case) into `target` at
 * `offset`; false when it is not one.
 */
export function writeHexBytes(hex: string, byteLength: number, target: Uint8Array, offset: number): boolean {
  if (
    hex.length !== 2 + 2 * byteLength ||
    hex.charCodeAt(0) !== 0x30 ||
    (hex.charCodeAt(1) | 0x20) !== 0x78
  ) {
    return false;
  }
  for (let index = 0; index < byteLength; index++) {
    const high = hexDigitValues[hex.charCodeAt(2 + 2 * index)] ?? -1;
    const low = hexDigitValues[hex.charCodeAt(3 + 2 * index)] ?? -1;
    if (high < 0 || low < 0) return false;
    target[offset + index] = (high << 4) | low;
  }
  return true;
}

/** Writes a "0x"-prefixed 32-byte hex string into `target` at `offset`; false when it is not one. */
export function writeBytes32(hex: string, target: Uint8Array, offset: number): boolean {
  return writeHexBytes(hex, 32, target, offset);
}

/** A 32-byte hash given as hex (any case) or bytes, as bytes; throws InvalidDrawInputError otherwise. */
export function toBytes32(value: Hex | Uint8Array, field: string): Uint8Array {
  if (value instanceof Uint8Array) {
    if (value.length !== 32) throw new InvalidDrawInputError(field, "must be 32 bytes");
    return value;
  }
  const bytes = new Uint8Array(32);
  if (typeof value !== "string" || !writeBytes32(value, bytes, 0)) {
    throw new InvalidDrawInputError(field, "must be 0x followed by 64 hex digits");
  }
  return bytes;
}

/**
 * Hashes utf8(postId + ":" + userId) in the WebAssembly memory and returns the digest's offset there.
 * X ids are ASCII, written byte by byte; anything else goes through TextEncoder.
 */
function hashEntryInPlace(wasm: KeccakWasm, postId: string, userId: string): number {
  const message = `${postId}:${userId}`;
  // UTF-8 needs at most 3 bytes per UTF-16 code unit.
  const memory = wasm.memory(paddedLength(3 * message.length));
  let length = message.length;
  for (let index = 0; index < message.length; index++) {
    const unit = message.charCodeAt(index);
    if (unit >= 0x80) {
      length = encoder.encodeInto(message, memory.subarray(workAreaOffset)).written;
      break;
    }
    memory[workAreaOffset + index] = unit;
  }
  return wasm.hashWorkArea(length);
}

/** keccak256(utf8(postId + ":" + userId)) as bytes. */
export function entryHashBytes(postId: string, userId: string): Uint8Array {
  assertPostId(postId);
  assertUserId(userId);
  const wasm = loadKeccakWasm();
  if (!wasm) return keccak256(encoder.encode(`${postId}:${userId}`), "bytes");
  const digest = hashEntryInPlace(wasm, postId, userId);
  return wasm.memory(0).slice(digest, digest + 32);
}

/**
 * The entry hash (docs/fairness.md): keccak256(utf8(postId + ":" + userId)), computed once per entry at
 * collection.
 */
export function entryHash(postId: string, userId: string): Hex {
  return bytesToHex(entryHashBytes(postId, userId));
}

/**
 * Entry hashes of already validated ids, packed 32 bytes each in `userIds` order. The hot path of a draw
 * whose entry hashes were not stored: it encodes straight into the WebAssembly memory.
 */
export function packEntryHashes(postId: string, userIds: readonly string[]): Uint8Array {
  const packed = new Uint8Array(32 * userIds.length);
  const wasm = loadKeccakWasm();
  userIds.forEach((userId, index) => {
    if (!wasm) {
      packed.set(keccak256(encoder.encode(`${postId}:${userId}`), "bytes"), 32 * index);
      return;
    }
    const digest = hashEntryInPlace(wasm, postId, userId);
    const memory = wasm.memory(0);
    for (let byte = 0; byte < 32; byte++) packed[32 * index + byte] = memory[digest + byte]!;
  });
  return packed;
}

/**
 * The commitment published when entries close: keccak256 of the canonical entry list (see
 * `canonicalEntries`) encoded as UTF-8 with the ids joined by "\n" (no trailing newline; the empty
 * list hashes the empty string). Ids cannot contain "\n", so the encoding is unambiguous.
 */
export function entryListCommitment(userIds: readonly string[]): Hex {
  return bytesToHex(keccakBytes(encoder.encode(canonicalEntries(userIds).join("\n"))));
}
