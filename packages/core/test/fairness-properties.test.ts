import fc from "fast-check";
import { bytesToHex } from "viem";
import { describe, expect, it } from "vitest";
import { idProblem } from "../src/fairness/ids.ts";
import {
  buildDrawFile,
  canonicalEntries,
  compareUserIds,
  drawWinners,
  entryHash,
  rankEntries,
  verifyDrawFile,
} from "../src/fairness/index.ts";
import { orderByScore } from "../src/fairness/rank.ts";

const postId = fc.stringMatching(/^[1-9][0-9]{0,19}$/);
const blockHash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes));
// Numeric X-like ids plus arbitrary printable strings (ids are opaque), unique.
const userId = fc.oneof(
  fc.stringMatching(/^[0-9]{1,25}$/),
  fc.string({ minLength: 1, maxLength: 12, unit: "grapheme" }).filter((id) => idProblem(id) === undefined),
);
const userIds = fc.uniqueArray(userId, { maxLength: 60 });
const winnerCount = fc.integer({ min: 1, max: 70 });

describe("draw properties (fast-check)", () => {
  it("the ranking is a permutation of the canonical entries, ordered by score then user id, ranks 1..n", () => {
    fc.assert(
      fc.property(postId, blockHash, userIds, winnerCount, (post, block, ids, count) => {
        const { ranking } = drawWinners({ postId: post, blockHash: block, userIds: ids, winnerCount: count });
        expect(ranking.map((entry) => entry.userId).sort(compareUserIds)).toEqual(canonicalEntries(ids));
        ranking.forEach((entry, index) => {
          expect(entry.rank).toBe(index + 1);
          const next = ranking[index + 1];
          if (next) {
            expect(
              entry.score > next.score ||
                (entry.score === next.score && compareUserIds(entry.userId, next.userId) < 0),
            ).toBe(true);
          }
        });
      }),
    );
  });

  it("the winners are the top min(N, n) and the substitutes the rest, in rank order", () => {
    fc.assert(
      fc.property(postId, blockHash, userIds, winnerCount, (post, block, ids, count) => {
        const draw = drawWinners({ postId: post, blockHash: block, userIds: ids, winnerCount: count });
        expect(draw.winners).toHaveLength(Math.min(count, ids.length));
        expect([...draw.winners, ...draw.substitutes]).toEqual(draw.ranking);
      }),
    );
  });

  it("is deterministic and independent of input order and repeats", () => {
    fc.assert(
      fc.property(postId, blockHash, userIds, winnerCount, fc.integer(), (post, block, ids, count, seed) => {
        const first = drawWinners({ postId: post, blockHash: block, userIds: ids, winnerCount: count });
        const shuffled = fc.sample(fc.shuffledSubarray(ids, { minLength: ids.length }), {
          seed,
          numRuns: 1,
        })[0]!;
        const again = drawWinners({
          postId: post,
          blockHash: block,
          userIds: [...shuffled, ...ids.slice(0, 3)],
          winnerCount: count,
        });
        expect(again).toEqual(first);
      }),
    );
  });

  it("ranks the same from stored entry hashes as from scratch", () => {
    fc.assert(
      fc.property(postId, blockHash, userIds, (post, block, ids) => {
        const fromScratch = rankEntries({
          postId: post,
          blockHash: block,
          entries: ids.map((id) => ({ userId: id })),
        });
        const stored = rankEntries({
          postId: post,
          blockHash: block,
          entries: ids.map((id) => ({ userId: id, entryHash: entryHash(post, id) })),
        });
        expect(stored).toEqual(fromScratch);
      }),
    );
  });

  it("a published draw file always verifies, and matches drawWinners", () => {
    fc.assert(
      fc.property(postId, blockHash, userIds, winnerCount, fc.nat(), (post, block, ids, count, number) => {
        const file = buildDrawFile({
          postId: post,
          blockNumber: number,
          blockHash: block,
          winnerCount: count,
          userIds: ids,
        });
        const verified = verifyDrawFile(JSON.parse(JSON.stringify(file)));
        expect(verified.commitmentMatches).toBe(true);
        const draw = drawWinners({ postId: post, blockHash: block, userIds: ids, winnerCount: count });
        expect(verified.ranking).toEqual(
          draw.ranking.map((entry) => ({
            userId: entry.userId,
            score: entry.score.toString(),
            winner: entry.rank <= count,
          })),
        );
      }),
      { numRuns: 50 },
    );
  });

  it("the radix ordering of large lists equals a plain comparison sort, ties included", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1025, max: 3000 }),
        fc.constantFrom(2, 50, 2 ** 32),
        fc.integer(),
        (count, spread, seed) => {
          const values = fc.sample(fc.integer({ min: 0, max: Math.min(spread, 2 ** 32) - 1 }), {
            seed,
            numRuns: 2 * count,
          });
          const high = Uint32Array.from(values.slice(0, count), (value) => (value * 2_654_435_761) >>> 0);
          const low = Uint32Array.from(values.slice(count), (value) => value >>> 0);
          const ids = Array.from({ length: count }, (_, index) => `${(index * 7919) % 1_000_003}`);
          const expected = ids
            .map((_, index) => index)
            .sort(
              (left, right) =>
                high[right]! - high[left]! ||
                low[right]! - low[left]! ||
                compareUserIds(ids[left]!, ids[right]!),
            );
          expect(Array.from(orderByScore({ high, low }, ids))).toEqual(expected);
        },
      ),
      { numRuns: 20 },
    );
  });
});
