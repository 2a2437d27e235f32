import { readFileSync } from "node:fs";
import sha3 from "js-sha3";
import { describe, expect, it } from "vitest";
import { serializeFairnessVectors, vectorsPath } from "../scripts/generate-vectors.ts";
import {
  displayScore,
  drawWinners,
  entryHash,
  entryListCommitment,
  rankEntries,
  score,
  simulationBlockHashes,
  verifyDrawFile,
} from "../src/fairness/index.ts";

interface VectorCase {
  name: string;
  postId: string;
  blockNumber: string;
  blockHash: `0x${string}`;
  winnerCount: number;
  commitment: `0x${string}`;
  entries: { userId: string; entryHash: `0x${string}`; score: string; displayScore: string }[];
  ranking: string[];
  winners: string[];
  substitutes: string[];
}

const text = readFileSync(vectorsPath, "utf8");
const vectors = JSON.parse(text) as {
  algorithm: string;
  cases: VectorCase[];
  simulation: { blockHash: `0x${string}`; count: number; blockHashes: string[] };
  displayScores: { score: string; displayScore: string }[];
  emptyListCommitment: string;
};

/**
 * An independent implementation of dropfair-fair-v1 from the published definitions, on js-sha3 instead of
 * viem/noble and our WebAssembly Keccak, with its own hex handling and bigint arithmetic.
 */
const independent = {
  bytes(hex: string): number[] {
    return Array.from({ length: (hex.length - 2) / 2 }, (_, index) =>
      parseInt(hex.slice(2 + 2 * index, 4 + 2 * index), 16),
    );
  },
  entryHash(postId: string, userId: string): string {
    return `0x${sha3.keccak256(`${postId}:${userId}`)}`; // js-sha3 encodes strings as UTF-8
  },
  score(entryHashHex: string, blockHashHex: string): bigint {
    const block = independent.bytes(blockHashHex);
    const mixed = independent.bytes(entryHashHex).map((byte, index) => byte ^ block[index]!);
    const digest = sha3.keccak256.array(mixed);
    return digest.slice(24).reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
  },
  /** Byte-wise UTF-8 order; the vectors' ids are ASCII. */
  compareIds(left: string, right: string): number {
    return left < right ? -1 : left > right ? 1 : 0;
  },
  rank(postId: string, blockHashHex: string, userIds: string[]): { userId: string; score: bigint }[] {
    return [...new Set(userIds)]
      .map((userId) => ({
        userId,
        score: independent.score(independent.entryHash(postId, userId), blockHashHex),
      }))
      .sort((left, right) =>
        left.score === right.score
          ? independent.compareIds(left.userId, right.userId)
          : left.score > right.score
            ? -1
            : 1,
      );
  },
  commitment(userIds: string[]): string {
    return `0x${sha3.keccak256([...new Set(userIds)].sort(independent.compareIds).join("\n"))}`;
  },
};

describe("published test vectors (packages/core/fairness-vectors.json)", () => {
  it("are exactly what the module produces today (regenerate with generate-vectors.ts when the format changes)", () => {
    expect(serializeFairnessVectors()).toBe(text);
  });

  it("cover the documented cases", () => {
    expect(vectors.algorithm).toBe("dropfair-fair-v1");
    expect(vectors.cases.map((vector) => vector.name)).toEqual([
      "tiny",
      "single-entrant",
      "twenty",
      "odd-ids",
      "more-winners-than-entrants",
      "hundred",
    ]);
  });

  describe.each(vectors.cases.map((vector) => [vector.name, vector] as const))("case %s", (_, vector) => {
    const userIds = vector.entries.map((entry) => entry.userId);

    it("is reproduced by the module, entry by entry", () => {
      expect(entryListCommitment(userIds)).toBe(vector.commitment);
      for (const entry of vector.entries) {
        expect(entryHash(vector.postId, entry.userId)).toBe(entry.entryHash);
        expect(score(entry.entryHash, vector.blockHash)).toBe(BigInt(entry.score));
        expect(displayScore(BigInt(entry.score))).toBe(entry.displayScore);
      }
      const draw = drawWinners({ ...vector, userIds });
      expect(draw.ranking.map((entry) => entry.userId)).toEqual(vector.ranking);
      expect(draw.winners.map((entry) => entry.userId)).toEqual(vector.winners);
      expect(draw.substitutes.map((entry) => entry.userId)).toEqual(vector.substitutes);
    });

    it("T21: an independent implementation (js-sha3) recomputes identical hashes, scores, ranking and winners", () => {
      expect(independent.commitment(userIds)).toBe(vector.commitment);
      for (const entry of vector.entries) {
        expect(independent.entryHash(vector.postId, entry.userId)).toBe(entry.entryHash);
        expect(independent.score(entry.entryHash, vector.blockHash)).toBe(BigInt(entry.score));
      }
      const ranking = independent.rank(vector.postId, vector.blockHash, [...userIds].reverse());
      expect(ranking.map((entry) => entry.userId)).toEqual(vector.ranking);
      expect(ranking.slice(0, vector.winnerCount).map((entry) => entry.userId)).toEqual(vector.winners);
      // and the module agrees with it score for score, compared as bigint
      const ours = rankEntries({
        postId: vector.postId,
        blockHash: vector.blockHash,
        entries: vector.entries,
      });
      expect(ours.map(({ userId, score }) => ({ userId, score }))).toEqual(ranking);
    });

    it("is a valid draw file that verifies", () => {
      const result = verifyDrawFile({
        algorithm: vectors.algorithm,
        postId: vector.postId,
        blockNumber: vector.blockNumber,
        blockHash: vector.blockHash,
        winnerCount: vector.winnerCount,
        entries: userIds,
        commitment: vector.commitment,
      });
      expect(result.commitmentMatches).toBe(true);
      expect(result.ranking.map((entry) => entry.userId)).toEqual(vector.ranking);
      expect(result.ranking.filter((entry) => entry.winner).map((entry) => entry.userId)).toEqual(
        vector.winners,
      );
      const scores = new Map(vector.entries.map((entry) => [entry.userId, entry.score]));
      for (const entry of result.ranking) expect(entry.score).toBe(scores.get(entry.userId));
    });
  });

  it("publish the simulator's derived block hashes and sample display scores", () => {
    expect(simulationBlockHashes(vectors.simulation.blockHash, vectors.simulation.count)).toEqual(
      vectors.simulation.blockHashes,
    );
    vectors.simulation.blockHashes.forEach((hash, index) => {
      const encoded = [...independent.bytes(vectors.simulation.blockHash), ...new Array(31).fill(0), index];
      expect(hash).toBe(`0x${sha3.keccak256(encoded)}`);
    });
    for (const sample of vectors.displayScores)
      expect(displayScore(BigInt(sample.score))).toBe(sample.displayScore);
    expect(vectors.emptyListCommitment).toBe(`0x${sha3.keccak256("")}`);
  });
});
