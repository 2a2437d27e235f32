import { encodePacked, keccak256 } from "viem";
import { describe, expect, it } from "vitest";
import {
  buildWheelGameFile,
  compareChainOrder,
  drawWheelSpins,
  InvalidWheelGameFileError,
  InvalidWheelInputError,
  parseWheelGameFile,
  saltHashOf,
  spinOutcome,
  spinRand,
  verifyWheelGameFile,
  type WheelPrize,
  wheelGameVerified,
} from "../src/wheel/index.ts";

const salt = keccak256(new TextEncoder().encode("salt"));
const account = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const hash = (label: string) => keccak256(new TextEncoder().encode(label));
const spin = (index: number) => ({
  account,
  nonce: String(index + 1),
  blockHash: hash(`block ${index}`),
  txHash: hash(`tx ${index}`),
});
const prizes: WheelPrize[] = [
  { id: "gold", weight: 1, count: 1 },
  { id: "silver", weight: 2, count: 2 },
  { id: "nothing", weight: 7, count: null },
];

function gameFile(spinCount: number, options: { salt?: string | null } = {}) {
  const spins = Array.from({ length: spinCount }, (_, index) => spin(index));
  const computed = drawWheelSpins(prizes, spins, salt);
  return buildWheelGameFile({
    gameId: "7",
    saltHash: saltHashOf(salt),
    salt: options.salt === undefined ? salt : options.salt,
    prizes,
    spins: spins.map((source, index) => ({ ...source, ...computed[index]! })),
  });
}

describe("spinRand", () => {
  it("is keccak256(abi.encodePacked(address, uint256, bytes32, bytes32, bytes32)) as a uint256", () => {
    const source = spin(0);
    const expected = keccak256(
      encodePacked(
        ["address", "uint256", "bytes32", "bytes32", "bytes32"],
        [account, 1n, source.blockHash, source.txHash, salt],
      ),
    );
    expect(spinRand(source, salt)).toBe(BigInt(expected));
    // the address's letter case and the nonce's type do not matter
    expect(spinRand({ ...source, account: account.toLowerCase(), nonce: 1n }, salt)).toBe(BigInt(expected));
  });

  it("depends on every input", () => {
    const base = spinRand(spin(0), salt);
    expect(spinRand({ ...spin(0), nonce: "2" }, salt)).not.toBe(base);
    expect(spinRand({ ...spin(0), blockHash: hash("other") }, salt)).not.toBe(base);
    expect(spinRand({ ...spin(0), txHash: hash("other") }, salt)).not.toBe(base);
    expect(spinRand({ ...spin(0), account: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }, salt)).not.toBe(
      base,
    );
    expect(spinRand(spin(0), hash("other salt"))).not.toBe(base);
  });

  it("refuses bad inputs with the field named", () => {
    const cases: [Record<string, string>, string][] = [
      [{ account: "0x1234" }, "account"],
      [{ account: "0xf39fd6e51aad88F6F4ce6aB8827279cffFb92266" }, "account"], // bad checksum
      [{ nonce: "-1" }, "nonce"],
      [{ nonce: "01" }, "nonce"],
      [{ nonce: (1n << 256n).toString() }, "nonce"],
      [{ blockHash: "0x12" }, "blockHash"],
      [{ txHash: `0x${"g".repeat(64)}` }, "txHash"],
    ];
    for (const [change, field] of cases) {
      try {
        spinRand({ ...spin(0), ...change }, salt);
        expect.unreachable(`${JSON.stringify(change)} was accepted`);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidWheelInputError);
        expect((error as InvalidWheelInputError).field).toBe(field);
      }
    }
    expect(() => spinRand(spin(0), "0x00")).toThrow(InvalidWheelInputError);
  });
});

