import fc from "fast-check";
import { zeroHash } from "viem";
import { describe, expect, it } from "vitest";
import {
  airdropStatusCodes,
  amountBaseOf,
  amountOf,
  type CampaignCreatedArgs,
  type CampaignSource,
  campaignArgsOf,
  campaignMismatch,
  campaignParamsOf,
  claimableAmountOf,
  editBlocker,
  fcfsShares,
  holdsPrize,
  type PreparedReward,
  statusOf,
  trimDecimal,
  unixSeconds,
  weightedShare,
} from "../src/airdrop/index.ts";

const startAt = new Date("2026-05-01T10:00:00Z");
const endAt = new Date("2026-05-08T10:00:00Z");
const released = new Date("2026-04-30T00:00:00Z");

describe("an airdrop's status", () => {
  it("is a draft until released, whatever the clock says", () => {
    expect(statusOf({ releasedAt: null, startAt, endAt }, new Date("2026-05-02T00:00:00Z"))).toBe(
      airdropStatusCodes.draft,
    );
  });

  it("runs from the start (included) to the end (excluded)", () => {
    const airdrop = { releasedAt: released, startAt, endAt };
    const at = (ms: number) => statusOf(airdrop, new Date(ms));
    expect(at(startAt.getTime() - 1)).toBe(airdropStatusCodes.notStarted);
    expect(at(startAt.getTime())).toBe(airdropStatusCodes.inProgress);
    expect(at(endAt.getTime() - 1)).toBe(airdropStatusCodes.inProgress);
    expect(at(endAt.getTime())).toBe(airdropStatusCodes.ended);
  });
});

describe("the prize and edits", () => {
  const books = { campaignId: "7", deposited: "100", refundedAt: null };

  it("a linked, funded, unrefunded campaign holds the prize", () => {
    expect(holdsPrize(books)).toBe(true);
    expect(holdsPrize({ ...books, campaignId: null })).toBe(false);
    expect(holdsPrize({ ...books, deposited: "0" })).toBe(false);
    expect(holdsPrize({ ...books, refundedAt: new Date() })).toBe(false);
  });

  it("a held prize must be refunded first; a released airdrop is frozen from its start", () => {
    const draft = { ...books, campaignId: null, releasedAt: null, startAt, endAt };
    expect(editBlocker(draft, new Date(startAt.getTime() + 1))).toBeNull();
    expect(editBlocker({ ...draft, campaignId: "7" }, startAt)).toBe("refundFirst");
    const live = { ...draft, releasedAt: released };
    expect(editBlocker(live, new Date(startAt.getTime() - 1))).toBeNull();
    expect(editBlocker(live, startAt)).toBe("started");
  });

  it("what is claimable: nothing known before a campaign, deposit − claimed, nothing once refunded", () => {
    expect(claimableAmountOf({ ...books, campaignId: null, claimedAmount: "0" })).toBeNull();
    expect(claimableAmountOf({ ...books, claimedAmount: "30" })).toBe("70");
    expect(claimableAmountOf({ ...books, refundedAt: new Date(), claimedAmount: "30" })).toBe("0");
  });
});

describe("reward amounts", () => {
  it("keeps the decimals the creator typed, without trailing zeros", () => {
    expect(trimDecimal("12.5000")).toBe("12.5");
    expect(trimDecimal("3.0000")).toBe("3");
    expect(trimDecimal("100")).toBe("100");
    expect(amountBaseOf("12.5000", 6)).toBe(12_500_000n);
    expect(amountBaseOf("3", 0)).toBe(3n);
  });

  it("fcfs: equal shares rounded down, the deposit pays exactly those; no share of 0", () => {
    expect(fcfsShares(100n, 3)).toEqual({ amountPerShare: 33n, requiredDeposit: 99n });
    expect(fcfsShares(2n, 3)).toBeNull();
  });

  it("all: shares by weight, rounded down, never adding up to more than the total", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 50 }),
        (amountBase, weights) => {
          const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
          const shares = weights.map((weight) => weightedShare(amountBase, weight, totalWeight));
          const sum = shares.reduce((total, share) => total + share, 0n);
          expect(sum <= amountBase).toBe(true);
          // Each share loses less than one base unit to rounding.
          expect(amountBase - sum < BigInt(weights.length)).toBe(true);
        },
      ),
    );
  });

  const reward: PreparedReward = {
    preparedAt: new Date(),
    rewardType: "token",
    mode: "all",
    amountBase: "1000",
    amountPerShare: null,
    totalWeight: 8,
  };

  it("a participant's amount once prepared: by weight, per share, one NFT, none for a role", () => {
    expect(amountOf(reward, 3)).toBe(375n);
    expect(amountOf({ ...reward, preparedAt: null }, 3)).toBeNull();
    expect(amountOf({ ...reward, totalWeight: 0 }, 3)).toBeNull();
    expect(amountOf({ ...reward, mode: "fcfs", amountPerShare: "250" }, 3)).toBe(250n);
    expect(amountOf({ ...reward, mode: "fcfs" }, 3)).toBeNull();
    expect(amountOf({ ...reward, rewardType: "nft" }, 3)).toBe(1n);
    expect(amountOf({ ...reward, rewardType: "discord_role" }, 3)).toBeNull();
  });
});

