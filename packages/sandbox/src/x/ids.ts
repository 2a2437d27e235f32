import { fmix32, mix } from "./prng.ts";

/** X's snowflake epoch (2010-11-04T01:42:54.657Z). */
export const twitterEpochMs = 1288834974657n;

/**
 * Ids carry a timestamp measured back from this fixed instant, not from the world's "now", so the ids
 * of a seed never change from one run to the next (stored pickers keep pointing at the same posts).
 * Their order still follows `created_at`; read times from `created_at`, never from an id.
 */
export const idAnchorMs = Date.UTC(2026, 0, 1);

const lowBits = 22n;
const lowMask = (1n << lowBits) - 1n;
/** Accounts older than this get a small pre-snowflake numeric id, as real early accounts have. */
const legacyIdBase = 10_000_000;
const legacyIdStep = 17;

export function snowflake(ageMs: number, low22: number): string {
  const time = BigInt(idAnchorMs - ageMs) - twitterEpochMs;
  if (time <= 0n) throw new Error("snowflake before the epoch");
  return ((time << lowBits) | BigInt(low22 & 0x3fffff)).toString();
}

export function lowBitsOf(id: string): number | undefined {
  if (!/^[0-9]{1,19}$/.test(id)) return undefined;
  return Number(BigInt(id) & lowMask);
}

/** A user id: a snowflake whose low bits are the account's index, or a legacy id for old accounts. */
export function userIdFor(index: number, ageMs: number): string {
  if (idAnchorMs - ageMs < Date.UTC(2012, 6, 1)) return String(legacyIdBase + index * legacyIdStep);
  return snowflake(ageMs, index);
}

/** The account index an id was built from (the caller checks the id really belongs to it). */
export function indexFromUserId(id: string): number | undefined {
  if (!/^[0-9]{1,19}$/.test(id)) return undefined;
  const value = BigInt(id);
  if (value < 1n << 40n) {
    const offset = Number(value) - legacyIdBase;
    if (offset < 0 || offset % legacyIdStep !== 0) return undefined;
    return offset / legacyIdStep;
  }
  return Number(value & lowMask);
}

/** Post ids: the low 22 bits hold a 3-bit family and a 19-bit index inside that family. */
export const postFamilies = {
  /** An account's latest ordinary post; index = account index. */
  latest: 0,
  /** Posts held in memory (named posts and their replies and quotes); index = a counter. */
  stored: 1,
  /** Replies to the benchmark post, generated on demand; index = crowd offset of the author. */
  benchReply: 2,
  /** Quotes of the benchmark post, generated on demand; index = crowd offset of the author. */
  benchQuote: 3,
} as const;

export const maxFamilyIndex = (1 << 19) - 1;

export function postIdFor(ageMs: number, family: number, index: number): string {
  if (index > maxFamilyIndex) throw new Error(`post index ${index} does not fit in 19 bits`);
  return snowflake(ageMs, (family << 19) | index);
}

export function postFamilyOf(id: string): { family: number; index: number } | undefined {
  const low = lowBitsOf(id);
  if (low === undefined) return undefined;
  return { family: low >>> 19, index: low & maxFamilyIndex };
}

// Pagination tokens. X documents them as opaque to clients; here they are stateless: a position
// in a list, a checksum binding them to that list, and some filler so they look like X's tokens.
// Tweet lists get lowercase base36 tokens, follow lists uppercase base32 tokens of 16 characters.

export type TokenStyle = "base36" | "base32";

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function toBase(value: number, style: TokenStyle, width: number): string {
  if (style === "base36") return value.toString(36).padStart(width, "0").slice(-width);
  let out = "";
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = base32Alphabet[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function fromBase(text: string, style: TokenStyle): number | undefined {
  if (style === "base36") {
    if (!/^[0-9a-z]+$/.test(text)) return undefined;
    return Number.parseInt(text, 36);
  }
  let value = 0;
  for (const char of text) {
    const digit = base32Alphabet.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 32 + digit;
  }
  return value;
}

export function encodeCursor(style: TokenStyle, scope: number, position: number): string {
  const check = mix(scope, position);
  const masked = (position ^ (fmix32(check) & 0x3fffffff)) >>> 0;
  if (style === "base36") {
    const filler = toBase(fmix32(check + 1), "base36", 7) + toBase(fmix32(check + 2), "base36", 7);
    return toBase(check, "base36", 7) + toBase(masked, "base36", 7) + filler;
  }
  return (
    toBase(check, "base32", 7) + toBase(masked, "base32", 7) + toBase(fmix32(check + 1) % 1024, "base32", 2)
  );
}

/** The position a token points at, or undefined when the token was not issued for this list. */
export function decodeCursor(style: TokenStyle, scope: number, token: string): number | undefined {
  const length = style === "base36" ? 28 : 16;
  if (token.length !== length) return undefined;
  const check = fromBase(token.slice(0, 7), style);
  const masked = fromBase(token.slice(7, 14), style);
  if (check === undefined || masked === undefined) return undefined;
  const position = (masked ^ (fmix32(check) & 0x3fffffff)) >>> 0;
  return encodeCursor(style, scope, position) === token ? position : undefined;
}
