import sha3 from "js-sha3";
import { bytesToHex, type Hex, hexToBytes, keccak256, stringToBytes } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { CoreError } from "../src/errors.ts";
import { keccakBytes, packEntryHashes } from "../src/fairness/hashing.ts";
import {
  canonicalEntries,
  compareUserIds,
  displayScore,
  drawWinners,
  entryHash,
  entryHashBytes,
  entryListCommitment,
  InvalidDrawInputError,
  maxScore,
  packedScore,
  rankEntries,
  rankEntryHashes,
  score,
  simulateWinFrequency,
  simulationBlockHashes,
} from "../src/fairness/index.ts";
import { keccakWasmModuleSize, loadKeccakWasm, setKeccakWasmEnabled } from "../src/fairness/keccak-wasm.ts";
import { orderByScore } from "../src/fairness/rank.ts";
import { scoreEntries } from "../src/fairness/score.ts";

const blockHash = keccak256(stringToBytes("a block")) as Hex;
const postId = "1790000000000000001";

function bytes(length: number, seed: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => (index * 31 + seed * 7 + 3) & 0xff);
}

afterEach(() => {
  setKeccakWasmEnabled(true);
});

describe("keccak256 in WebAssembly", () => {
  it("is available here and small enough for synchronous compilation in browsers (< 4 KB)", () => {
    expect(loadKeccakWasm()).toBeDefined();
    expect(keccakWasmModuleSize()).toBeLessThan(4096);
  });

  it("matches viem and js-sha3 for every length around the 136-byte rate", () => {
    for (const length of [0, 1, 2, 31, 32, 33, 64, 135, 136, 137, 200, 271, 272, 273, 1000, 5000]) {
      const message = bytes(length, length);
      const expected = keccak256(message);
      expect(bytesToHex(keccakBytes(message)), `length ${length}`).toBe(expected);
      expect(`0x${sha3.keccak256(message)}`).toBe(expected);
    }
  });

  it("grows its memory for a large message and keeps hashing correctly afterwards", () => {
    const large = bytes(3_000_000, 9);
    expect(bytesToHex(keccakBytes(large))).toBe(keccak256(large));
    expect(bytesToHex(keccakBytes(bytes(5, 1)))).toBe(keccak256(bytes(5, 1)));
  });

  it("scores in batch exactly like the plain reference `score`", () => {
    const count = 70_000; // more than one 65,536-entry chunk
    const packed = bytes(32 * count, 5);
    const block = hexToBytes(blockHash);
    const table = scoreEntries(packed, block);
    for (const index of [0, 1, 2, 65_535, 65_536, count - 1]) {
      const entry = packed.subarray(32 * index, 32 * index + 32);
      expect(packedScore(table.bytes, index)).toBe(score(entry, block));
      expect((BigInt(table.high[index]!) << 32n) | BigInt(table.low[index]!)).toBe(score(entry, block));
    }
  });

  it("gives the same results through the viem fallback when WebAssembly is unavailable", () => {
    const ids = canonicalEntries(Array.from({ length: 50 }, (_, index) => `${1000 + index}`));
    const withWasm = drawWinners({ postId, blockHash, userIds: ids, winnerCount: 3 });
    const commitment = entryListCommitment(ids);
    setKeccakWasmEnabled(false);
    expect(loadKeccakWasm()).toBeUndefined();
    expect(drawWinners({ postId, blockHash, userIds: ids, winnerCount: 3 })).toEqual(withWasm);
    expect(entryListCommitment(ids)).toBe(commitment);
    expect(entryHash(postId, "42")).toBe(keccak256(stringToBytes(`${postId}:42`)));
  });
});

describe("user ids and the canonical entry list", () => {
  it("sorts lexicographically by code point, not numerically, and removes duplicates", () => {
    expect(canonicalEntries(["9", "10", "100", "07", "7", "10", "123", "12"])).toEqual([
      "07",
      "10",
      "100",
      "12",
      "123",
      "7",
      "9",
    ]);
  });

  it("orders beyond the BMP by code point (UTF-8 byte order), not by UTF-16 code unit", () => {
    const astral = "\u{1f600}"; // surrogate pair D83D DE00
    const highBmp = "\uff21"; // FULLWIDTH A, above the surrogate range
    expect(compareUserIds(highBmp, astral)).toBeLessThan(0);
    expect(canonicalEntries([astral, highBmp, "a"])).toEqual(["a", highBmp, astral]);
    const byUtf8 = (left: string, right: string) => Buffer.compare(Buffer.from(left), Buffer.from(right));
    expect([astral, highBmp, "a"].sort(byUtf8)).toEqual(["a", highBmp, astral]);
  });

  it.each([
    ["", "must not be empty"],
    ["a\nb", "control characters"],
    ["tab\there", "control characters"],
    ["\ud800", "lone surrogates"],
    ["x".repeat(257), "at most 256"],
  ])("rejects the user id %j", (userId, reason) => {
    expect(() => canonicalEntries(["1", userId])).toThrow(InvalidDrawInputError);
    expect(() => canonicalEntries(["1", userId])).toThrow(reason);
  });

  it("rejects a post id containing ':' (it would make postId:userId ambiguous)", () => {
    expect(() => entryHash("1:2", "3")).toThrow(InvalidDrawInputError);
  });

  it("commits to utf8(ids joined by \\n) of the canonical list", () => {
    expect(entryListCommitment(["3", "1", "2", "1"])).toBe(keccak256(stringToBytes("1\n2\n3")));
    expect(entryListCommitment([])).toBe(keccak256(new Uint8Array(0)));
  });
});