describe("spinOutcome", () => {
  it("takes the first prize whose running weight sum exceeds rand mod totalWeight", () => {
    const none = new Map<string, number>();
    expect(spinOutcome(prizes, none, 0n)).toEqual({ position: 0n, prizeId: "gold" });
    expect(spinOutcome(prizes, none, 1n)).toEqual({ position: 1n, prizeId: "silver" });
    expect(spinOutcome(prizes, none, 2n)).toEqual({ position: 2n, prizeId: "silver" });
    expect(spinOutcome(prizes, none, 3n)).toEqual({ position: 3n, prizeId: "nothing" });
    expect(spinOutcome(prizes, none, 9n)).toEqual({ position: 9n, prizeId: "nothing" });
    expect(spinOutcome(prizes, none, 10n)).toEqual({ position: 0n, prizeId: "gold" });
  });

  it("leaves out a prize won `count` times: the total shrinks and later prizes move up", () => {
    const goldGone = new Map([["gold", 1]]);
    // total 9 (silver 2 + nothing 7): position 0 and 1 are silver now
    expect(spinOutcome(prizes, goldGone, 0n)).toEqual({ position: 0n, prizeId: "silver" });
    expect(spinOutcome(prizes, goldGone, 9n)).toEqual({ position: 0n, prizeId: "silver" });
    expect(spinOutcome(prizes, goldGone, 2n)).toEqual({ position: 2n, prizeId: "nothing" });
    const bothGone = new Map([
      ["gold", 1],
      ["silver", 2],
    ]);
    expect(spinOutcome(prizes, bothGone, 12345n)).toEqual({ position: 12345n % 7n, prizeId: "nothing" });
  });

  it("wins nothing when no prize is left", () => {
    const limited: WheelPrize[] = [{ id: "only", weight: 5, count: 1 }];
    expect(spinOutcome(limited, new Map([["only", 1]]), 3n)).toEqual({ position: null, prizeId: null });
  });
});

describe("drawWheelSpins", () => {
  it("applies exhaustion in the order given, so the order of spins matters", () => {
    const spins = Array.from({ length: 40 }, (_, index) => spin(index));
    const drawn = drawWheelSpins(prizes, spins, salt);
    expect(drawn.filter((outcome) => outcome.prizeId === "gold")).toHaveLength(1);
    expect(drawn.filter((outcome) => outcome.prizeId === "silver")).toHaveLength(2);
    const reversed = drawWheelSpins(prizes, [...spins].reverse(), salt).reverse();
    expect(reversed.map((outcome) => outcome.rand)).toEqual(drawn.map((outcome) => outcome.rand));
    expect(reversed.map((outcome) => outcome.prizeId)).not.toEqual(drawn.map((outcome) => outcome.prizeId));
  });

  it("refuses bad prize lists", () => {
    const bad: unknown[] = [
      [],
      [{ id: "", weight: 1, count: null }],
      [{ id: "a b", weight: 1, count: null }],
      [{ id: "a", weight: 0, count: null }],
      [{ id: "a", weight: 1.5, count: null }],
      [{ id: "a", weight: 1, count: 0 }],
      [
        { id: "a", weight: 1, count: null },
        { id: "a", weight: 1, count: null },
      ],
    ];
    for (const list of bad) {
      expect(() => drawWheelSpins(list as WheelPrize[], [spin(0)], salt)).toThrow(InvalidWheelInputError);
    }
  });
});

describe("compareChainOrder", () => {
  it("orders by block number, then transaction index, then log index", () => {
    const positions = [
      { blockNumber: 2n, transactionIndex: 0, logIndex: 0 },
      { blockNumber: 1n, transactionIndex: 3, logIndex: 9 },
      { blockNumber: 1n, transactionIndex: 3, logIndex: 2 },
      { blockNumber: 1n, transactionIndex: 0, logIndex: 5 },
    ];
    expect([...positions].sort(compareChainOrder)).toEqual([
      positions[3],
      positions[2],
      positions[1],
      positions[0],
    ]);
  });
});

