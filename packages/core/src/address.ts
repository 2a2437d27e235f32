import { type Address, checksumAddress } from "viem";
import { InvalidAddressError } from "./errors.ts";

const evmAddressPattern = /^(?:0x)?([0-9a-fA-F]{40})$/;

function hexBody(value: string): string | undefined {
  const body = evmAddressPattern.exec(value)?.[1];
  if (body === undefined) return undefined;
  // EIP-55: a single-case address carries no checksum; a mixed-case one must carry the right one.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return body.toLowerCase();
  return checksumAddress(`0x${body.toLowerCase()}`).slice(2) === body ? body.toLowerCase() : undefined;
}

/** An EVM address: 40 hex characters with an optional 0x; mixed case must pass the EIP-55 checksum. */
export function isEvmAddress(value: string): boolean {
  return typeof value === "string" && hexBody(value) !== undefined;
}

/** @throws {InvalidAddressError} when `value` is not an EVM address by {@link isEvmAddress}. */
export function toChecksumAddress(value: string): Address {
  const body = typeof value === "string" ? hexBody(value) : undefined;
  if (body === undefined) throw new InvalidAddressError(String(value));
  return checksumAddress(`0x${body}`);
}

/** Same account, whatever the letter case or 0x prefix. Invalid or missing addresses match nothing. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  const bodyA = hexBody(a);
  return bodyA !== undefined && bodyA === hexBody(b);
}

const shortPrefixLength = 5;
const shortSuffixLength = 4;

/** An address's short form: the first 5 and last 4 characters around "…", e.g. `0xf39…2266`. */
export function shortAddress(value: string): string {
  if (value.length <= shortPrefixLength + shortSuffixLength + 1) return value;
  return `${value.slice(0, shortPrefixLength)}…${value.slice(-shortSuffixLength)}`;
}

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function decodeBase58(value: string): Uint8Array | undefined {
  let number = 0n;
  for (const character of value) {
    const digit = base58Alphabet.indexOf(character);
    if (digit < 0) return undefined;
    number = number * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (number > 0n) {
    bytes.push(Number(number & 0xffn));
    number >>= 8n;
  }
  // Each leading "1" encodes a leading zero byte.
  for (const character of value) {
    if (character !== "1") break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

/** A Solana public key: base58 text of 32-44 characters that decodes to exactly 32 bytes. */
export function isSolanaAddress(value: string): boolean {
  if (typeof value !== "string" || value.length < 32 || value.length > 44) return false;
  return decodeBase58(value)?.length === 32;
}
