/**
 * The public claims list of a wallet-list airdrop: the file a campaign page offers for download, from which
 * anyone can rebuild the Merkle tree and compare its root with the campaign's on-chain `merkleRoot`.
 *
 * One claim per line, `index,account,amount`: index and amount as decimal integers (amount in token base
 * units), account as a 0x address. Written with EIP-55 checksummed accounts, "\n" line ends and a final
 * newline; read leniently: any letter case (mixed case must pass the checksum), "\r\n", blank lines, spaces
 * around fields and a UTF-8 byte order mark.
 */
import type { Address } from "viem";
import { CoreError } from "../errors.ts";
import { keccakEach } from "../fairness/hashing.ts";
import { messageKeys } from "../messages.ts";
import { type AirdropClaim, assertUint256, ClaimIndexSet, InvalidClaimError, maxUint256 } from "./merkle.ts";

/** A line of a claims list that is not a claim; `line` is 1-based and counts blank lines. */
export class ClaimsListLineError extends CoreError {
  override name = "ClaimsListLineError";

  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(messageKeys.csv.wrongLines, `line ${line}: ${reason}`);
  }
}

// 2^256 − 1 has 78 decimal digits.
const decimalPattern = /^[0-9]{1,78}$/;
// The shortest claim line, "0,0x" + 40 digits + ",0", bounds the number of claims in a text.
const shortestLineLength = 46;

/** Lower-case 40-character ASCII hex bodies, 40 bytes per address, growing as a list is read. */
class AddressBodies {
  bytes: Uint8Array;
  count = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(40 * Math.max(1, capacity));
  }

  /**
   * Appends the body of a 0x-prefixed 40-digit hex address. Returns 0 when `text` is not one, 1 for a
   * single-case body (no checksum to check), 2 for a mixed-case one.
   */
  push(text: string): 0 | 1 | 2 {
    if (text.length !== 42 || text.charCodeAt(0) !== 0x30 || text.charCodeAt(1) !== 0x78) return 0;
    if (this.bytes.length < 40 * (this.count + 1)) {
      const grown = new Uint8Array(2 * this.bytes.length);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    let lower = false;
    let upper = false;
    const at = 40 * this.count;
    for (let index = 0; index < 40; index++) {
      let code = text.charCodeAt(2 + index);
      if (code >= 0x41 && code <= 0x46) {
        upper = true;
        code += 0x20;
      } else if (code >= 0x61 && code <= 0x66) lower = true;
      else if (code < 0x30 || code > 0x39) return 0;
      this.bytes[at + index] = code;
    }
    this.count++;
    return lower && upper ? 2 : 1;
  }

  /** EIP-55 forms of the bodies, with one batched Keccak for all of them. */
  checksummed(): Address[] {
    const hashes = new Uint8Array(32 * this.count);
    keccakEach(this.bytes.subarray(0, 40 * this.count), 40, hashes);
    const codes = new Array<number>(42);
    codes[0] = 0x30;
    codes[1] = 0x78;
    const addresses = new Array<Address>(this.count);
    for (let address = 0; address < this.count; address++) {
      for (let index = 0; index < 40; index++) {
        const code = this.bytes[40 * address + index]!;
        const hashByte = hashes[32 * address + (index >>> 1)]!;
        const nibble = (index & 1) === 1 ? hashByte & 0x0f : hashByte >>> 4;
        // EIP-55: a letter is upper case when its nibble of keccak256(lower-case body) is 8 or more.
        codes[2 + index] = code >= 0x61 && nibble >= 8 ? code - 0x20 : code;
      }
      addresses[address] = String.fromCharCode.apply(null, codes) as Address;
    }
    return addresses;
  }
}

function parseUint256(text: string, field: string, line: number): bigint {
  if (!decimalPattern.test(text)) {
    throw new ClaimsListLineError(line, `${field} "${text}" is not a decimal integer`);
  }
  const value = BigInt(text);
  if (value > maxUint256) throw new ClaimsListLineError(line, `${field} ${text} is larger than 2^256 - 1`);
  return value;
}

/** Whether the character code is one `String.prototype.trim` removes, for the ASCII a claims list uses. */
const isSpace = (code: number) => code === 0x20 || (code >= 0x09 && code <= 0x0d);

/** `text.slice(start, end)` without surrounding white space. */
function trimmedSlice(text: string, start: number, end: number): string {
  const slice = text.slice(start, end);
  return isSpace(slice.charCodeAt(0)) || isSpace(slice.charCodeAt(slice.length - 1)) ? slice.trim() : slice;
}

