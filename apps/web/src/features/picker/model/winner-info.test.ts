import { describe, expect, it } from "vitest";
import { checkWinnerInfo } from "./winner-info";

const checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const addressInvalid = { ok: false, messageKey: "validation:validation.address.invalid" };

describe("the win form's info check", () => {
  it("accepts an EVM address with a valid checksum or a single case, and sends it checksummed", () => {
    expect(checkWinnerInfo("evm", checksummed)).toEqual({ ok: true, value: checksummed });
    expect(checkWinnerInfo("evm", ` ${checksummed.toLowerCase()} `)).toEqual({
      ok: true,
      value: checksummed,
    });
    expect(checkWinnerInfo("evm", checksummed.slice(2))).toEqual({ ok: true, value: checksummed });
  });

  it("rejects a mixed-case EVM address with a wrong checksum and malformed ones", () => {
    expect(checkWinnerInfo("evm", checksummed.replace("aAeb", "AAeb"))).toEqual(addressInvalid);
    expect(checkWinnerInfo("evm", "0x1234")).toEqual(addressInvalid);
    expect(checkWinnerInfo("evm", "")).toEqual(addressInvalid);
  });

  it("checks Solana addresses (base58 of 32 bytes)", () => {
    expect(checkWinnerInfo("solana", "11111111111111111111111111111111")).toEqual({
      ok: true,
      value: "11111111111111111111111111111111",
    });
    expect(checkWinnerInfo("solana", "So11111111111111111111111111111111111111112").ok).toBe(true);
    expect(checkWinnerInfo("solana", "0OIl11111111111111111111111111111")).toEqual(addressInvalid);
    expect(checkWinnerInfo("solana", checksummed)).toEqual(addressInvalid);
  });

  it("requires non-empty custom info", () => {
    expect(checkWinnerInfo("custom", "  ")).toEqual({ ok: false, messageKey: "picker:win.infoRequired" });
    expect(checkWinnerInfo("custom", " me@example.com ")).toEqual({ ok: true, value: "me@example.com" });
    expect(checkWinnerInfo("custom", "x".repeat(201)).ok).toBe(false);
  });
});
