import { bytesToHex, type Hex, keccak256, stringToBytes } from "viem";
import { keccakBytes, writeHexBytes } from "../fairness/hashing.ts";
import { InvalidWheelInputError } from "./errors.ts";

/** Version of the wheel algorithm (docs/wheel.md), written into every game file. */
export const wheelAlgorithm = "dropfair-wheel-v1";

/** A prize as the algorithm sees it: its id, its weight and how many can be won (null: unlimited). */
export interface WheelPrize {
  id: string;
  weight: number;
  count: number | null;
}

/** What a spin contributes to its own randomness: who spun, the ticket's nonce, and where the chain put it. */
export interface SpinSource {
  account: string;
  /** The ticket nonce, a uint256 (decimal string or bigint). */
  nonce: bigint | string;
  blockHash: string;
  txHash: string;
}

/** The outcome of one spin: the position on the wheel and the prize there; both null when no prize was left. */
export interface SpinOutcome {
  position: bigint | null;
  prizeId: string | null;
}

export const maxUint256 = (1n << 256n) - 1n;
const uintPattern = /^(0|[1-9][0-9]*)$/;
const prizeIdPattern = /^[A-Za-z0-9_.:-]{1,64}$/;
/** abi.encodePacked(address, uint256, bytes32, bytes32, bytes32): 20 + 32 + 32 + 32 + 32 bytes. */
const packedLength = 148;

/** A uint256 given as bigint or decimal string, as bigint; throws InvalidWheelInputError otherwise. */
export function toUint256(value: bigint | string, field: string): bigint {
  let parsed: bigint | undefined;
  if (typeof value === "bigint") parsed = value;
  else if (typeof value === "string" && value.length <= 78 && uintPattern.test(value)) parsed = BigInt(value);
  if (parsed === undefined || parsed < 0n || parsed > maxUint256) {
    throw new InvalidWheelInputError(field, "must be a uint256 (a decimal string)");
  }
  return parsed;
}

/** Whether `value` is an id the game file can carry for a prize: 1 to 64 of A–Z, a–z, 0–9, `_ . : -`. */
export function isWheelPrizeId(value: unknown): value is string {
  return typeof value === "string" && prizeIdPattern.test(value);
}

/** The first problem of a prize list, as `[field, reason]`, or undefined when it is usable. */
export function wheelPrizesProblem(prizes: unknown): [string, string] | undefined {
  if (!Array.isArray(prizes) || prizes.length === 0) return ["prizes", "must be a non-empty array"];
  const ids = new Set<string>();
  for (const [index, prize] of prizes.entries()) {
    const field = `prizes[${index}]`;
    if (typeof prize !== "object" || prize === null) return [field, "must be an object"];
    const { id, weight, count } = prize as Record<string, unknown>;
    if (!isWheelPrizeId(id)) return [`${field}.id`, "must be 1 to 64 of A-Z a-z 0-9 _ . : -"];
    if (ids.has(id)) return [`${field}.id`, `repeats the id "${id}"`];
    ids.add(id);
    if (typeof weight !== "number" || !Number.isSafeInteger(weight) || weight < 1) {
      return [`${field}.weight`, "must be a positive integer"];
    }
    if (count !== null && (typeof count !== "number" || !Number.isSafeInteger(count) || count < 1)) {
      return [`${field}.count`, "must be a positive integer or null (unlimited)"];
    }
  }
  return undefined;
}

/** @throws {InvalidWheelInputError} when the prize list is not usable (see {@link wheelPrizesProblem}). */
export function assertWheelPrizes(prizes: readonly WheelPrize[]): void {
  const problem = wheelPrizesProblem(prizes);
  if (problem) throw new InvalidWheelInputError(...problem);
}

/** keccak256 of the 32-byte salt: what a game publishes when it is created. */
export function saltHashOf(salt: string): Hex {
  const bytes = new Uint8Array(32);
  if (!writeHexBytes(salt, 32, bytes, 0)) {
    throw new InvalidWheelInputError("salt", "must be 0x followed by 64 hex digits");
  }
  return bytesToHex(keccakBytes(bytes));
}

const packed = new Uint8Array(packedLength);
const addressPattern = /^0x[0-9a-fA-F]{40}$/;
const asciiBody = new Uint8Array(40);

/**
 * Whether `value` is 0x and 40 hex digits, all one case or with a correct EIP-55 checksum. The same rule as
 * `isEvmAddress`, with the checksum's keccak on the WebAssembly Keccak: a game file has one per spin.
 */
export function isWheelAccount(value: unknown): value is string {
  if (typeof value !== "string" || !addressPattern.test(value)) return false;
  const body = value.slice(2);
  const lower = body.toLowerCase();
  if (body === lower || body === body.toUpperCase()) return true;
  for (let index = 0; index < 40; index++) asciiBody[index] = lower.charCodeAt(index);
  const digest = keccakBytes(asciiBody);
  for (let index = 0; index < 40; index++) {
    const code = body.charCodeAt(index);
    if (code < 0x41) continue; // a digit
    const nibble = (digest[index >> 1]! >> (index % 2 === 0 ? 4 : 0)) & 0x0f;
    const upper = code <= 0x46;
    if (upper !== nibble >= 8) return false;
  }
  return true;
}

