import { readFileSync } from "node:fs";
import sha3 from "js-sha3";
import { describe, expect, it } from "vitest";
import { serializeWheelVectors, wheelVectorsPath } from "../scripts/generate-wheel-vectors.ts";
import {
  drawWheelSpins,
  saltHashOf,
  spinRand,
  verifyWheelGameFile,
  type WheelGameFile,
} from "../src/wheel/index.ts";

interface VectorSpin {
  encoded: string;
  rand: string;
  totalWeight: string | null;
  position: string | null;
  prizeId: string | null;
}

const text = readFileSync(wheelVectorsPath, "utf8");
const vectors = JSON.parse(text) as {
  algorithm: string;
  cases: { name: string; file: WheelGameFile; spins: VectorSpin[] }[];
};

/**
 * An independent implementation of dropfair-wheel-v1 from the published definitions: js-sha3 instead of
 * viem/noble and our WebAssembly Keccak, its own hex and ABI packing, plain bigint arithmetic.
 */
const independent = {
  hexBytes(hex: string): number[] {
    return Array.from({ length: (hex.length - 2) / 2 }, (_, index) =>
      parseInt(hex.slice(2 + 2 * index, 4 + 2 * index), 16),
    );
  },
  uint256Bytes(value: bigint): number[] {
    return Array.from({ length: 32 }, (_, index) => Number((value >> BigInt(8 * (31 - index))) & 0xffn));
  },
  rand(account: string, nonce: string, blockHash: string, txHash: string, salt: string): bigint {
    const message = [
      ...independent.hexBytes(account),
      ...independent.uint256Bytes(BigInt(nonce)),
      ...independent.hexBytes(blockHash),
      ...independent.hexBytes(txHash),
      ...independent.hexBytes(salt),
    ];
    return BigInt(`0x${sha3.keccak256(message)}`);
  },
  play(file: WheelGameFile): { position: string | null; prizeId: string | null }[] {
    const won: Record<string, number> = {};
    return file.spins.map((spin) => {
      const open = file.prizes.filter((prize) => prize.count === null || (won[prize.id] ?? 0) < prize.count);
      let total = 0n;
      for (const prize of open) total += BigInt(prize.weight);
      if (total === 0n) return { position: null, prizeId: null };
      const position =
        independent.rand(spin.account, spin.nonce, spin.blockHash, spin.txHash, file.salt!) % total;
      let sum = 0n;
      const prize = open.find((candidate) => {
        sum += BigInt(candidate.weight);
        return sum > position;
      })!;
      won[prize.id] = (won[prize.id] ?? 0) + 1;
      return { position: position.toString(), prizeId: prize.id };
    });
  },
};

describe("published wheel test vectors (packages/core/wheel-vectors.json)", () => {
  it("are exactly what the module produces today (regenerate with generate-wheel-vectors.ts when the format changes)", () => {
    expect(serializeWheelVectors()).toBe(text);
  });

  it("cover the documented cases, including exhaustion and a sold-out wheel", () => {
    expect(vectors.algorithm).toBe("dropfair-wheel-v1");
    expect(vectors.cases.map((vector) => vector.name)).toEqual([
      "one-spin",
      "weights",
      "exhaustion",
      "sold-out",
      "large-values",
    ]);
    const exhaustion = vectors.cases.find((vector) => vector.name === "exhaustion")!;
    expect(new Set(exhaustion.spins.map((spin) => spin.totalWeight))).toEqual(
      new Set(["1000", "600", "300", "100"]),
    );
    const soldOut = vectors.cases.find((vector) => vector.name === "sold-out")!;
    expect(soldOut.spins.filter((spin) => spin.prizeId === null)).toHaveLength(3);
    const large = vectors.cases.find((vector) => vector.name === "large-values")!;
    expect(large.spins.some((spin) => BigInt(spin.position!) > BigInt(Number.MAX_SAFE_INTEGER))).toBe(true);
  });

  describe.each(vectors.cases.map((vector) => [vector.name, vector] as const))("case %s", (_, vector) => {
    it("is reproduced by the module, spin by spin", () => {
      const { file } = vector;
      expect(saltHashOf(file.salt!)).toBe(file.saltHash);
      const computed = drawWheelSpins(file.prizes, file.spins, file.salt!);
      vector.spins.forEach((expected, index) => {
        expect(spinRand(file.spins[index]!, file.salt!)).toBe(BigInt(expected.rand));
        expect(computed[index]!.position?.toString() ?? null).toBe(expected.position);
        expect(computed[index]!.prizeId).toBe(expected.prizeId);
        expect(file.spins[index]!.position).toBe(expected.position);
        expect(file.spins[index]!.prizeId).toBe(expected.prizeId);
      });
    });

    it("an independent implementation (js-sha3) recomputes the same encoding, rand, positions and prizes", () => {
      const { file } = vector;
      expect(`0x${sha3.keccak256(independent.hexBytes(file.salt!))}`).toBe(file.saltHash);
      vector.spins.forEach((expected, index) => {
        const spin = file.spins[index]!;
        expect(expected.encoded.length).toBe(2 + 2 * 148);
        expect(`0x${sha3.keccak256(independent.hexBytes(expected.encoded))}`).toBe(
          `0x${BigInt(expected.rand).toString(16).padStart(64, "0")}`,
        );
        expect(independent.rand(spin.account, spin.nonce, spin.blockHash, spin.txHash, file.salt!)).toBe(
          BigInt(expected.rand),
        );
      });
      expect(independent.play(file)).toEqual(
        vector.spins.map(({ position, prizeId }) => ({ position, prizeId })),
      );
    });

    it("is a game file that verifies", () => {
      const verification = verifyWheelGameFile(vector.file);
      expect(verification.saltMatches).toBe(true);
      expect(verification.spins.every((spin) => spin.matches)).toBe(true);
      expect(verification.spins.map((spin) => spin.prizeId)).toEqual(
        vector.spins.map((spin) => spin.prizeId),
      );
    });
  });
});
