import { keccak256, toHex } from "viem";
import { describe, expect, it } from "vitest";
import { membershipPrice } from "./membership-price";
import { approvalNeeded, buildPayoutPlan, parseTxHash, pickerPaymentReference } from "./payout-plan";

const winners = [
  { xUserId: "1", username: "alice", address: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" },
  { xUserId: "2", username: "bob", address: " 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 " },
  { xUserId: "3", username: "carol", address: "not an address" },
];

describe("buildPayoutPlan", () => {
  it("pays each winner with an address the same amount, checksummed, in order", () => {
    const plan = buildPayoutPlan(winners, 5_000_000n);
    expect(plan.recipients).toEqual([
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    ]);
    expect(plan.amounts).toEqual([5_000_000n, 5_000_000n]);
    expect(plan.total).toBe(10_000_000n);
    expect(plan.unpayable.map((winner) => winner.username)).toEqual(["carol"]);
  });

  it("approves only when the allowance is short", () => {
    expect(approvalNeeded(0n, 10n)).toBe(10n);
    expect(approvalNeeded(9n, 10n)).toBe(10n);
    expect(approvalNeeded(10n, 10n)).toBe(0n);
  });
});

describe("payment references and hashes", () => {
  it("is keccak256 of 'dropfair-picker:' + seed, as the API checks", () => {
    expect(pickerPaymentReference("K7Q2")).toBe(keccak256(toHex("dropfair-picker:K7Q2")));
    expect(pickerPaymentReference("K7Q2")).not.toBe(pickerPaymentReference("K7Q3"));
  });

  it("reads a pasted transaction hash", () => {
    const hash = `0x${"AB".repeat(32)}`;
    expect(parseTxHash(` ${hash} `)).toBe(hash.toLowerCase());
    expect(parseTxHash("0x1234")).toBeUndefined();
  });
});

describe("membershipPrice", () => {
  it("is 10 USDT a month and 120 a year, in base units", () => {
    expect(membershipPrice("10", 6, "month")).toBe(10_000_000n);
    expect(membershipPrice("10", 6, "year")).toBe(120_000_000n);
    expect(membershipPrice("10", 18, "year")).toBe(120n * 10n ** 18n);
  });
});
