import {
  buildDrawFile,
  drawWinners,
  entryListCommitment,
  InvalidDrawFileError,
  simulateWinFrequency,
  simulationBlockHashes,
} from "@dropfair/core/fairness";
import { describe, expect, it } from "vitest";
import {
  simulationChunkSize,
  unwrapDrawFile,
  type VerifierProgress,
  verifyAndSimulate,
} from "./verification";

const postId = "1790000000000000001";
const blockHash = `0x${"5a".repeat(32)}` as const;
const userIds = Array.from({ length: 60 }, (_, index) =>
  String(1_000_000_000_000_000_000n + BigInt(index * 7919)),
);
const file = buildDrawFile({ postId, blockNumber: 21_000_000, blockHash, winnerCount: 3, userIds });
const expected = drawWinners({ postId, blockHash, userIds, winnerCount: 3 });
const publishedWinners = expected.winners.map((winner) => winner.userId);

describe("verifyAndSimulate", () => {
  it("recomputes the draw: commitment, published winners, the user's rank and score", () => {
    const subject = expected.ranking[10]!;
    const report = verifyAndSimulate({ file, userId: subject.userId, publishedWinners });
    expect(report.commitmentMatches).toBe(true);
    expect(report.publishedWinners).toEqual({ matches: true, missing: [], unexpected: [] });
    expect(report.winners.map((winner) => winner.userId)).toEqual(publishedWinners);
    expect(report.user).toMatchObject({
      userId: subject.userId,
      rank: 11,
      won: false,
      score: subject.score.toString(),
    });
    expect(report.user?.displayScore).toMatch(/^\d{1,3}\.\d{2}$/);
    expect(report.draw).toMatchObject({ postId, blockNumber: "21000000", winnerCount: 3, entryCount: 60 });
  });

  it("replays the draw over the 100 derived block hashes exactly as the fairness module does", () => {
    const subject = expected.winners[0]!.userId;
    const progress: VerifierProgress[] = [];
    const report = verifyAndSimulate({ file, userId: subject }, (step) => progress.push(step));
    const direct = simulateWinFrequency({
      postId,
      userIds,
      winnerCount: 3,
      blockHashes: simulationBlockHashes(blockHash),
      userId: subject,
    });
    expect(report.simulation).toEqual({
      draws: 100,
      wins: direct.wins,
      winFrequency: direct.winFrequency,
      fairChance: 3 / 60,
      entrants: 60,
      winnerCount: 3,
      ranks: direct.ranks,
    });
    const simulated = progress.filter((step) => step.stage === "simulating").map((step) => step.done);
    expect(simulated[0]).toBe(0);
    expect(simulated.at(-1)).toBe(100);
    expect(simulated).toEqual([...simulated].sort((left, right) => left - right));
  });

  it("detects a changed entry list and winners the server should not have published", () => {
    const tampered = { ...file, entries: [...file.entries.slice(1), "1999999999999999999"] };
    const report = verifyAndSimulate({ file: tampered, publishedWinners });
    expect(report.commitmentMatches).toBe(false);

    const wrong = verifyAndSimulate({
      file,
      publishedWinners: [...publishedWinners.slice(1), expected.ranking[20]!.userId],
    });
    expect(wrong.publishedWinners?.matches).toBe(false);
    expect(wrong.publishedWinners?.missing).toEqual([publishedWinners[0]]);
    expect(wrong.publishedWinners?.unexpected).toEqual([expected.ranking[20]!.userId]);
  });

  it("checks a file alone (no user, no published winners) and names a user id that is not an entrant", () => {
    const alone = verifyAndSimulate({ file: JSON.stringify(file) });
    expect(alone.publishedWinners).toBeNull();
    expect(alone.user).toBeNull();
    expect(alone.simulation).toBeNull();
    const stranger = verifyAndSimulate({ file, userId: " 42 " });
    expect(stranger.missingUserId).toBe("42");
    expect(stranger.simulation).toBeNull();
  });

  it("reads the API envelope a download saves, with its published winners", () => {
    const envelope = {
      content: { ...file, seed: "SEED42", chainId: 1, publishedWinners },
      typeCode: 1,
      message: "",
    };
    const report = verifyAndSimulate({ file: JSON.stringify(envelope) });
    expect(report.draw.seed).toBe("SEED42");
    expect(report.publishedWinners?.matches).toBe(true);
  });

  describe("ties the draw to the past", () => {
    const committedAt = "2025-06-01T12:00:00.250Z";
    const current = { ...file, committedAt, headAtCommit: "20999998" };
    const publishedDraw = {
      count: 1,
      kind: "draw",
      commitment: file.commitment,
      entryCount: 60,
      winnerCount: 3,
      targetBlock: "21000000",
      blockHash,
      committedAt,
      headAtCommit: "20999998",
    };

    it("passes a file that is the published draw, with its target above the head at commit", () => {
      const report = verifyAndSimulate({ file: current, history: { count: 1, draw: publishedDraw } });
      expect(report.commitmentMatches).toBe(true);
      expect(report.timing).toEqual({ targetAfterHead: true, blockAfterCommit: null, ok: true });
      expect(report.history).toEqual({ count: 1, check: { matches: true, mismatches: [] } });
      expect(report.draw).toMatchObject({ committedAt, headAtCommit: "20999998" });
    });

    it("fails a file whose entries and commitment both changed after the published commitment", () => {
      // The file agrees with itself: only the history's commitment shows the list is not the committed one.
      const entries = [...file.entries.slice(1), "1999999999999999999"];
      const recommitted = { ...current, entries, commitment: entryListCommitment(entries) };
      const report = verifyAndSimulate({ file: recommitted, history: { count: 1, draw: publishedDraw } });
      expect(report.commitmentMatches).toBe(true);
      expect(report.history?.check?.matches).toBe(false);
      expect(report.history?.check?.mismatches).toEqual([
        { field: "commitment", file: recommitted.commitment, published: file.commitment },
      ]);
      const missing = verifyAndSimulate({ file: current, history: { count: 2, draw: null } });
      expect(missing.history).toEqual({ count: 2, check: null });
    });

    it("shows what the entries hash to when they do not match the commitment", () => {
      const entries = file.entries.slice(1);
      const report = verifyAndSimulate({ file: { ...current, entries } });
      expect(report.commitmentMatches).toBe(false);
      expect(report.computedCommitment).toBe(entryListCommitment(entries));
    });

    it("fails a target block that was not above the head at commit, and says nothing of older files", () => {
      const early = verifyAndSimulate({ file: { ...current, headAtCommit: "21000000" } });
      expect(early.timing).toMatchObject({ targetAfterHead: false, ok: false });
      const older = verifyAndSimulate({ file });
      expect(older.timing).toEqual({ targetAfterHead: null, blockAfterCommit: null, ok: true });
      expect(older.history).toBeNull();
    });
  });

  it("rejects what is not a draw file, naming the problem", () => {
    expect(() => verifyAndSimulate({ file: "{not json" })).toThrow(InvalidDrawFileError);
    expect(() => verifyAndSimulate({ file: { ...file, blockHash: "0x12" } })).toThrow(/blockHash/);
  });
});

describe("unwrapDrawFile and chunking", () => {
  it("leaves a plain file as it is", () => {
    expect(unwrapDrawFile(file)).toEqual({ file, seed: null, publishedWinners: null });
  });

  it("reports small lists every few draws and never more draws than asked", () => {
    expect(simulationChunkSize(1_000, 100)).toBe(5);
    expect(simulationChunkSize(100_000, 100)).toBe(10);
    expect(simulationChunkSize(100_000, 3)).toBe(3);
    expect(simulationChunkSize(10, 0)).toBe(1);
  });
});
