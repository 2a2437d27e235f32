import { describe, expect, it } from "vitest";
import {
  kindWording,
  landingRotation,
  prizeOdds,
  prizeWording,
  shortHash,
  slicePath,
  stageStep,
  statusKey,
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
  it("shows token amounts with the token's decimals and symbol", () => {
    expect(prizeWording(prize, "EP")).toEqual({
      key: "prizes.token",
      values: { amount: "5", symbol: "DFT" },
    });
    expect(kindWording(prize, "12500000000000000000", "EP").values.amount).toBe("12.5");
  });

  it("words EP with the platform's point name, and keeps a creator's label as written", () => {
    expect(prizeWording({ ...prize, kind: "ep", amount: "50" }, "XP")).toEqual({
      key: "prizes.ep",
      values: { amount: "50", pointName: "XP" },
    });
    expect(prizeWording({ ...prize, label: "Grand prize" }, "EP")).toEqual({ text: "Grand prize" });
    expect(prizeWording({ ...prize, kind: "nothing", amount: "0" }, "EP")).toEqual({
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
