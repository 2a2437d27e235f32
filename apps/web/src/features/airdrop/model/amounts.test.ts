import { describe, expect, it } from "vitest";
import { formatBaseUnits, formatCount, formatReward, tokensPerShare, withSymbol } from "./amounts";

describe("airdrop amounts", () => {
  it("formats base units with the token's decimals", () => {
    expect(formatBaseUnits("1500000000000000000000", 18)).toBe("1,500.00");
    expect(formatBaseUnits("2500000", 6)).toBe("2.50");
    expect(formatBaseUnits(null, 18)).toBe("");
    expect(formatBaseUnits("12", null)).toBe("");
    expect(withSymbol(formatBaseUnits("1000000", 6), "USDT")).toBe("1.00 USDT");
  });

  it("divides the total into shares without floats", () => {
    expect(tokensPerShare("100", 4)).toBe("25.00");
    expect(tokensPerShare("1", 3)).toBe("0.333333");
    expect(tokensPerShare("1.2345", 1)).toBe("1.23");
    expect(tokensPerShare("", 3)).toBe("");
    expect(tokensPerShare("10", 0)).toBe("");
  });

  it("counts NFTs as whole numbers, with the collection's symbol", () => {
    expect(formatCount("2")).toBe("2");
    expect(formatCount(1234567n)).toBe("1,234,567");
    expect(formatCount(null)).toBe("");
    expect(formatCount("x")).toBe("");
    const nft = { rewardType: "nft", tokenDecimals: 0, tokenSymbol: "DFNFT" };
    expect(formatReward("2", nft)).toBe("2 DFNFT");
    expect(formatReward(null, nft)).toBe("");
    expect(formatReward("1500000", { rewardType: "token", tokenDecimals: 6, tokenSymbol: "USDT" })).toBe(
      "1.50 USDT",
    );
  });
});
