import type { Hex } from "viem";
import { toChecksumAddress } from "../address.ts";
import {
  assertWheelPrizes,
  drawCheckedSpins,
  isWheelAccount,
  maxUint256,
  type SpinSource,
  saltHashOf,
  toUint256,
  type WheelPrize,
  wheelAlgorithm,
  wheelPrizesProblem,
} from "./draw.ts";
import { InvalidWheelGameFileError, InvalidWheelInputError } from "./errors.ts";

/** One spin as the game file publishes it: its inputs and the outcome the server recorded. */
export interface GameFileSpin {
  account: string;
  /** The ticket nonce, decimal. */
  nonce: string;
  blockHash: Hex;
  txHash: Hex;
  /** Decimal; null when no prize was left. */
  position: string | null;
  prizeId: string | null;
}

/** The wheel game file (docs/wheel.md): everything needed to recompute every spin of a game. */
export interface WheelGameFile {
  algorithm: typeof wheelAlgorithm;
  /** The game's id on the LuckyWheel contract, decimal. */
  gameId: string;
  saltHash: Hex;
  /** Null until the game ends. */
  salt: Hex | null;
  prizes: WheelPrize[];
  /** In chain order. */
  spins: GameFileSpin[];
}

export interface WheelSpinCheck {
  nonce: string;
  /** Recomputed; null when no prize was left (or the salt is not published yet). */
  position: string | null;
  prizeId: string | null;
  /** The recomputed outcome equals the one the file records (always false before the salt is published). */
  matches: boolean;
}

export interface WheelVerification {
  /** The salt is published and hashes to the saltHash published when the game was created. */
  saltMatches: boolean;
  /** Whether the file carries the salt (it does once the game ended). */
  revealed: boolean;
  spins: WheelSpinCheck[];
}

const bytes32Pattern = /^0x[0-9a-fA-F]{64}$/;
const uintPattern = /^(0|[1-9][0-9]*)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A decimal uint256; only 78-digit numbers can exceed 2^256 - 1 (a 1.16 × 10^77), so only they are compared. */
function isUint256Text(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 78 || !uintPattern.test(value)) return false;
  return value.length < 78 || BigInt(value) <= maxUint256;
}

function parseSpin(spin: unknown, index: number, nonces: Set<string>, accounts: Set<string>): GameFileSpin {
  const field = `spins[${index}]`;
  if (!isRecord(spin)) throw new InvalidWheelGameFileError(field, "must be an object");
  const { account, nonce, blockHash, txHash, position, prizeId } = spin;
  // Players spin many times: each distinct spelling of an account is checked once.
  if (typeof account !== "string" || (!accounts.has(account) && !isWheelAccount(account))) {
    throw new InvalidWheelGameFileError(`${field}.account`, "must be an EVM address");
  }
  accounts.add(account);
  if (!isUint256Text(nonce))
    throw new InvalidWheelGameFileError(`${field}.nonce`, "must be a decimal uint256");
  if (nonces.has(nonce)) {
    throw new InvalidWheelGameFileError(
      `${field}.nonce`,
      "repeats an earlier spin's nonce (each ticket spins once)",
    );
  }
  nonces.add(nonce);
  if (typeof blockHash !== "string" || !bytes32Pattern.test(blockHash)) {
    throw new InvalidWheelGameFileError(`${field}.blockHash`, "must be 0x followed by 64 hex digits");
  }
  if (typeof txHash !== "string" || !bytes32Pattern.test(txHash)) {
    throw new InvalidWheelGameFileError(`${field}.txHash`, "must be 0x followed by 64 hex digits");
  }
  if (position !== null && !isUint256Text(position)) {
    throw new InvalidWheelGameFileError(`${field}.position`, "must be a decimal string or null");
  }
  if (prizeId !== null && typeof prizeId !== "string") {
    throw new InvalidWheelGameFileError(`${field}.prizeId`, "must be a prize id or null");
  }
  if ((position === null) !== (prizeId === null)) {
    throw new InvalidWheelGameFileError(
      field,
      "position and prizeId are both null (no prize left) or neither",
    );
  }
  return {
    account,
    nonce,
    blockHash: blockHash as Hex,
    txHash: txHash as Hex,
    position: position as string | null,
    prizeId: prizeId as string | null,
  };
}

/**
 * Validates a wheel game file, given as parsed JSON or as JSON text, and returns it typed. Unknown fields are
 * ignored. Throws InvalidWheelGameFileError naming the first bad field.
 */