describe("game file", () => {
  it("verifies a file built from the recorded outcomes", () => {
    const verification = verifyWheelGameFile(JSON.stringify(gameFile(12)));
    expect(verification.saltMatches).toBe(true);
    expect(verification.revealed).toBe(true);
    expect(verification.spins).toHaveLength(12);
    expect(verification.spins.every((check) => check.matches)).toBe(true);
    expect(wheelGameVerified(verification)).toBe(true);
  });

  it("before the end has no salt: nothing verifies yet", () => {
    const file = gameFile(3, { salt: null });
    expect(file.salt).toBeNull();
    const verification = verifyWheelGameFile(file);
    expect(verification).toEqual({
      saltMatches: false,
      revealed: false,
      spins: file.spins.map(({ nonce }) => ({ nonce, position: null, prizeId: null, matches: false })),
    });
    expect(wheelGameVerified(verification)).toBe(false);
  });

  it("detects a salt other than the one committed to", () => {
    const file = gameFile(4);
    const other = hash("other salt");
    const verification = verifyWheelGameFile({ ...file, salt: other });
    expect(verification.saltMatches).toBe(false);
    expect(wheelGameVerified(verification)).toBe(false);
  });

  it("detects a recorded prize or position that the inputs do not give", () => {
    const file = gameFile(6);
    const changed = structuredClone(file);
    changed.spins[2]!.prizeId = changed.spins[2]!.prizeId === "nothing" ? "gold" : "nothing";
    const verification = verifyWheelGameFile(changed);
    expect(verification.spins.map((check) => check.matches)).toEqual([true, true, false, true, true, true]);
    const moved = structuredClone(file);
    moved.spins[0]!.position = String(BigInt(moved.spins[0]!.position!) + 1n);
    expect(verifyWheelGameFile(moved).spins[0]!.matches).toBe(false);
  });

  it("detects spins taken out of chain order when a prize ran out", () => {
    const file = gameFile(40);
    const goldIndex = file.spins.findIndex((entry) => entry.prizeId === "gold");
    expect(goldIndex).toBeGreaterThanOrEqual(0);
    // Moving the gold spin after a later one changes who meets the full wheel: find such a swap, then the file
    // with its spins in that order (outcomes as recorded) must not verify.
    const swappedFiles = file.spins
      .map((_, later) => later)
      .filter((later) => later > goldIndex)
      .map((later) => {
        const swapped = structuredClone(file);
        [swapped.spins[goldIndex], swapped.spins[later]] = [swapped.spins[later]!, swapped.spins[goldIndex]!];
        return swapped;
      });
    const changing = swappedFiles.filter((swapped) => {
      const recomputed = drawWheelSpins(prizes, swapped.spins, salt);
      return swapped.spins.some((entry, index) => recomputed[index]!.prizeId !== entry.prizeId);
    });
    expect(changing.length).toBeGreaterThan(0);
    for (const swapped of changing) expect(wheelGameVerified(verifyWheelGameFile(swapped))).toBe(false);
  });

  it("rejects malformed files with the field named", () => {
    const file = gameFile(2);
    const cases: [unknown, string][] = [
      ["{", "(file)"],
      [[], "(file)"],
      [{ ...file, algorithm: "dropfair-wheel-v2" }, "algorithm"],
      [{ ...file, gameId: 7 }, "gameId"],
      [{ ...file, saltHash: "0x12" }, "saltHash"],
      [{ ...file, salt: "secret" }, "salt"],
      [{ ...file, prizes: [] }, "prizes"],
      [{ ...file, prizes: [{ id: "x", weight: "1", count: null }] }, "prizes[0].weight"],
      [{ ...file, spins: {} }, "spins"],
      [{ ...file, spins: [{ ...file.spins[0], account: "0xabc" }] }, "spins[0].account"],
      [{ ...file, spins: [{ ...file.spins[0], nonce: 1 }] }, "spins[0].nonce"],
      [
        { ...file, spins: [file.spins[0], { ...file.spins[1], nonce: file.spins[0]!.nonce }] },
        "spins[1].nonce",
      ],
      [{ ...file, spins: [{ ...file.spins[0], txHash: "0x" }] }, "spins[0].txHash"],
      [{ ...file, spins: [{ ...file.spins[0], position: 3 }] }, "spins[0].position"],
      [{ ...file, spins: [{ ...file.spins[0], position: null }] }, "spins[0]"],
    ];
    for (const [input, field] of cases) {
      try {
        parseWheelGameFile(input);
        expect.unreachable(`accepted a file with a bad ${field}`);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidWheelGameFileError);
        expect((error as InvalidWheelGameFileError).field).toBe(field);
      }
    }
  });

  it("buildWheelGameFile refuses a salt that does not hash to the published saltHash", () => {
    expect(() =>
      buildWheelGameFile({ gameId: "1", saltHash: saltHashOf(salt), salt: hash("x"), prizes, spins: [] }),
    ).toThrow(InvalidWheelInputError);
  });
});
