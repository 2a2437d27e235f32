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

// -1 for characters that are not hex digits.
const hexDigitValues = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) {
  hexDigitValues["0123456789abcdef".charCodeAt(digit)] = digit;
  hexDigitValues["0123456789ABCDEF".charCodeAt(digit)] = digit;
}

/** Writes a "0x"-prefixed 32-byte hex string into `target` at `offset`; false when it is not one. */
export function writeBytes32(hex: string, target: Uint8Array, offset: number): boolean {
  if (hex.length !== 66 || hex.charCodeAt(0) !== 0x30 || (hex.charCodeAt(1) | 0x20) !== 0x78) return false;
  for (let index = 0; index < 32; index++) {
    const high = hexDigitValues[hex.charCodeAt(2 + 2 * index)] ?? -1;
    const low = hexDigitValues[hex.charCodeAt(3 + 2 * index)] ?? -1;
    if (high < 0 || low < 0) return false;
    target[offset + index] = (high << 4) | low;
  }
  return true;
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

/** The entry hash of DESIGN.md §6: keccak256(utf8(postId + ":" + userId)), computed once per entry at collection. */
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
