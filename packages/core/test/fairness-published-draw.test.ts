// The checks that tie a draw file to the past: its entries against the commitment published when the draw
// was committed, the target block after that commitment, and the file against the public history.
import { describe, expect, it } from "vitest";
import {
  buildDrawFile,
  checkAgainstPublishedDraw,
  checkDrawTiming,
  entryListCommitment,
  InvalidDrawFileError,
  isUtcTimestamp,
  type PublishedDraw,
  parseDrawFile,
  publishedDrawOf,
  verifyDrawFile,
} from "../src/fairness/index.ts";

const blockHash = `0x${"ab".repeat(32)}` as const;
const userIds = ["44196397", "783214", "1502345678901234567"];
const committed = entryListCommitment(userIds);
const file = buildDrawFile({
  postId: "1790000000000000001",
  blockNumber: 1002,
  blockHash,
  winnerCount: 1,
  userIds,
  commitment: committed,
  committedAt: new Date("2025-06-01T12:00:00.250Z"),
  headAtCommit: 1000n,
});

const published: PublishedDraw = {
  count: 1,
  kind: "draw",
  commitment: committed,
  entryCount: 3,
  winnerCount: 1,
  targetBlock: "1002",
  blockHash,
  committedAt: "2025-06-01T12:00:00.250Z",
  headAtCommit: "1000",
};

describe("the draw file carries the stored commitment and the moment of commitment", () => {
  it("writes the commitment it is given, never one made from the entries", () => {
    const stored = entryListCommitment(["44196397", "783214"]);
    const built = buildDrawFile({ ...file, blockNumber: file.blockNumber, userIds, commitment: stored });
    expect(built.commitment).toBe(stored);
    const verification = verifyDrawFile(built);
    expect(verification.commitmentMatches).toBe(false);
    expect(verification.computedCommitment).toBe(committed);
  });

  it("round-trips committedAt and headAtCommit through JSON", () => {
    expect(file).toMatchObject({ committedAt: "2025-06-01T12:00:00.250Z", headAtCommit: "1000" });
    expect(parseDrawFile(JSON.stringify(file))).toEqual(file);
  });

  it("still reads files without them (older format), and files that say null", () => {
    const { committedAt: _time, headAtCommit: _head, ...older } = file;
    expect(parseDrawFile(older)).toEqual(older);
    expect(parseDrawFile({ ...older, committedAt: null, headAtCommit: null })).toEqual(older);
  });

  it.each([
    ["committedAt", "2025-06-01 12:00:00"],
    ["committedAt", "2025-02-30T12:00:00.000Z"],
    ["committedAt", "2025-06-01T12:00:00.000+02:00"],
    ["committedAt", 1748779200000],
    ["headAtCommit", 1000],
    ["headAtCommit", "01000"],
    ["headAtCommit", "-1"],
  ])("refuses a malformed %s (%s)", (field, value) => {
    expect(() => parseDrawFile({ ...file, [field]: value })).toThrow(InvalidDrawFileError);
    expect(() => parseDrawFile({ ...file, [field]: value })).toThrow(field);
  });

  it("knows an ISO-8601 UTC time", () => {
    expect(isUtcTimestamp("2025-06-01T12:00:00Z")).toBe(true);
    expect(isUtcTimestamp("2025-06-01T12:00:00.250Z")).toBe(true);
    expect(isUtcTimestamp("2025-13-01T12:00:00Z")).toBe(false);
    expect(isUtcTimestamp("")).toBe(false);
  });
});

describe("checkDrawTiming", () => {
  it("passes a target above the head at commit, mined after the commitment", () => {
    // 12:00:01 UTC, after 12:00:00.250.
    expect(checkDrawTiming(file, { timestamp: 1748779201n })).toEqual({
      targetAfterHead: true,
      blockAfterCommit: true,
      ok: true,
    });
  });

  it("fails a target that is not above the head read at commit (the block already existed)", () => {
    expect(checkDrawTiming({ ...file, headAtCommit: "1002" })).toMatchObject({
      targetAfterHead: false,
      ok: false,
    });
    expect(checkDrawTiming({ ...file, headAtCommit: "1005" }).ok).toBe(false);
  });

  it("fails a block whose timestamp is not after the commitment, to the millisecond", () => {
    // The block's second, 12:00:00, is before 12:00:00.250: it may have been mined before the commitment.
    expect(checkDrawTiming(file, { timestamp: 1748779200 })).toMatchObject({
      blockAfterCommit: false,
      ok: false,
    });
    expect(checkDrawTiming(file, { timestamp: "1748779100" }).blockAfterCommit).toBe(false);
  });

  it("says what it could not check, without failing: no block asked for, an older file", () => {
    expect(checkDrawTiming(file)).toEqual({ targetAfterHead: true, blockAfterCommit: null, ok: true });
    const { committedAt: _time, headAtCommit: _head, ...older } = file;
    expect(checkDrawTiming(older, { timestamp: 1 })).toEqual({
      targetAfterHead: null,
      blockAfterCommit: null,
      ok: true,
    });
  });
});

describe("checkAgainstPublishedDraw", () => {
  it("matches the draw the history published", () => {
    expect(checkAgainstPublishedDraw(file, published, 3)).toEqual({ matches: true, mismatches: [] });
    // Times compare as instants; hashes case-insensitively.
    expect(
      checkAgainstPublishedDraw(
        file,
        { ...published, committedAt: "2025-06-01T12:00:00.25Z", commitment: committed.toUpperCase() },
        3,
      ).matches,
    ).toBe(true);
  });

  it("names every field where the file and the history differ", () => {
    const other = entryListCommitment(["1"]);
    const check = checkAgainstPublishedDraw(
      file,
      {
        ...published,
        commitment: other,
        targetBlock: "1001",
        committedAt: "2025-06-01T12:00:05.000Z",
        headAtCommit: null,
        entryCount: 4,
      },
      3,
    );
    expect(check.matches).toBe(false);
    expect(check.mismatches).toEqual([
      { field: "commitment", file: committed, published: other },
      { field: "blockNumber", file: "1002", published: "1001" },
      { field: "entryCount", file: "3", published: "4" },
      { field: "committedAt", file: "2025-06-01T12:00:00.250Z", published: "2025-06-01T12:00:05.000Z" },
      { field: "headAtCommit", file: "1000", published: "(absent)" },
    ]);
  });

  it("does not compare a block hash the history does not have yet", () => {
    expect(checkAgainstPublishedDraw(file, { ...published, blockHash: null }, 3).matches).toBe(true);
    expect(
      checkAgainstPublishedDraw(file, { ...published, blockHash: `0x${"cd".repeat(32)}` }, 3).mismatches,
    ).toEqual([expect.objectContaining({ field: "blockHash" })]);
  });
});

describe("publishedDrawOf", () => {
  const history = [
    { ...published, count: 1, kind: "draw" },
    { ...published, count: 2, kind: "replace" },
    { ...published, count: 3, kind: "redraw" },
    { ...published, count: 4, kind: "replace" },
  ];

  it("finds the draw a file names, or else the latest draw or redraw", () => {
    expect(publishedDrawOf(history, 1)?.count).toBe(1);
    expect(publishedDrawOf(history)?.count).toBe(3);
    expect(publishedDrawOf(history, 2)).toBeUndefined();
    expect(publishedDrawOf([])).toBeUndefined();
  });
});
