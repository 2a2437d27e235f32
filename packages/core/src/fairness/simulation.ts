import { bytesToHex, type Hex } from "viem";
import { InvalidDrawInputError } from "./errors.ts";
import { keccakBytes, packEntryHashes, toBytes32 } from "./hashing.ts";
import { assertPostId, assertUserId, canonicalEntries, compareUserIds } from "./ids.ts";
import { assertWinnerCount } from "./rank.ts";
import { scoreEntries } from "./score.ts";

/** How many draws the simulator page runs. */
export const simulationDraws = 100;

/**
 * The "other block hashes" the simulator replays the draw with, derived from the real one so everyone gets
 * the same: hash i (0-based) = keccak256(blockHash ‖ uint256(i)), the 32 hash bytes followed by i as a
 * 32-byte big-endian integer (Solidity's `keccak256(abi.encodePacked(blockHash, i))`).
 */
export function simulationBlockHashes(blockHash: Hex | Uint8Array, count: number = simulationDraws): Hex[] {
  if (!Number.isSafeInteger(count) || count < 0) throw new InvalidDrawInputError("count", "must be a count");
  const message = new Uint8Array(64);
  message.set(toBytes32(blockHash, "blockHash"));
  const view = new DataView(message.buffer);
  return Array.from({ length: count }, (_, index) => {
    view.setBigUint64(56, BigInt(index), false);
    return bytesToHex(keccakBytes(message));
  });
}

export interface WinFrequency {
  userId: string;
  /** Distinct entrants. */
  entrants: number;
  draws: number;
  wins: number;
  /** wins / draws. */
  winFrequency: number;
  /** min(winnerCount, entrants) / entrants: every entrant's chance in one draw. */
  fairChance: number;
  /** The user's rank (1 = top) in each draw, in `blockHashes` order, for charting the distribution. */
  ranks: number[];
}

/**
 * Re-runs the draw of `userIds` over each of `blockHashes` and counts how often `userId` wins. Each draw
 * scores every entrant but needs no sort: the user's rank is one plus the number of entrants ahead of them.
 */
export function simulateWinFrequency({
  postId,
  userIds,
  winnerCount,
  blockHashes,
  userId,
}: {
  postId: string;
  userIds: readonly string[];
  winnerCount: number;
  blockHashes: readonly (Hex | Uint8Array)[];
  userId: string;
}): WinFrequency {
  assertPostId(postId);
  assertWinnerCount(winnerCount);
  assertUserId(userId);
  const entrants = canonicalEntries(userIds);
  const self = entrants.indexOf(userId);
  if (self < 0) throw new InvalidDrawInputError("userId", "is not among the entrants");
  const packed = packEntryHashes(postId, entrants);
  const ranks = blockHashes.map((blockHash, draw) => {
    const { high, low } = scoreEntries(packed, toBytes32(blockHash, `blockHashes[${draw}]`));
    const ownHigh = high[self]!;
    const ownLow = low[self]!;
    let ahead = 0;
    for (let entry = 0; entry < entrants.length; entry++) {
      const entryHigh = high[entry]!;
      if (entryHigh > ownHigh) ahead++;
      else if (entryHigh === ownHigh) {
        const entryLow = low[entry]!;
        if (entryLow > ownLow || (entryLow === ownLow && compareUserIds(entrants[entry]!, userId) < 0))
          ahead++;
      }
    }
    return ahead + 1;
  });
  const wins = ranks.filter((rank) => rank <= winnerCount).length;
  return {
    userId,
    entrants: entrants.length,
    draws: ranks.length,
    wins,
    winFrequency: ranks.length === 0 ? 0 : wins / ranks.length,
    fairChance: Math.min(winnerCount, entrants.length) / entrants.length,
    ranks,
  };
}
