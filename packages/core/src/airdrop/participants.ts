import { keccakBytes } from "../fairness/hashing.ts";

/** The account type an airdrop's participant list is made of. */
export type ParticipantAccountType = "wallet" | "twitter" | "telegram" | "discord";

export interface Participant {
  /** 1-based line number in the uploaded text (blank lines count). */
  line: number;
  /** Normalised id: checksummed address, handle without "@", lowercase Discord username, or numeric id. */
  id: string;
  weight: number;
}

export interface ParticipantListResult {
  participants: Participant[];
  /** Line numbers whose id or weight is not valid for the account type, ascending. */
  wrongLines: number[];
  /** Line numbers repeating an id already kept from an earlier line, ascending. */
  duplicateLines: number[];
  totalWeight: number;
}

export interface ParseParticipantListOptions {
  /** Most non-blank lines accepted; more throws {@link ParticipantListTooLongError}. Default 1,000,000. */
  maxLines?: number;
  /**
   * To parse a long list in pieces (split after a "\n"): the line number of this text's first line (default 1;
   * a byte order mark is skipped on line 1 only) and the ids kept by the earlier pieces (updated in place), so
   * the pieces together give what one parse of the whole text gives.
   */
  firstLine?: number;
  seen?: Set<string>;
}

export const participantListDefaultMaxLines = 1_000_000;
export const participantWeightMax = 1_000_000;

export class ParticipantListTooLongError extends RangeError {
  override name = "ParticipantListTooLongError";

  constructor(readonly maxLines: number) {
    super(`The participant list has more than ${maxLines} lines`);
  }
}

const twitterHandlePattern = /^@?[A-Za-z0-9_]{1,15}$/;
const telegramHandlePattern = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;
const discordUsernamePattern = /^[a-z0-9_.]{2,32}$/;
const numericIdPattern = /^[0-9]{1,20}$/;
const snowflakePattern = /^[0-9]{17,20}$/;
const weightPattern = /^[1-9][0-9]{0,6}$/;

/** The kept id and its duplicate key, or undefined for a wrong id. */
type Normalised = { id: string; key: string } | undefined;

/** A Discord user id (a snowflake, 17–20 digits); any other kept Discord line is a username, digits or not. */
export function isDiscordSnowflake(id: string): boolean {
  return snowflakePattern.test(id);
}

function normaliseHandle(value: string, handlePattern: RegExp): Normalised {
  if (numericIdPattern.test(value)) return { id: value, key: value };
  if (!handlePattern.test(value)) return undefined;
  const id = value.charCodeAt(0) === 0x40 ? value.slice(1) : value;
  return { id, key: id.toLowerCase() };
}

function normaliseDiscord(value: string): Normalised {
  if (snowflakePattern.test(value)) return { id: value, key: value };
  const id = value.toLowerCase();
  if (!discordUsernamePattern.test(id) || id.includes("..")) return undefined;
  return { id, key: id };
}

// Scratch buffers for the wallet path: one parse never allocates per line beyond the output strings.
const addressAscii = new Uint8Array(40);
const addressCodes = new Array<number>(42);
addressCodes[0] = 0x30; // "0"
addressCodes[1] = 0x78; // "x"

/** Lower-case hex character code for a hex digit code, or -1 when `code` is not a hex digit. */
function lowerHexCode(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code;
  if (code >= 0x61 && code <= 0x66) return code;
  if (code >= 0x41 && code <= 0x46) return code + 0x20;
  return -1;
}

/**
 * Reads a 40-hex-digit body (with an optional 0x) into {@link addressAscii} as lower-case ASCII.
 * Returns 0 for a wrong value, 1 for a single-case body (no checksum to check), 2 for mixed case.
 */
function readAddressBody(value: string): 0 | 1 | 2 {
  let start = 0;
  if (value.length === 42 && value.charCodeAt(0) === 0x30 && value.charCodeAt(1) === 0x78) start = 2;
  else if (value.length !== 40) return 0;
  let lower = false;
  let upper = false;
  for (let index = 0; index < 40; index++) {
    const code = value.charCodeAt(start + index);
    const lowered = lowerHexCode(code);
    if (lowered < 0) return 0;
    if (code >= 0x61) lower = true;
    else if (code >= 0x41) upper = true;
    addressAscii[index] = lowered;
  }
  return lower && upper ? 2 : 1;
}

