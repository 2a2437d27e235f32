import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isEvmAddress,
  isSolanaAddress,
  sameAddress,
  shortAddress,
  toChecksumAddress,
} from "../src/address.ts";
import { CoreError, InvalidAddressError } from "../src/errors.ts";
import { messageKeys } from "../src/messages.ts";

const checksummed = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const lower = checksummed.toLowerCase();
const upperBody = `0x${checksummed.slice(2).toUpperCase()}`;

describe("isEvmAddress", () => {
  it.each([
    ["checksummed", checksummed],
    ["all lowercase", lower],
    ["all uppercase body", upperBody],
    ["without 0x", checksummed.slice(2)],
    ["lowercase without 0x", lower.slice(2)],
    ["EIP-55 vector", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    ["digits only", `0x${"1".repeat(40)}`],
    ["zero address", `0x${"0".repeat(40)}`],
  ])("accepts %s", (_, value) => {
    expect(isEvmAddress(value)).toBe(true);
  });

  it.each([
    ["a wrong checksum", "0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266"],
    ["39 hex characters", lower.slice(0, 41)],
    ["41 hex characters", `${lower}a`],
    ["a non-hex character", `0x${"g".repeat(40)}`],
    ["an uppercase 0X prefix", `0X${lower.slice(2)}`],
    ["surrounding whitespace", ` ${lower} `],
    ["an empty string", ""],
    ["a bare 0x", "0x"],
  ])("rejects %s", (_, value) => {
    expect(isEvmAddress(value)).toBe(false);
  });

  it("accepts every single-case address and its checksum form", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{40}$/), (body) => {
        expect(isEvmAddress(body)).toBe(true);
        expect(isEvmAddress(`0x${body.toUpperCase()}`)).toBe(true);
        expect(isEvmAddress(toChecksumAddress(body))).toBe(true);
      }),
    );
  });
});

describe("toChecksumAddress", () => {
  it("returns the EIP-55 form with 0x for any accepted spelling", () => {
    expect(toChecksumAddress(lower)).toBe(checksummed);
    expect(toChecksumAddress(upperBody)).toBe(checksummed);
    expect(toChecksumAddress(lower.slice(2))).toBe(checksummed);
    expect(toChecksumAddress(checksummed)).toBe(checksummed);
  });

  it("throws a typed error that names its catalogue message", () => {
    const wrongChecksum = "0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    expect(() => toChecksumAddress(wrongChecksum)).toThrow(InvalidAddressError);
    let error: unknown;
    try {
      toChecksumAddress("nope");
    } catch (caught) {
      error = caught;
    }
    if (error === undefined) expect.unreachable('toChecksumAddress("nope") returned instead of throwing');
    expect(error).toBeInstanceOf(CoreError);
    expect(error).toMatchObject({
      name: "InvalidAddressError",
      value: "nope",
      messageKey: messageKeys.address.invalid,
    });
  });
});

describe("sameAddress", () => {
  it("ignores letter case and the 0x prefix", () => {
    expect(sameAddress(checksummed, lower)).toBe(true);
    expect(sameAddress(upperBody, lower.slice(2))).toBe(true);
  });

  it("tells different accounts apart", () => {
    expect(sameAddress(lower, `0x${"0".repeat(40)}`)).toBe(false);
  });

  it("never matches invalid or missing addresses, not even with themselves", () => {
    expect(sameAddress("0xabc", "0xABC")).toBe(false);
    expect(sameAddress(undefined, undefined)).toBe(false);
    expect(sameAddress(null, lower)).toBe(false);
    expect(sameAddress(lower, "")).toBe(false);
  });
});

describe("shortAddress", () => {
  // The rendering: the first 5 characters (0x included), a single "…" (U+2026), the last 4.
  it("keeps the first 5 and last 4 characters around an ellipsis", () => {
    expect(shortAddress(checksummed)).toBe("0xf39…2266");
  });

  it("keeps the spelling it was given", () => {
    expect(shortAddress(upperBody)).toBe("0xF39…2266");
  });

  it("shortens Solana addresses the same way", () => {
    expect(shortAddress("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")).toBe("Token…Q5DA");
  });

  it("leaves values that would not get shorter unchanged", () => {
    expect(shortAddress("")).toBe("");
    expect(shortAddress("0x12345678")).toBe("0x12345678");
    expect(shortAddress("0x123456789")).toBe("0x123…6789");
  });
});

describe("isSolanaAddress", () => {
  it.each([
    ["the system program (32 leading-zero bytes)", "11111111111111111111111111111111"],
    ["wrapped SOL", "So11111111111111111111111111111111111111112"],
    ["the token program", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"],
    ["a wallet", "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"],
  ])("accepts %s", (_, value) => {
    expect(isSolanaAddress(value)).toBe(true);
  });

  it.each([
    ["too short", "1111111111111111111111111111111"],
    ["too long", `${"1".repeat(32)}${"2".repeat(13)}`],
    ["44 characters decoding to 33 bytes", "z".repeat(44)],
    ["33 ones (33 zero bytes)", "1".repeat(33)],
    ["32 characters decoding to fewer than 32 bytes", `1${"2".repeat(31)}`],
    ["a 0, which base58 leaves out", "0WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"],
    ["an O", "OWzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"],
    ["an I", "IWzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"],
    ["an l", "lWzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"],
    ["an EVM address", checksummed],
    ["empty", ""],
  ])("rejects %s", (_, value) => {
    expect(isSolanaAddress(value)).toBe(false);
  });
});
