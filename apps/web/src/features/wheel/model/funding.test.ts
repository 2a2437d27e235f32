import { describe, expect, it } from "vitest";
import { gameDetail } from "../testing/test-utils";
import { canFund, nftsNeeded, prizeCampaignOf } from "./funding";

const created = () => {
  const game = gameDetail({ status: 0, canManage: true });
  const token = game.prizes.find((prize) => prize.id === "p2")!;
  return { game, token: { ...token, funded: false, campaignId: null } };
};

describe("token prize funding", () => {
  it("deposits every win (amount × count) from the game's start to seven days after its end", () => {
    const { game, token } = created();
    expect(prizeCampaignOf(game, token)).toEqual({
      token: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      deposit: 50_000_000_000_000_000_000n,
      start: 1_767_261_600n,
      end: 1_893_492_000n + 7n * 86_400n,
    });
  });

  it("is offered to the game's manager only, for an unfunded token prize of a game not started", () => {
    const { game, token } = created();
    expect(canFund(game, token)).toBe(true);
    expect(canFund({ ...game, canManage: false }, token)).toBe(false);
    expect(canFund({ ...game, status: 1 }, token)).toBe(false);
    expect(canFund(game, { ...token, funded: true })).toBe(false);
    expect(canFund(game, game.prizes[0]!)).toBe(false);
    expect(canFund({ ...game, distributor: null }, token)).toBe(false);
  });

  it("offers NFT prizes too, one NFT per win", () => {
    const { game, token } = created();
    const nft = {
      ...token,
      kind: "nft" as const,
      amount: "1",
      count: 3,
      token: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
    };
    expect(canFund(game, nft)).toBe(true);
    expect(canFund(game, { ...nft, funded: true })).toBe(false);
    expect(nftsNeeded(nft)).toBe(3);
    expect(prizeCampaignOf(game, nft).deposit).toBe(3n);
  });
});