describe("campaign parameters", () => {
  const token = "0x52908400098527886E0F7030069857D2E4169EE7";
  const creator = "0xde709f2102306220921060314715629080e2fb77";
  const source: CampaignSource = {
    preparedAt: new Date(),
    rewardType: "token",
    idType: "wallet",
    mode: "all",
    tokenAddress: token,
    merkleRoot: `0x${"ab".repeat(32)}`,
    shares: null,
    amountPerShare: null,
    startAt,
    endAt,
  };

  it("a wallet list pays by Merkle proof; shares and per-share amount are 0 for `all`", () => {
    expect(campaignParamsOf(source)).toEqual({
      token,
      kind: 0,
      proofKind: 0,
      mode: 0,
      merkleRoot: source.merkleRoot,
      shares: "0",
      amountPerShare: "0",
      start: unixSeconds(startAt).toString(),
      end: unixSeconds(endAt).toString(),
    });
    expect(unixSeconds(new Date(1_999))).toBe(1n);
  });

  it("a social list pays by voucher with no root; fcfs carries its shares; NFTs are kind 1", () => {
    expect(
      campaignParamsOf({
        ...source,
        idType: "twitter",
        rewardType: "nft",
        mode: "fcfs",
        merkleRoot: null,
        shares: 5,
        amountPerShare: "1",
      }),
    ).toMatchObject({
      kind: 1,
      proofKind: 1,
      mode: 1,
      merkleRoot: zeroHash,
      shares: "5",
      amountPerShare: "1",
    });
  });

  it("none before preparing, for a Discord role, or without a token", () => {
    expect(campaignParamsOf({ ...source, preparedAt: null })).toBeNull();
    expect(campaignParamsOf({ ...source, rewardType: "discord_role" })).toBeNull();
    expect(campaignParamsOf({ ...source, tokenAddress: null })).toBeNull();
  });

  it("a CampaignCreated event matches only the campaign the airdrop needs", () => {
    const expected = campaignParamsOf(source)!;
    const args: CampaignCreatedArgs = {
      creator: creator.toUpperCase().replace("0X", "0x") as `0x${string}`,
      token: token.toLowerCase() as `0x${string}`,
      kind: 0,
      proofKind: 0,
      mode: 0,
      merkleRoot: `0x${"AB".repeat(32)}`,
      shares: 0n,
      amountPerShare: 0n,
      start: unixSeconds(startAt),
      end: unixSeconds(endAt),
    };
    expect(campaignMismatch(expected, creator, args)).toBeNull();
    expect(campaignMismatch(null, creator, args)).toBe("reward");
    expect(campaignMismatch(expected, token, args)).toBe("creator");
    expect(campaignMismatch(expected, creator, { ...args, token: creator as `0x${string}` })).toBe("token");
    expect(campaignMismatch(expected, creator, { ...args, kind: 1 })).toBe("kind");
    expect(campaignMismatch(expected, creator, { ...args, proofKind: 1 })).toBe("proofKind");
    expect(campaignMismatch(expected, creator, { ...args, mode: 1 })).toBe("mode");
    expect(campaignMismatch(expected, creator, { ...args, merkleRoot: zeroHash })).toBe("merkleRoot");
    expect(campaignMismatch(expected, creator, { ...args, shares: 1n })).toBe("shares");
    expect(campaignMismatch(expected, creator, { ...args, amountPerShare: 1n })).toBe("amountPerShare");
    expect(campaignMismatch(expected, creator, { ...args, end: args.end + 60n })).toBe("times");
  });
});

describe("campaignArgsOf", () => {
  it("turns the wire's decimal strings into the contract's integers, exactly", () => {
    const args = campaignArgsOf({
      token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      kind: 0,
      proofKind: 1,
      mode: 1,
      merkleRoot: `0x${"00".repeat(32)}`,
      shares: "10",
      amountPerShare: "123456789012345678901234567890",
      start: "1764000000",
      end: "1764086400",
    });
    expect(args).toEqual({
      token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      kind: 0,
      proofKind: 1,
      mode: 1,
      merkleRoot: `0x${"00".repeat(32)}`,
      shares: 10n,
      amountPerShare: 123456789012345678901234567890n,
      start: 1764000000n,
      end: 1764086400n,
    });
  });
});