function writeField(hex: string, byteLength: number, offset: number, field: string): void {
  if (!writeHexBytes(hex, byteLength, packed, offset)) {
    throw new InvalidWheelInputError(field, `must be 0x followed by ${2 * byteLength} hex digits`);
  }
}

/** keccak256 of the packed inputs, once the account is known to be an address. */
function randOfAddress(spin: SpinSource, salt: string): bigint {
  const nonce = toUint256(spin.nonce, "nonce");
  writeField(spin.account, 20, 0, "account");
  writeField(`0x${nonce.toString(16).padStart(64, "0")}`, 32, 20, "nonce");
  writeField(spin.blockHash, 32, 52, "blockHash");
  writeField(spin.txHash, 32, 84, "txHash");
  writeField(salt, 32, 116, "salt");
  return BigInt(bytesToHex(keccakBytes(packed)));
}

/**
 * A spin's random number: keccak256(abi.encodePacked(address account, uint256 nonce, bytes32 blockHash,
 * bytes32 txHash, bytes32 salt)) as a uint256.
 */
export function spinRand(spin: SpinSource, salt: string): bigint {
  if (!isWheelAccount(spin.account)) {
    throw new InvalidWheelInputError("account", "must be an EVM address (0x and 40 hex digits)");
  }
  return randOfAddress(spin, salt);
}

/** How many of each prize (by id) the earlier spins of a game won. */
export type WonCounts = ReadonlyMap<string, number>;

/** The prizes still available: those without a count, and those won fewer times than their count. */
export function availablePrizes(prizes: readonly WheelPrize[], won: WonCounts): WheelPrize[] {
  return prizes.filter((prize) => prize.count === null || (won.get(prize.id) ?? 0) < prize.count);
}

/**
 * Where `rand` lands given what earlier spins won: `position = rand mod totalWeight` over the prizes still
 * available, in the game's prize order; the prize is the first whose running weight sum exceeds `position`.
 * Both null when no prize is left.
 */
export function spinOutcome(prizes: readonly WheelPrize[], won: WonCounts, rand: bigint): SpinOutcome {
  const available = availablePrizes(prizes, won);
  const totalWeight = available.reduce((sum, prize) => sum + BigInt(prize.weight), 0n);
  if (totalWeight === 0n) return { position: null, prizeId: null };
  const position = rand % totalWeight;
  let running = 0n;
  for (const prize of available) {
    running += BigInt(prize.weight);
    if (running > position) return { position, prizeId: prize.id };
  }
  // Unreachable: position < totalWeight, the last running sum.
  throw new Error("position beyond the total weight");
}

/** One spin's full computation, for vectors and verifiers. */
export interface ComputedSpin extends SpinOutcome {
  rand: bigint;
}

/**
 * Draws every spin of a game, in the order given (which must be chain order: block number, transaction index,
 * log index), removing a prize from the wheel once its count has been won.
 */
export function drawWheelSpins(
  prizes: readonly WheelPrize[],
  spins: readonly SpinSource[],
  salt: string,
): ComputedSpin[] {
  assertWheelPrizes(prizes);
  spins.forEach((spin, index) => {
    if (!isWheelAccount(spin.account)) {
      throw new InvalidWheelInputError(
        `spins[${index}].account`,
        "must be an EVM address (0x and 40 hex digits)",
      );
    }
  });
  return drawCheckedSpins(prizes, spins, salt);
}

/** {@link drawWheelSpins} for prizes and accounts already validated (a parsed game file). */
export function drawCheckedSpins(
  prizes: readonly WheelPrize[],
  spins: readonly SpinSource[],
  salt: string,
): ComputedSpin[] {
  const won = new Map<string, number>();
  return spins.map((spin) => {
    const rand = randOfAddress(spin, salt);
    const outcome = spinOutcome(prizes, won, rand);
    if (outcome.prizeId !== null) won.set(outcome.prizeId, (won.get(outcome.prizeId) ?? 0) + 1);
    return { rand, ...outcome };
  });
}

/** Where a Spin event sits on its chain. */
export interface ChainPosition {
  blockNumber: bigint;
  transactionIndex: number;
  logIndex: number;
}

/** Chain order: block number, then transaction index, then log index. */
export function compareChainOrder(left: ChainPosition, right: ChainPosition): number {
  if (left.blockNumber !== right.blockNumber) return left.blockNumber < right.blockNumber ? -1 : 1;
  if (left.transactionIndex !== right.transactionIndex) return left.transactionIndex - right.transactionIndex;
  return left.logIndex - right.logIndex;
}

/** The LuckyWheel contract's event, every parameter indexed: `Spin(uint256 gameId, address account, uint256 nonce)`. */
export const spinEventSignature = "Spin(uint256,address,uint256)";
/** topic0 of a Spin log: keccak256 of {@link spinEventSignature}. */
export const spinEventTopic: Hex = keccak256(stringToBytes(spinEventSignature));
