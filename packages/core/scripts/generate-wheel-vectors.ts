/**
 * Builds the published test vectors of the lucky wheel, packages/core/wheel-vectors.json, so any other
 * implementation of dropfair-wheel-v1 can check itself against ours. Deterministic: same code, same file.
 *
 *   node --import tsx packages/core/scripts/generate-wheel-vectors.ts          (writes the file)
 *   node --import tsx packages/core/scripts/generate-wheel-vectors.ts --check  (exit 1 when it is stale)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encodePacked, getAddress, type Hex, keccak256, stringToBytes } from "viem";
import {
  availablePrizes,
  buildWheelGameFile,
  drawWheelSpins,
  maxUint256,
  type SpinSource,
  saltHashOf,
  type WheelPrize,
  wheelAlgorithm,
} from "../src/wheel/index.ts";

export const wheelVectorsPath = fileURLToPath(new URL("../wheel-vectors.json", import.meta.url));

interface CaseDefinition {
  name: string;
  note: string;
  gameId: string;
  prizes: WheelPrize[];
  spins: number;
  /** Nonces of the spins; by default 1, 2, 3, … */
  nonces?: bigint[];
}

/** Synthetic 32-byte values anyone can reproduce: keccak256(utf8("dropfair-wheel-v1 test vector: " + label)). */
function vectorHash(label: string): Hex {
  return keccak256(stringToBytes(`${wheelAlgorithm} test vector: ${label}`));
}

/** Five players: the last 20 bytes of vectorHash("account " + n), checksummed. */
const accounts = [0, 1, 2, 3, 4].map((n) => getAddress(`0x${vectorHash(`account ${n}`).slice(-40)}`));

const cases: CaseDefinition[] = [
  {
    name: "one-spin",
    note: "Three unlimited prizes, one spin.",
    gameId: "1",
    prizes: [
      { id: "ep-10", weight: 70, count: null },
      { id: "dft-5", weight: 25, count: null },
      { id: "nothing", weight: 5, count: null },
    ],
    spins: 1,
  },
  {
    name: "weights",
    note: "Four unlimited prizes with uneven weights (total 1000), twenty spins by five players.",
    gameId: "2",
    prizes: [
      { id: "a", weight: 600, count: null },
      { id: "b", weight: 250, count: null },
      { id: "c", weight: 100, count: null },
      { id: "d", weight: 50, count: null },
    ],
    spins: 20,
  },
  {
    name: "exhaustion",
    note:
      "The heavy prizes have counts: once won that many times they drop out of the weights, so later spins " +
      "take position modulo a smaller total (the totalWeight column shows it shrinking).",
    gameId: "3",
    prizes: [
      { id: "usdt-100", weight: 400, count: 1 },
      { id: "usdt-10", weight: 300, count: 2 },
      { id: "ep-50", weight: 200, count: 3 },
      { id: "nothing", weight: 100, count: null },
    ],
    spins: 16,
  },
  {
    name: "sold-out",
    note: "Every prize has a count and there are more spins than prizes: the spins after the last prize win nothing (position and prizeId null).",
    gameId: "4",
    prizes: [
      { id: "first", weight: 1, count: 1 },
      { id: "second", weight: 3, count: 2 },
    ],
    spins: 6,
  },
  {
    name: "large-values",
    note:
      "A uint256 game id and nonces near 2^256, and weights up to 2^53 - 1, so positions exceed 2^53: " +
      "they are decimal strings, computed with big integers.",
    gameId: maxUint256.toString(),
    prizes: [
      { id: "big", weight: Number.MAX_SAFE_INTEGER, count: null },
      { id: "bigger", weight: Number.MAX_SAFE_INTEGER - 1, count: 2 },
      { id: "small", weight: 1, count: null },
    ],
    spins: 5,
    nonces: [maxUint256, maxUint256 - 1n, 1n << 128n, 0n, 9_007_199_254_740_993n],
  },
];

function caseSpins(definition: CaseDefinition): SpinSource[] {
  return Array.from({ length: definition.spins }, (_, index) => ({
    account: accounts[index % accounts.length]!,
    nonce: definition.nonces?.[index] ?? BigInt(index + 1),
    blockHash: vectorHash(`${definition.name} block ${Math.floor(index / 2)}`),
    txHash: vectorHash(`${definition.name} tx ${index}`),
  }));
}

export function buildWheelVectors() {
  return {
    algorithm: wheelAlgorithm,
    description:
      "Test vectors of the Dropfair lucky wheel (specified in docs/wheel.md). Hashes, salts and accounts are " +
      `synthetic: keccak256(utf8("${wheelAlgorithm} test vector: " + label)) for the labels "<case> salt", ` +
      '"<case> block <n>" (two spins per block), "<case> tx <n>" and "account <n>" (an account is the last 20 ' +
      "bytes of its hash). Each case's file is a complete game file after the end, which verifies.",
    definitions: {
      saltHash: "keccak256(salt), salt being 32 bytes; published when the game is created.",
      encoded:
        "abi.encodePacked(address account, uint256 nonce, bytes32 blockHash, bytes32 txHash, bytes32 salt): " +
        "20 + 32 + 32 + 32 + 32 = 148 bytes.",
      rand: "keccak256(encoded) as an unsigned 256-bit big-endian integer, written in decimal.",
      available:
        "The game's prizes, in their order, except those with a count that earlier spins (in chain order: " +
        "block number, transaction index, log index) have already won count times.",
      totalWeight: "The sum of the available prizes' weights; null when none is available.",
      position: "rand mod totalWeight, in decimal; null when no prize is available.",
      prizeId:
        "The first available prize whose running weight sum exceeds position; null when none is available.",
    },
    accounts,
    cases: cases.map((definition) => {
      const salt = vectorHash(`${definition.name} salt`);
      const spins = caseSpins(definition);
      const computed = drawWheelSpins(definition.prizes, spins, salt);
      const won = new Map<string, number>();
      const details = spins.map((spin, index) => {
        const { rand, position, prizeId } = computed[index]!;
        const totalWeight = availablePrizes(definition.prizes, won).reduce(
          (sum, p) => sum + BigInt(p.weight),
          0n,
        );
        if (prizeId !== null) won.set(prizeId, (won.get(prizeId) ?? 0) + 1);
        return {
          encoded: encodePacked(
            ["address", "uint256", "bytes32", "bytes32", "bytes32"],
            [spin.account as Hex, BigInt(spin.nonce), spin.blockHash as Hex, spin.txHash as Hex, salt],
          ),
          rand: rand.toString(),
          totalWeight: totalWeight === 0n ? null : totalWeight.toString(),
          position: position === null ? null : position.toString(),
          prizeId,
        };
      });
      return {
        name: definition.name,
        note: definition.note,
        file: buildWheelGameFile({
          gameId: definition.gameId,
          saltHash: saltHashOf(salt),
          salt,
          prizes: definition.prizes,
          spins: spins.map((spin, index) => ({ ...spin, ...computed[index]! })),
        }),
        spins: details,
      };
    }),
  };
}

export function serializeWheelVectors(): string {
  return `${JSON.stringify(buildWheelVectors(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = serializeWheelVectors();
  if (process.argv.includes("--check")) {
    if (readFileSync(wheelVectorsPath, "utf8") !== text) {
      console.error(`${wheelVectorsPath} is stale: run this script without --check`);
      process.exit(1);
    }
    console.log(`${wheelVectorsPath} is up to date`);
  } else {
    writeFileSync(wheelVectorsPath, text);
    console.log(`wrote ${wheelVectorsPath}`);
  }
}