/**
 * Reads a claims list (see the module comment) into claims in file order, accounts checksummed.
 * An empty text gives no claims.
 * @throws {ClaimsListLineError} for the first line that is not `index,account,amount` with a decimal index
 *   and amount below 2^256, an address whose mixed case fails EIP-55, or an index an earlier line has.
 */
export function parseClaimsList(text: string): AirdropClaim[] {
  const expectedCount = Math.ceil(text.length / shortestLineLength);
  const bodies = new AddressBodies(expectedCount);
  const seenIndexes = new ClaimIndexSet(expectedCount);
  // One entry per claim read so far, in parallel arrays (a million lines make a million of each).
  const lines: number[] = [];
  const indexes: bigint[] = [];
  const amounts: bigint[] = [];
  // The account as written when its mixed case carries a checksum to check, else undefined.
  const mixedCaseAccounts: (string | undefined)[] = [];
  let lineError: ClaimsListLineError | undefined;
  let lineNumber = 0;
  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (position <= text.length && lineError === undefined) {
    let end = text.indexOf("\n", position);
    if (end < 0) end = text.length;
    lineNumber++;
    const line = text.slice(position, end);
    position = end + 1;
    const firstComma = line.indexOf(",");
    const secondComma = firstComma < 0 ? -1 : line.indexOf(",", firstComma + 1);
    if (secondComma < 0 || line.indexOf(",", secondComma + 1) >= 0) {
      if (line.trim() === "") continue;
      const fields = line.split(",").length;
      lineError = new ClaimsListLineError(lineNumber, `expected index,account,amount, got ${fields} fields`);
      break;
    }
    try {
      const index = parseUint256(trimmedSlice(line, 0, firstComma), "index", lineNumber);
      const account = trimmedSlice(line, firstComma + 1, secondComma);
      const kind = bodies.push(account);
      if (kind === 0) {
        throw new ClaimsListLineError(lineNumber, `account "${account}" is not 0x and 40 hex digits`);
      }
      const amount = parseUint256(trimmedSlice(line, secondComma + 1, line.length), "amount", lineNumber);
      if (!seenIndexes.add(index)) {
        const first = lines[indexes.indexOf(index)];
        throw new ClaimsListLineError(lineNumber, `index ${index} is already on line ${first}`);
      }
      lines.push(lineNumber);
      mixedCaseAccounts.push(kind === 2 ? account : undefined);
      indexes.push(index);
      amounts.push(amount);
    } catch (error) {
      // Kept for after the checksum batch below: a bad checksum on an earlier line is the first error.
      if (!(error instanceof ClaimsListLineError)) throw error;
      lineError = error;
    }
  }
  // One Keccak batch checksums every account read (a million one by one would take seconds).
  const checksummed = bodies.checksummed();
  mixedCaseAccounts.forEach((account, claim) => {
    if (account !== undefined && account !== checksummed[claim]) {
      throw new ClaimsListLineError(lines[claim]!, `account ${account} fails its EIP-55 checksum`);
    }
  });
  if (lineError !== undefined) throw lineError;
  const claims = new Array<AirdropClaim>(lines.length);
  for (let claim = 0; claim < lines.length; claim++) {
    claims[claim] = { index: indexes[claim]!, account: checksummed[claim]!, amount: amounts[claim]! };
  }
  return claims;
}

/**
 * Writes `claims` as a claims list, in the given order: `index,account,amount` lines with checksummed
 * accounts, each ending in "\n" (no claims: the empty text).
 * @throws {InvalidClaimError} for what `buildClaimsTree` rejects, and for a mixed-case account that fails
 *   its EIP-55 checksum.
 */
export function formatClaimsList(claims: readonly AirdropClaim[]): string {
  const bodies = new AddressBodies(claims.length);
  const indexes = new ClaimIndexSet(claims.length);
  const mixedCase = new Uint8Array(claims.length);
  claims.forEach(({ index, account, amount }, position) => {
    assertUint256(index, "index", position);
    assertUint256(amount, "amount", position);
    const kind = typeof account === "string" ? bodies.push(account) : 0;
    if (kind === 0)
      throw new InvalidClaimError(`account ${String(account)} is not 0x and 40 hex digits`, position);
    mixedCase[position] = kind === 2 ? 1 : 0;
    if (!indexes.add(index)) throw new InvalidClaimError(`duplicate index ${index}`, position);
  });
  const checksummed = bodies.checksummed();
  const lines = claims.map(({ index, account, amount }, position) => {
    if (mixedCase[position] === 1 && account !== checksummed[position]) {
      throw new InvalidClaimError(`account ${account} fails its EIP-55 checksum`, position);
    }
    return `${index},${checksummed[position]},${amount}\n`;
  });
  return lines.join("");
}
