import { type Hex, keccak256 } from "viem";
import { toBytes32 } from "./hashing.ts";
import { loadKeccakWasm, workAreaOffset } from "./keccak-wasm.ts";

/** Largest score, 2^64 − 1. */
export const maxScore = (1n << 64n) - 1n;

/**
 * The score (docs/fairness.md), written plainly as the reference: the lower 64 bits (last 8 bytes,
 * big-endian) of keccak256(entryHash XOR blockHash), both 32 bytes. `scoreEntries` is the fast equivalent
 * for many entries.
 */
export function score(entryHash: Hex | Uint8Array, blockHash: Hex | Uint8Array): bigint {
  const entry = toBytes32(entryHash, "entryHash");
  const block = toBytes32(blockHash, "blockHash");
  const mixed = entry.map((byte, index) => byte ^ block[index]!);
  const digest = keccak256(mixed, "bytes");
  return new DataView(digest.buffer, digest.byteOffset).getBigUint64(24, false);
}

/** Scores of many entries: the 8 big-endian bytes of each, and the same as two 32-bit halves for sorting. */
export interface ScoreTable {
  bytes: Uint8Array;
  high: Uint32Array;
  low: Uint32Array;
}

const chunkEntries = 65_536;

/** Scores `packedEntryHashes` (32 bytes per entry) against a 32-byte block hash. */
export function scoreEntries(packedEntryHashes: Uint8Array, blockHash: Uint8Array): ScoreTable {
  const count = packedEntryHashes.length / 32;
  const bytes = new Uint8Array(8 * count);
  const wasm = loadKeccakWasm();
  if (wasm) {
    for (let start = 0; start < count; start += chunkEntries) {
      const size = Math.min(chunkEntries, count - start);
      wasm.memory(40 * size).set(packedEntryHashes.subarray(32 * start, 32 * (start + size)), workAreaOffset);
      const output = wasm.scoreBatch(blockHash, size);
      bytes.set(wasm.memory(0).subarray(output, output + 8 * size), 8 * start);
    }
  } else {
    const mixed = new Uint8Array(32);
    for (let entry = 0; entry < count; entry++) {
      for (let index = 0; index < 32; index++) {
        mixed[index] = packedEntryHashes[32 * entry + index]! ^ blockHash[index]!;
      }
      bytes.set(keccak256(mixed, "bytes").subarray(24), 8 * entry);
    }
  }
  const high = new Uint32Array(count);
  const low = new Uint32Array(count);
  const view = new DataView(bytes.buffer);
  for (let entry = 0; entry < count; entry++) {
    high[entry] = view.getUint32(8 * entry, false);
    low[entry] = view.getUint32(8 * entry + 4, false);
  }
  return { bytes, high, low };
}