export function parseWheelGameFile(input: unknown): WheelGameFile {
  let file = input;
  if (typeof input === "string") {
    try {
      file = JSON.parse(input);
    } catch {
      throw new InvalidWheelGameFileError("(file)", "is not valid JSON");
    }
  }
  if (!isRecord(file)) throw new InvalidWheelGameFileError("(file)", "must be a JSON object");
  const { algorithm, gameId, saltHash, salt, prizes, spins } = file;
  if (algorithm !== wheelAlgorithm) {
    throw new InvalidWheelGameFileError(
      "algorithm",
      `must be "${wheelAlgorithm}", got ${JSON.stringify(algorithm)}`,
    );
  }
  if (!isUint256Text(gameId)) throw new InvalidWheelGameFileError("gameId", "must be a decimal uint256");
  if (typeof saltHash !== "string" || !bytes32Pattern.test(saltHash)) {
    throw new InvalidWheelGameFileError("saltHash", "must be 0x followed by 64 hex digits");
  }
  if (salt !== null && (typeof salt !== "string" || !bytes32Pattern.test(salt))) {
    throw new InvalidWheelGameFileError(
      "salt",
      "must be 0x followed by 64 hex digits, or null before the end",
    );
  }
  const prizeProblem = wheelPrizesProblem(prizes);
  if (prizeProblem) throw new InvalidWheelGameFileError(...prizeProblem);
  if (!Array.isArray(spins)) throw new InvalidWheelGameFileError("spins", "must be an array");
  const nonces = new Set<string>();
  const accounts = new Set<string>();
  const parsedPrizes = (prizes as Record<string, unknown>[]).map(({ id, weight, count }) => ({
    id: id as string,
    weight: weight as number,
    count: count as number | null,
  }));
  return {
    algorithm,
    gameId,
    saltHash: saltHash as Hex,
    salt: salt as Hex | null,
    prizes: parsedPrizes,
    spins: spins.map((spin, index) => parseSpin(spin, index, nonces, accounts)),
  };
}

/**
 * Recomputes every spin of a game file with its salt and compares with the outcomes it records. Before the
 * salt is published nothing can be recomputed: `revealed` is false and no spin matches.
 */
export function verifyWheelGameFile(input: unknown): WheelVerification {
  const file = parseWheelGameFile(input);
  if (file.salt === null) {
    return {
      saltMatches: false,
      revealed: false,
      spins: file.spins.map(({ nonce }) => ({ nonce, position: null, prizeId: null, matches: false })),
    };
  }
  const computed = drawCheckedSpins(file.prizes, file.spins, file.salt);
  return {
    saltMatches: saltHashOf(file.salt) === file.saltHash.toLowerCase(),
    revealed: true,
    spins: file.spins.map((spin, index) => {
      const { position, prizeId } = computed[index]!;
      const positionText = position === null ? null : position.toString();
      return {
        nonce: spin.nonce,
        position: positionText,
        prizeId,
        matches: positionText === spin.position && prizeId === spin.prizeId,
      };
    }),
  };
}

/** Whether a verification found everything in order: the salt, and every spin. */
export function wheelGameVerified(verification: WheelVerification): boolean {
  return verification.saltMatches && verification.spins.every((spin) => spin.matches);
}

/** A recorded spin as the server passes it to {@link buildWheelGameFile}. */
export interface RecordedSpin extends SpinSource {
  position: bigint | string | null;
  prizeId: string | null;
}

/**
 * Builds a game file from what the server recorded. `salt` is passed only once the game ended; it must hash
 * to `saltHash`. Addresses are written checksummed, numbers as decimal strings.
 */
export function buildWheelGameFile({
  gameId,
  saltHash,
  salt,
  prizes,
  spins,
}: {
  gameId: bigint | string;
  saltHash: string;
  salt: string | null;
  prizes: readonly WheelPrize[];
  spins: readonly RecordedSpin[];
}): WheelGameFile {
  assertWheelPrizes(prizes);
  if (!bytes32Pattern.test(saltHash))
    throw new InvalidWheelInputError("saltHash", "must be 0x followed by 64 hex digits");
  if (salt !== null && saltHashOf(salt) !== saltHash.toLowerCase()) {
    throw new InvalidWheelInputError("salt", "does not hash to saltHash");
  }
  return {
    algorithm: wheelAlgorithm,
    gameId: toUint256(gameId, "gameId").toString(),
    saltHash: saltHash.toLowerCase() as Hex,
    salt: salt === null ? null : (salt.toLowerCase() as Hex),
    prizes: prizes.map(({ id, weight, count }) => ({ id, weight, count })),
    spins: spins.map((spin) => ({
      account: toChecksumAddress(spin.account),
      nonce: toUint256(spin.nonce, "nonce").toString(),
      blockHash: spin.blockHash.toLowerCase() as Hex,
      txHash: spin.txHash.toLowerCase() as Hex,
      position: spin.position === null ? null : toUint256(spin.position, "position").toString(),
      prizeId: spin.prizeId,
    })),
  };
}
