import { keccak256, stringToBytes } from "viem";
import { describe, expect, it } from "vitest";
import {
  buildDrawFile,
  checkPublishedWinners,
  entryListCommitment,
  InvalidDrawFileError,
  parseDrawFile,
  verifyDrawFile,
} from "../src/fairness/index.ts";

// T20: after the commitment nothing about the entries can change unnoticed.
const userIds = Array.from({ length: 30 }, (_, index) =>
  String(1_600_000_000_000_000_000n + BigInt(index) * 104_729n),
);
const committed = entryListCommitment(userIds);
const file = buildDrawFile({
  postId: "1790000000000000009",
  blockNumber: 21_000_123n,
  blockHash: keccak256(stringToBytes("target block")),
  winnerCount: 3,
  userIds,
});

describe("T20 commitment to the entry list", () => {
  it.each([
    ["an added entry", [...userIds, "1234"]],
    ["a removed entry", userIds.slice(1)],
    [
      "a changed entry (one digit)",
      [userIds[0]!.replace(/.$/, (digit) => String((Number(digit) + 1) % 10)), ...userIds.slice(1)],
    ],
    ["a swapped entry", [...userIds.slice(0, -1), "999"]],
    ["re-filtering (several removed)", userIds.filter((_, index) => index % 4 !== 0)],
    ["a leading zero", [`0${userIds[0]}`, ...userIds.slice(1)]],
    ["a trailing space", [`${userIds[0]} `, ...userIds.slice(1)]],
  ])("changes with %s", (_, changed) => {
    expect(entryListCommitment(changed)).not.toBe(committed);
  });

  it("does not depend on order or repeats: the list is canonicalised", () => {
    expect(entryListCommitment([...userIds].reverse())).toBe(committed);
    expect(entryListCommitment([...userIds, ...userIds.slice(0, 5)])).toBe(committed);
  });

  it("is not fooled by moving the separator: ids cannot contain a newline", () => {
    expect(() => entryListCommitment(["1\n2", "3"])).toThrow();
    expect(entryListCommitment(["1", "2\n3"].flatMap((id) => id.split("\n")))).toBe(
      entryListCommitment(["1", "2", "3"]),
    );
  });
});

describe("T20 the verifier detects a draw file altered after its commitment", () => {
  it("verifies the file as published", () => {
    const result = verifyDrawFile(file);
    expect(result.commitmentMatches).toBe(true);
    expect(result.ranking).toHaveLength(userIds.length);
    expect(result.ranking.filter((entry) => entry.winner)).toHaveLength(3);
  });

  it.each([
    ["an entry added", { ...file, entries: [...file.entries, "1700000000000000000"] }],
    ["an entry removed", { ...file, entries: file.entries.slice(1) }],
    ["an entry changed", { ...file, entries: ["1", ...file.entries.slice(1)] }],
    ["the commitment replaced", { ...file, commitment: entryListCommitment(["1"]) }],
  ])("reports commitmentMatches=false with %s", (_, tampered) => {
    expect(verifyDrawFile(tampered).commitmentMatches).toBe(false);
  });

  it("accepts the entries in any order, with the same ranking", () => {
    const shuffled = { ...file, entries: [...file.entries].reverse() };
    expect(verifyDrawFile(shuffled)).toEqual(verifyDrawFile(file));
  });

  it("accepts the commitment in upper-case hex", () => {
    expect(
      verifyDrawFile({ ...file, commitment: `0x${file.commitment.slice(2).toUpperCase()}` })
        .commitmentMatches,
    ).toBe(true);
  });

  it("reads JSON text too", () => {
    expect(verifyDrawFile(JSON.stringify(file))).toEqual(verifyDrawFile(file));
  });

  it("compares winners a server published with the recomputed ones", () => {
    const result = verifyDrawFile(file);
    const winners = result.ranking.filter((entry) => entry.winner).map((entry) => entry.userId);
    expect(checkPublishedWinners(result, [...winners].reverse())).toEqual({
      matches: true,
      missing: [],
      unexpected: [],
    });
    const substitute = result.ranking[3]!.userId;
    expect(checkPublishedWinners(result, [winners[0]!, winners[1]!, substitute])).toEqual({
      matches: false,
      missing: [winners[2]],
      unexpected: [substitute],
    });
  });
});

describe("draw file validation", () => {
  it.each([
    ["not JSON", "{", "(file)"],
    ["an array", [], "(file)"],
    ["another algorithm", { ...file, algorithm: "dropfair-fair-v0" }, "algorithm"],
    ["a missing post id", { ...file, postId: undefined }, "postId"],
    ["a post id with ':'", { ...file, postId: "1:2" }, "postId"],
    ["a numeric block number", { ...file, blockNumber: 21_000_123 }, "blockNumber"],
    ["a negative block number", { ...file, blockNumber: "-1" }, "blockNumber"],
    ["a short block hash", { ...file, blockHash: "0x1234" }, "blockHash"],
    ["a zero winner count", { ...file, winnerCount: 0 }, "winnerCount"],
    ["a fractional winner count", { ...file, winnerCount: 1.5 }, "winnerCount"],
    ["entries not an array", { ...file, entries: "1,2" }, "entries"],
    ["a numeric entry", { ...file, entries: [...file.entries, 5] }, `entries[${file.entries.length}]`],
    ["an empty entry", { ...file, entries: [""] }, "entries[0]"],
    ["a bad commitment", { ...file, commitment: "0xzz" }, "commitment"],
  ])("rejects %s naming the field", (_, input, field) => {
    let caught: unknown;
    try {
      verifyDrawFile(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidDrawFileError);
    expect(caught).toMatchObject({ field, messageKey: "validation.request.fieldInvalid" });
  });

  it("ignores unknown fields such as publishedWinners", () => {
    expect(parseDrawFile({ ...file, publishedWinners: ["1"] })).toEqual(file);
  });
});