/** EIP-55 form of the body in {@link addressAscii}, as "0x…" (one single-block Keccak-256). */
function checksummedFromAscii(): string {
  // EIP-55 hashes the lower-case hex body; the fairness module's keccak (WebAssembly) keeps 1,000,000 fast.
  const hash = keccakBytes(addressAscii);
  for (let index = 0; index < 40; index++) {
    const code = addressAscii[index] as number;
    const byte = hash[index >> 1] as number;
    const nibble = index & 1 ? byte & 0x0f : byte >> 4;
    addressCodes[index + 2] = code >= 0x61 && nibble >= 8 ? code - 0x20 : code;
  }
  return String.fromCharCode.apply(null, addressCodes);
}

function lowerKeyFromAscii(): string {
  return String.fromCharCode.apply(null, addressAscii as unknown as number[]);
}

function parseWeight(text: string): number {
  if (!weightPattern.test(text)) return 0;
  const weight = Number(text);
  return weight <= participantWeightMax ? weight : 0;
}

/**
 * An airdrop's participant list (paste or CSV upload): one id per line, no header, an optional weight after a
 * comma. Blank lines are skipped; wrong lines (bad id for `accountType`, bad weight, more than one comma) and
 * duplicate lines (an id already kept from an earlier line; wallets and handles compare case-insensitively)
 * are reported by their 1-based line number, and the good lines are kept in file order.
 * Accepts "\n" and "\r\n" line ends and a leading UTF-8 byte order mark.
 * @throws {ParticipantListTooLongError} when there are more than `options.maxLines` non-blank lines.
 */
export function parseParticipantList(
  text: string,
  accountType: ParticipantAccountType,
  options: ParseParticipantListOptions = {},
): ParticipantListResult {
  const maxLines = options.maxLines ?? participantListDefaultMaxLines;
  const participants: Participant[] = [];
  const wrongLines: number[] = [];
  const duplicateLines: number[] = [];
  const seen = options.seen ?? new Set<string>();
  let totalWeight = 0;
  let entries = 0;
  let lineNumber = (options.firstLine ?? 1) - 1;
  let position = lineNumber === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;

  while (position <= text.length) {
    let end = text.indexOf("\n", position);
    if (end < 0) end = text.length;
    lineNumber++;
    const line = text.slice(position, end).trim();
    position = end + 1;
    if (line === "") continue;
    entries++;
    if (entries > maxLines) throw new ParticipantListTooLongError(maxLines);

    let idText = line;
    let weight = 1;
    const comma = line.indexOf(",");
    if (comma >= 0) {
      if (line.indexOf(",", comma + 1) >= 0) {
        wrongLines.push(lineNumber);
        continue;
      }
      idText = line.slice(0, comma).trimEnd();
      weight = parseWeight(line.slice(comma + 1).trimStart());
      if (weight === 0) {
        wrongLines.push(lineNumber);
        continue;
      }
    }

    let id: string;
    if (accountType === "wallet") {
      const kind = readAddressBody(idText);
      if (kind === 0) {
        wrongLines.push(lineNumber);
        continue;
      }
      if (kind === 2) {
        // Mixed case carries a checksum: check it before deciding duplicate, so a bad one is a wrong line.
        const checksummed = checksummedFromAscii();
        if (checksummed.slice(-40) !== idText.slice(-40)) {
          wrongLines.push(lineNumber);
          continue;
        }
        const key = lowerKeyFromAscii();
        if (seen.has(key)) {
          duplicateLines.push(lineNumber);
          continue;
        }
        seen.add(key);
        id = checksummed;
      } else {
        const key = lowerKeyFromAscii();
        if (seen.has(key)) {
          duplicateLines.push(lineNumber);
          continue;
        }
        seen.add(key);
        id = checksummedFromAscii();
      }
    } else {
      const normalised =
        accountType === "discord"
          ? normaliseDiscord(idText)
          : normaliseHandle(idText, accountType === "twitter" ? twitterHandlePattern : telegramHandlePattern);
      if (normalised === undefined) {
        wrongLines.push(lineNumber);
        continue;
      }
      if (seen.has(normalised.key)) {
        duplicateLines.push(lineNumber);
        continue;
      }
      seen.add(normalised.key);
      id = normalised.id;
    }
    participants.push({ line: lineNumber, id, weight });
    totalWeight += weight;
  }

  return { participants, wrongLines, duplicateLines, totalWeight };
}