describe("entry hash and score", () => {
  it("hashes utf8(postId:userId), also for non-ASCII ids", () => {
    expect(entryHash(postId, "44196397")).toBe(keccak256(stringToBytes(`${postId}:44196397`)));
    expect(entryHash(postId, "ünï\u{1f600}")).toBe(keccak256(stringToBytes(`${postId}:ünï\u{1f600}`)));
    expect(bytesToHex(entryHashBytes(postId, "44196397"))).toBe(entryHash(postId, "44196397"));
  });

  it("is the last 8 bytes of keccak256(entryHash XOR blockHash), big-endian", () => {
    const hash = entryHash(postId, "44196397");
    const mixed = hexToBytes(hash).map((byte, index) => byte ^ hexToBytes(blockHash)[index]!);
    const digest = keccak256(mixed);
    expect(score(hash, blockHash)).toBe(BigInt(`0x${digest.slice(-16)}`));
    expect(score(hash, blockHash.toUpperCase().replace("0X", "0x") as Hex)).toBe(score(hash, blockHash));
  });

  it("rejects malformed hashes", () => {
    expect(() => score("0x1234", blockHash)).toThrow(InvalidDrawInputError);
    expect(() => score(`0x${"zz".repeat(32)}`, blockHash)).toThrow(InvalidDrawInputError);
    expect(() => score(new Uint8Array(31), blockHash)).toThrow(InvalidDrawInputError);
  });
});

describe("displayScore", () => {
  it.each([
    [0n, "0.00"],
    [1n, "0.00"],
    [maxScore, "100.00"],
    [maxScore - 1n, "100.00"],
    [1n << 63n, "50.00"],
    [maxScore / 3n, "33.33"],
    [(maxScore * 2n) / 3n, "66.67"],
  ])("shows %s as %s", (value, expected) => {
    expect(displayScore(value)).toBe(expected);
  });

  it("rounds half up exactly at the boundary, with no float error", () => {
    // The smallest score that shows 0.01 is the first with score × 10,000 / (2^64 − 1) ≥ 0.5.
    const threshold = (maxScore + 19_999n) / 20_000n;
    expect(displayScore(threshold)).toBe("0.01");
    expect(displayScore(threshold - 1n)).toBe("0.00");
  });

  it("refuses values outside uint64", () => {
    expect(() => displayScore(-1n)).toThrow(InvalidDrawInputError);
    expect(() => displayScore(maxScore + 1n)).toThrow(InvalidDrawInputError);
  });
});

describe("ranking and drawing", () => {
  const ids = Array.from({ length: 40 }, (_, index) =>
    String(1_500_000_000_000_000_000n + BigInt(index) * 977n),
  );

  it("ranks by score descending, ranks counted from 1, winners first then substitutes", () => {
    const { winners, substitutes, ranking } = drawWinners({
      postId,
      blockHash,
      userIds: ids,
      winnerCount: 4,
    });
    expect(ranking.map((entry) => entry.rank)).toEqual(ids.map((_, index) => index + 1));
    for (let index = 1; index < ranking.length; index++) {
      expect(ranking[index - 1]!.score > ranking[index]!.score).toBe(true);
    }
    expect(winners).toEqual(ranking.slice(0, 4));
    expect(substitutes).toEqual(ranking.slice(4));
    for (const entry of ranking) expect(entry.score).toBe(score(entryHash(postId, entry.userId), blockHash));
  });

  it("gives everyone a win when winners outnumber entrants", () => {
    const draw = drawWinners({ postId, blockHash, userIds: ids.slice(0, 3), winnerCount: 10 });
    expect(draw.winners).toHaveLength(3);
    expect(draw.substitutes).toEqual([]);
  });

  it("accepts stored entry hashes as hex or bytes, or computes missing ones, with the same result", () => {
    const expected = drawWinners({ postId, blockHash, userIds: ids, winnerCount: 1 }).ranking;
    const hex = rankEntries({
      postId,
      blockHash,
      entries: ids.map((userId) => ({ userId, entryHash: entryHash(postId, userId) })),
    });
    const mixed = rankEntries({
      postId,
      blockHash: hexToBytes(blockHash),
      entries: ids.map((userId, index) => ({
        userId,
        entryHash:
          index % 3 === 0
            ? entryHashBytes(postId, userId)
            : index % 3 === 1
              ? undefined
              : entryHash(postId, userId),
      })),
    });
    expect(hex).toEqual(expected);
    expect(mixed).toEqual(expected);
    const packed = rankEntryHashes({ blockHash, userIds: ids, entryHashes: packEntryHashes(postId, ids) });
    expect(
      Array.from(packed.order, (entry, position) => ({
        userId: ids[entry],
        score: packedScore(packed.scores, entry),
        rank: position + 1,
      })),
    ).toEqual(expected);
  });

  it("rejects a repeated user id, bad entry hashes and bad winner counts", () => {
    expect(() =>
      rankEntries({ postId, blockHash, entries: [{ userId: "1" }, { userId: "2" }, { userId: "1" }] }),
    ).toThrow("appears more than once");
    expect(() => rankEntries({ postId, blockHash, entries: [{ userId: "1", entryHash: "0x12" }] })).toThrow(
      InvalidDrawInputError,
    );
    expect(() =>
      rankEntryHashes({ blockHash, userIds: ["1", "2"], entryHashes: new Uint8Array(32) }),
    ).toThrow(InvalidDrawInputError);
    for (const winnerCount of [0, -1, 1.5, Number.NaN]) {
      expect(() => drawWinners({ postId, blockHash, userIds: ids, winnerCount })).toThrow(
        InvalidDrawInputError,
      );
    }
  });

  it("ranks an empty entry list as empty", () => {
    expect(drawWinners({ postId, blockHash, userIds: [], winnerCount: 1 })).toEqual({
      winners: [],
      substitutes: [],
      ranking: [],
    });
  });

  it("throws typed errors that carry a catalogue key", () => {
    try {
      entryHash("", "1");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CoreError);
      expect(error).toMatchObject({ field: "postId", messageKey: "validation.request.fieldInvalid" });
    }
  });
});

