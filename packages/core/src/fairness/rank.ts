import type { Hex } from "viem";
import { InvalidDrawInputError } from "./errors.ts";
import { packEntryHashes, toBytes32, writeBytes32 } from "./hashing.ts";
import { assertPostId, assertUserIds, canonicalEntries, compareUserIds } from "./ids.ts";
import { type ScoreTable, scoreEntries } from "./score.ts";

export interface RankedEntry {
  userId: string;
  /** Unsigned 64-bit score; compare as bigint, never as a JS number. */
  score: bigint;
  /** 1 for the highest score. */
  rank: number;
}

export interface DrawResult {
  /** The top `winnerCount` entries (all of them when there are fewer). */
  winners: RankedEntry[];
  /** The other entries, in rank order: the substitutes. */
  substitutes: RankedEntry[];
  ranking: RankedEntry[];
}

export interface RankInput {
  postId: string;
  blockHash: Hex | Uint8Array;
  /**
   * Distinct entrants (a repeated user id is rejected). A given `entryHash` (hex or 32 bytes) must be
   * `entryHash(postId, userId)`, as stored at collection time; a missing one is computed.
   */
  entries: readonly { userId: string; entryHash?: Hex | Uint8Array | undefined }[];
}

// Below this size a comparison sort beats the radix sort's fixed cost.
const radixThreshold = 1024;

/**
 * Indices ordered by score, highest first, then by user id ascending. Throws on a repeated user id: the
 * same id has the same entry hash, hence the same score, so repeats meet in a tie (no Set needed).
 */
export function orderByScore(
  { high, low }: Pick<ScoreTable, "high" | "low">,
  userIds: readonly string[],
): Uint32Array {
  const order = high.length <= radixThreshold ? comparisonOrder(high, low) : radixOrderDescending(high);
  breakTies(order, high, low, userIds);
  return order;
}

function comparisonOrder(high: Uint32Array, low: Uint32Array): Uint32Array {
  const order = Array.from({ length: high.length }, (_, index) => index);
  order.sort((left, right) => high[right]! - high[left]! || low[right]! - low[left]!);
  return Uint32Array.from(order);
}

/**
 * LSD radix sort on the high 32 bits of the score, two stable passes of 16 bits, highest first; linear in
 * the count. Entries sharing the high half (about n²/2³³ pairs: ~116 for a million) are put in order by
 * `breakTies`.
 */
function radixOrderDescending(high: Uint32Array): Uint32Array {
  const count = high.length;
  let order = new Uint32Array(count);
  let spare = new Uint32Array(count);
  for (let index = 0; index < count; index++) order[index] = index;
  const buckets = new Uint32Array(65_536);
  for (const shift of [0, 16]) {
    buckets.fill(0);
    for (let index = 0; index < count; index++) buckets[0xffff - ((high[index]! >>> shift) & 0xffff)]!++;
    let position = 0;
    for (let digit = 0; digit < 65_536; digit++) {
      const size = buckets[digit]!;
      buckets[digit] = position;
      position += size;
    }
    for (let index = 0; index < count; index++) {
      const entry = order[index]!;
      spare[buckets[0xffff - ((high[entry]! >>> shift) & 0xffff)]!++] = entry;
    }
    [order, spare] = [spare, order];
  }
  return order;
}

/**
 * Orders each run of entries with the same high half by the low half, highest first, then by user id
 * ascending (equal 64-bit scores have 2^-64 odds per pair, but the order is defined). A repeated user id
 * shows up here as two equal scores with equal ids.
 */
function breakTies(
  order: Uint32Array,
  high: Uint32Array,
  low: Uint32Array,
  userIds: readonly string[],
): void {
  let start = 0;
  while (start < order.length) {
    let end = start + 1;
    const runHigh = high[order[start]!];
    while (end < order.length && high[order[end]!] === runHigh) end++;
    if (end - start > 1) {
      const run = Array.from(order.subarray(start, end)).sort(
        (left, right) => low[right]! - low[left]! || compareUserIds(userIds[left]!, userIds[right]!),
      );
      for (let index = 1; index < run.length; index++) {
        const [previous, current] = [run[index - 1]!, run[index]!];
        if (userIds[current] === userIds[previous] && low[current] === low[previous]) {
          throw new InvalidDrawInputError("entries", `user id ${userIds[current]} appears more than once`);
        }
      }
      order.set(run, start);
    }
    start = end;
  }
}

