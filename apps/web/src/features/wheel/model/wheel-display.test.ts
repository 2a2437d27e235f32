import { describe, expect, it } from "vitest";
import {
  errorReasonWording,
  kindWording,
  landingRotation,
  prizeOdds,
  prizeWording,
  shortHash,
  slicePath,
  sliceWording,
  stageStep,
  statusKey,
  tokenAmount,
  wholeNumber,
} from "./wheel-display";

const prize = {
  kind: "token" as const,
  label: "",
  amount: "5000000000000000000",
  tokenSymbol: "DFT",
  tokenDecimals: 18,
};

describe("statusKey", () => {
  it("names every status and reads an unknown value as an error", () => {
    expect([0, 1, 2, 4, 9, 10].map(statusKey)).toEqual([
      "created",
      "running",
      "closed",
      "notStarted",
      "ended",
      "error",
    ]);
    expect(statusKey(3)).toBe("error");
  });
});

describe("prize wording", () => {
  it("shows token amounts with the token's decimals and symbol, grouped by thousands", () => {
    expect(prizeWording(prize, "EP", "en")).toEqual({
      key: "prizes.token",
      values: { amount: "5.00", symbol: "DFT" },
    });
    expect(kindWording(prize, "12500000000000000000", "EP", "en").values.amount).toBe("12.50");
    expect(kindWording(prize, "600000000000000000000000", "EP", "cn").values.amount).toBe("600,000.00");
  });

  it("keeps every integer digit of amounts beyond 2^53 and truncates the fraction, never through a float", () => {
    // 9,007,199,254,740,993 is 2^53 + 1: a float would print ...992.
    expect(tokenAmount(9_007_199_254_740_993_999_999n, 6)).toBe("9,007,199,254,740,993.99");
    expect(tokenAmount(1_999_999n, 6)).toBe("1.99");
    expect(tokenAmount(123_456n, 6)).toBe("0.123456");
    expect(tokenAmount(600_000n * 10n ** 18n, 18)).toBe("600,000.00");
  });

  it("groups EP amounts and NFT counts as whole numbers, the locale's way", () => {
    expect(kindWording({ ...prize, kind: "ep" }, "100000000", "EP", "en").values.amount).toBe("100,000,000");
    expect(kindWording({ ...prize, kind: "ep" }, "100000", "EP", "cn").values.amount).toBe("100,000");
    expect(kindWording({ ...prize, kind: "nft" }, "1200", "EP", "en").values.count).toBe("1,200");
    expect(wholeNumber("9007199254740993", "en")).toBe("9,007,199,254,740,993");
    expect(wholeNumber(999, "cn")).toBe("999");
  });

  it("shortens amounts of 1,000 and more on a wheel slice, and leaves smaller ones whole", () => {
    const big = { ...prize, amount: "600000000000000000000000" };
    expect(sliceWording(big, "EP", "en")).toEqual({
      key: "prizes.token",
      values: { amount: "600K", symbol: "DFT" },
    });
    expect(sliceWording({ ...prize, kind: "ep", amount: "1500000" }, "EP", "en")).toMatchObject({
      values: { amount: "1.5M" },
    });
    expect(sliceWording(prize, "EP", "en")).toEqual(prizeWording(prize, "EP", "en"));
    expect(sliceWording({ ...big, label: "Jackpot" }, "EP", "en")).toEqual({ text: "Jackpot" });
  });

  it("words EP with the platform's point name, and keeps a creator's label as written", () => {
    expect(prizeWording({ ...prize, kind: "ep", amount: "50" }, "XP", "en")).toEqual({
      key: "prizes.ep",
      values: { amount: "50", pointName: "XP" },
    });
    expect(prizeWording({ ...prize, label: "Grand prize" }, "EP", "en")).toEqual({ text: "Grand prize" });
    expect(prizeWording({ ...prize, kind: "nothing", amount: "0" }, "EP", "en")).toEqual({
      key: "prizes.nothing",
      values: {},
    });
  });

  it("gives each prize its share of the weights", () => {
    const prizes = [{ weight: 70 }, { weight: 25 }, { weight: 5 }];
    expect(prizes.map((entry) => prizeOdds(entry, prizes))).toEqual(["70", "25", "5"]);
    expect(prizeOdds({ weight: 1 }, [{ weight: 1 }, { weight: 2 }])).toBe("33.33");
    const lopsided = [{ weight: 1_000_000_000_000 }, { weight: 1 }];
    expect(lopsided.map((entry) => prizeOdds(entry, lopsided))).toEqual([">99.99", "<0.01"]);
    expect(prizeOdds({ weight: 5 }, [{ weight: 5 }])).toBe("100");
  });
});

describe("landingRotation", () => {
  it("brings the middle of the won slice under the pointer after whole turns, always forward", () => {
    for (const [current, index, count] of [
      [0, 0, 4],
      [0, 3, 4],
      [1845, 2, 3],
      [90, 5, 12],
    ] as const) {
      const next = landingRotation(current, index, count);
      expect(next).toBeGreaterThan(current + 4 * 360);
      const slice = 360 / count;
      const middle = index * slice + slice / 2;
      expect((((middle + next) % 360) + 360) % 360).toBeCloseTo(0, 6);
    }
  });

  it("a wheel of one prize still turns", () => {
    expect(landingRotation(0, 0, 1)).toBe(5 * 360 + 180);
  });
});

describe("stageStep and slices", () => {
  it("orders the lottery stages; a fresh voucher counts as drawing", () => {
    expect(
      ["issued", "drawing", "dispatching", "completed"].map((stage) => stageStep(stage as never)),
    ).toEqual([0, 0, 1, 2]);
  });

  it("draws a slice as a sector from the centre", () => {
    expect(slicePath(0, 4, 100)).toBe("M 100 100 L 100 0 A 100 100 0 0 1 200 100 Z");
    expect(shortHash(`0x${"ab".repeat(32)}`)).toBe("0xababab…ababab");
  });
});

describe("errorReasonWording", () => {
  const prizes = [{ id: "p1" }, { id: "p2" }, { id: "p3" }];
  it("names the prize by its place in the game and says what happened to its campaign", () => {
    expect(errorReasonWording("fundingWithdrawn:p2:refunded", prizes)).toEqual({
      key: "game.fundingWithdrawn.refunded",
      values: { prize: 2 },
    });
    expect(errorReasonWording("fundingWithdrawn:p3:deposit", prizes)).toEqual({
      key: "game.fundingWithdrawn.deposit",
      values: { prize: 3 },
    });
    expect(errorReasonWording("fundingWithdrawn:p1:token", prizes)).toEqual({
      key: "game.fundingWithdrawn.changed",
      values: { prize: 1 },
    });
  });

  it("never shows a reason it does not know as it came", () => {
    expect(errorReasonWording("<b>something else</b>", prizes)).toEqual({
      key: "game.errorUnknown",
      values: {},
    });
    expect(errorReasonWording("fundingWithdrawn:p9:refunded", prizes)).toEqual({
      key: "game.fundingWithdrawn.refunded",
      values: { prize: "p9" },
    });
  });
});