describe("ties (equal 64-bit scores: never seen in practice, but defined)", () => {
  const naiveOrder = (high: Uint32Array, low: Uint32Array, ids: string[]) =>
    ids
      .map((_, index) => index)
      .sort(
        (left, right) =>
          high[right]! - high[left]! || low[right]! - low[left]! || compareUserIds(ids[left]!, ids[right]!),
      );

  it.each([10, 5000])(
    "breaks ties by user id ascending (%i entries: comparison and radix paths)",
    (count) => {
      // Few distinct values, so most scores collide in the high half, the low half or both.
      const high = Uint32Array.from({ length: count }, (_, index) => [0, 1, 0xffffffff][(index * 7) % 3]!);
      const low = Uint32Array.from({ length: count }, (_, index) => [5, 0x80000000, 5, 0][(index * 13) % 4]!);
      const ids = Array.from({ length: count }, (_, index) => `${(index * 7919) % 100_003}`);
      expect(Array.from(orderByScore({ high, low }, ids))).toEqual(naiveOrder(high, low, ids));
    },
  );

  it("puts the lower user id first for an exactly equal score", () => {
    const high = Uint32Array.from([7, 7, 9]);
    const low = Uint32Array.from([1, 1, 0]);
    expect(Array.from(orderByScore({ high, low }, ["b", "a", "c"]))).toEqual([2, 1, 0]);
  });
});

describe("simulator", () => {
  it("derives the other block hashes as keccak256(blockHash ‖ uint256(i))", () => {
    const hashes = simulationBlockHashes(blockHash, 3);
    expect(hashes).toHaveLength(3);
    hashes.forEach((hash, index) => {
      const encoded = `${blockHash.slice(2)}${index.toString(16).padStart(64, "0")}`;
      expect(hash).toBe(`0x${sha3.keccak256(hexToBytes(`0x${encoded}`))}`);
    });
    expect(simulationBlockHashes(blockHash)).toHaveLength(100);
  });

  it("counts the user's wins and ranks over the given block hashes, against the fair chance", () => {
    const ids = Array.from({ length: 20 }, (_, index) => `${100 + index}`);
    const hashes = simulationBlockHashes(blockHash, 100);
    const result = simulateWinFrequency({
      postId,
      userIds: ids,
      winnerCount: 2,
      blockHashes: hashes,
      userId: "105",
    });
    const expectedRanks = hashes.map(
      (hash) =>
        drawWinners({ postId, blockHash: hash, userIds: ids, winnerCount: 2 }).ranking.find(
          (entry) => entry.userId === "105",
        )!.rank,
    );
    expect(result.ranks).toEqual(expectedRanks);
    expect(result.wins).toBe(expectedRanks.filter((rank) => rank <= 2).length);
    expect(result).toMatchObject({ userId: "105", entrants: 20, draws: 100, fairChance: 0.1 });
    expect(result.winFrequency).toBe(result.wins / 100);
  });

  it("refuses a user who is not an entrant", () => {
    expect(() =>
      simulateWinFrequency({
        postId,
        userIds: ["1", "2"],
        winnerCount: 1,
        blockHashes: [blockHash],
        userId: "3",
      }),
    ).toThrow("is not among the entrants");
  });
});