/**
 * A ranking without one object per entry, for the server's bulk path (a million entries rank in about half
 * the time of `rankEntries`, most of it hashing).
 */
export interface PackedRanking {
  /** Indices into the input `userIds`, in rank order (rank = position + 1). */
  order: Uint32Array;
  /** Each entry's score as 8 big-endian bytes, in input order; read one with `packedScore`. */
  scores: Uint8Array;
}

/** The score of input entry `index` of a `PackedRanking`. */
export function packedScore(scores: Uint8Array, index: number): bigint {
  return new DataView(scores.buffer, scores.byteOffset).getBigUint64(8 * index, false);
}

/**
 * Ranks distinct entrants whose entry hashes are packed 32 bytes each in `userIds` order, as stored at
 * collection time (`entryHashBytes`). The bulk form of `rankEntries`.
 */
export function rankEntryHashes({
  blockHash,
  userIds,
  entryHashes,
}: {
  blockHash: Hex | Uint8Array;
  userIds: readonly string[];
  entryHashes: Uint8Array;
}): PackedRanking {
  const block = toBytes32(blockHash, "blockHash");
  if (entryHashes.length !== 32 * userIds.length) {
    throw new InvalidDrawInputError("entryHashes", "must hold 32 bytes per user id");
  }
  assertUserIds(userIds, "userIds");
  return rankValidated(userIds, entryHashes, block);
}

function rankValidated(
  userIds: readonly string[],
  entryHashes: Uint8Array,
  blockHash: Uint8Array,
): PackedRanking {
  const scores = scoreEntries(entryHashes, blockHash);
  return { order: orderByScore(scores, userIds), scores: scores.bytes };
}

function rankedEntries(userIds: readonly string[], { order, scores }: PackedRanking): RankedEntry[] {
  const view = new DataView(scores.buffer, scores.byteOffset);
  const ranking = new Array<RankedEntry>(order.length);
  for (let rank = 0; rank < order.length; rank++) {
    const entry = order[rank]!;
    ranking[rank] = { userId: userIds[entry]!, score: view.getBigUint64(8 * entry, false), rank: rank + 1 };
  }
  return ranking;
}

/** Scores every entry against the block hash and ranks them: score descending, then user id ascending. */
export function rankEntries({ postId, blockHash, entries }: RankInput): RankedEntry[] {
  assertPostId(postId);
  const block = toBytes32(blockHash, "blockHash");
  const userIds = entries.map((entry) => entry.userId);
  assertUserIds(userIds, "entries", ".userId");
  const packed = new Uint8Array(32 * entries.length);
  const missing: number[] = [];
  entries.forEach(({ entryHash }, index) => {
    if (entryHash === undefined) missing.push(index);
    else if (entryHash instanceof Uint8Array && entryHash.length === 32) packed.set(entryHash, 32 * index);
    else if (typeof entryHash !== "string" || !writeBytes32(entryHash, packed, 32 * index)) {
      throw new InvalidDrawInputError(
        `entries[${index}].entryHash`,
        "must be 32 bytes or 0x followed by 64 hex digits",
      );
    }
  });
  if (missing.length > 0) {
    const computed = packEntryHashes(
      postId,
      missing.map((index) => userIds[index]!),
    );
    missing.forEach((index, position) => {
      packed.set(computed.subarray(32 * position, 32 * position + 32), 32 * index);
    });
  }
  return rankedEntries(userIds, rankValidated(userIds, packed, block));
}

export function assertWinnerCount(
  winnerCount: unknown,
  field = "winnerCount",
): asserts winnerCount is number {
  if (typeof winnerCount !== "number" || !Number.isSafeInteger(winnerCount) || winnerCount < 1) {
    throw new InvalidDrawInputError(field, "must be a positive integer");
  }
}

/** The whole draw from the entry list: canonicalise, rank, split into winners and substitutes. */
export function drawWinners({
  postId,
  blockHash,
  userIds,
  winnerCount,
}: {
  postId: string;
  blockHash: Hex | Uint8Array;
  userIds: readonly string[];
  winnerCount: number;
}): DrawResult {
  assertPostId(postId);
  assertWinnerCount(winnerCount);
  const block = toBytes32(blockHash, "blockHash");
  const canonical = canonicalEntries(userIds);
  const ranking = rankedEntries(
    canonical,
    rankValidated(canonical, packEntryHashes(postId, canonical), block),
  );
  return { winners: ranking.slice(0, winnerCount), substitutes: ranking.slice(winnerCount), ranking };
}
