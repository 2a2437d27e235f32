import fc from "fast-check";
import { bytesToHex, getAddress } from "viem";
import { describe, expect, it } from "vitest";
import {
  availablePrizes,
  buildWheelGameFile,
  drawWheelSpins,
  saltHashOf,
  spinOutcome,
  verifyWheelGameFile,
  type WheelPrize,
  wheelGameVerified,
} from "../src/wheel/index.ts";

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bytesToHex(bytes));
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(bytesToHex(bytes)));
const uint256 = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });
const prizeList = fc
  .uniqueArray(
    fc.record({
      id: fc.stringMatching(/^[a-z0-9-]{1,8}$/),
      weight: fc.oneof(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      ),
      count: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    }),
    { minLength: 1, maxLength: 6, selector: (prize) => prize.id },
  )
  .map((prizes): WheelPrize[] => prizes);
const spinSources = fc.uniqueArray(
  fc.record({ account: address, nonce: uint256, blockHash: bytes32, txHash: bytes32 }),
  { maxLength: 25, selector: (spin) => spin.nonce },
);

describe("wheel properties (fast-check)", () => {
  it("the position is below the total weight of the prizes still available, and the prize covers it", () => {
    fc.assert(
      fc.property(prizeList, fc.dictionary(fc.string(), fc.nat(5)), uint256, (prizes, wonRecord, rand) => {
        const won = new Map(prizes.map((prize) => [prize.id, wonRecord[prize.id] ?? 0]));
        const available = availablePrizes(prizes, won);
        const outcome = spinOutcome(prizes, won, rand);
        if (available.length === 0) {
          expect(outcome).toEqual({ position: null, prizeId: null });
          return;
        }
        const total = available.reduce((sum, prize) => sum + BigInt(prize.weight), 0n);
        expect(outcome.position).toBe(rand % total);
        let before = 0n;
        for (const prize of available) {
          if (prize.id === outcome.prizeId) {
            expect(before <= outcome.position! && outcome.position! < before + BigInt(prize.weight)).toBe(
              true,
            );
            return;
          }
          before += BigInt(prize.weight);
        }
        expect.unreachable("the prize is not an available one");
      }),
    );
  });

  it("no prize is won more often than its count, and a spin wins nothing only when every prize is used up", () => {
    fc.assert(
      fc.property(prizeList, spinSources, bytes32, (prizes, spins, salt) => {
        const drawn = drawWheelSpins(prizes, spins, salt);
        const won = new Map<string, number>();
        for (const outcome of drawn) {
          if (outcome.prizeId === null) {
            expect(availablePrizes(prizes, won)).toEqual([]);
            continue;
          }
          won.set(outcome.prizeId, (won.get(outcome.prizeId) ?? 0) + 1);
        }
        for (const prize of prizes) {
          if (prize.count !== null) expect(won.get(prize.id) ?? 0).toBeLessThanOrEqual(prize.count);
        }
      }),
    );
  });

  it("a file built from the recorded outcomes verifies; changing the salt or one outcome does not", () => {
    fc.assert(
      fc.property(
        prizeList,
        spinSources,
        bytes32,
        bytes32,
        uint256,
        (prizes, spins, salt, otherSalt, gameId) => {
          const drawn = drawWheelSpins(prizes, spins, salt);
          const file = buildWheelGameFile({
            gameId,
            saltHash: saltHashOf(salt),
            salt,
            prizes,
            spins: spins.map((spin, index) => ({ ...spin, ...drawn[index]! })),
          });
          const roundTrip = JSON.parse(JSON.stringify(file));
          expect(wheelGameVerified(verifyWheelGameFile(roundTrip))).toBe(true);
          if (otherSalt !== salt) {
            expect(verifyWheelGameFile({ ...roundTrip, salt: otherSalt }).saltMatches).toBe(false);
          }
          if (file.spins.length > 0 && file.spins[0]!.position !== null) {
            roundTrip.spins[0].position = (BigInt(roundTrip.spins[0].position) + 1n).toString();
            expect(verifyWheelGameFile(roundTrip).spins[0]!.matches).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("with unlimited prizes each spin is independent of the others: order does not change any outcome", () => {
    fc.assert(
      fc.property(prizeList, spinSources, bytes32, (prizes, spins, salt) => {
        const unlimited = prizes.map((prize) => ({ ...prize, count: null }));
        const forward = drawWheelSpins(unlimited, spins, salt);
        const backward = drawWheelSpins(unlimited, [...spins].reverse(), salt).reverse();
        expect(backward).toEqual(forward);
      }),
      { numRuns: 60 },
    );
  });

  it("the odds follow the weights: over many salts each prize's share is within sampling noise", () => {
    const prizes: WheelPrize[] = [
      { id: "a", weight: 5, count: null },
      { id: "b", weight: 3, count: null },
      { id: "c", weight: 2, count: null },
    ];
    const spins = 4000;
    const wins = new Map<string, number>();
    const source = {
      account: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      nonce: "1",
      blockHash: bytesToHex(new Uint8Array(32).fill(7)),
    };
    for (let index = 0; index < spins; index++) {
      const txHash = `0x${index.toString(16).padStart(64, "0")}`;
      const [outcome] = drawWheelSpins(
        prizes,
        [{ ...source, txHash }],
        bytesToHex(new Uint8Array(32).fill(1)),
      );
      wins.set(outcome!.prizeId!, (wins.get(outcome!.prizeId!) ?? 0) + 1);
    }
    for (const prize of prizes) {
      const expected = (spins * prize.weight) / 10;
      const sd = Math.sqrt(spins * (prize.weight / 10) * (1 - prize.weight / 10));
      // five standard deviations: fails by chance about once in three million runs; the inputs are fixed anyway
      expect(Math.abs((wins.get(prize.id) ?? 0) - expected)).toBeLessThan(5 * sd);
    }
  });
});
