import { describe, expect, it } from "vitest";
import {
  formatTokenIds,
  inBatches,
  nameTokenIds,
  nftCounts,
  parseTokenIds,
  validateTokenIds,
} from "./token-ids";

describe("parsing the creator's token ids", () => {
  it("splits on commas, spaces and new lines, keeping the order and reading ids as bigint", () => {
    expect(parseTokenIds("141, 142\n143 144,145\t\n,146")).toEqual({
      ids: [141n, 142n, 143n, 144n, 145n, 146n],
      invalid: [],
      duplicates: [],
    });
    expect(parseTokenIds("   ").ids).toEqual([]);
    // Chinese keyboards type a full-width comma.
    expect(parseTokenIds("7，8").ids).toEqual([7n, 8n]);
  });

  it("takes 0 and ids up to 2^256 - 1 exactly, without floats", () => {
    const largest = (2n ** 256n - 1n).toString();
    expect(parseTokenIds(`0 ${largest} 9007199254740993`).ids).toEqual([
      0n,
      2n ** 256n - 1n,
      9007199254740993n,
    ]);
    expect(parseTokenIds((2n ** 256n).toString()).invalid).toEqual([(2n ** 256n).toString()]);
  });

  it("reports what is not a whole number from 0, as typed", () => {
    expect(parseTokenIds("1, -2, 3.5, 0x10, abc, 1e3, 4").invalid).toEqual([
      "-2",
      "3.5",
      "0x10",
      "abc",
      "1e3",
    ]);
  });

  it("names each repeated id once, comparing values (007 is 7)", () => {
    expect(parseTokenIds("7 8 007 8 8 9")).toEqual({ ids: [7n, 8n, 9n], invalid: [], duplicates: [7n, 8n] });
  });
});

describe("checking the ids against what the campaign needs", () => {
  it("needs exactly the required count of valid, unique ids", () => {
    expect(validateTokenIds("1, 2, 3", 3)).toBeUndefined();
    expect(validateTokenIds("", 3)).toEqual({ key: "airdrop:nft.errors.required", params: { count: 3 } });
    expect(validateTokenIds("1, 2", 3)).toEqual({
      key: "airdrop:nft.errors.count",
      params: { count: 3, entered: 2 },
    });
    expect(validateTokenIds("1 2 3 4", 3)).toEqual({
      key: "airdrop:nft.errors.count",
      params: { count: 3, entered: 4 },
    });
    expect(validateTokenIds("1, x, 3", 3)).toEqual({
      key: "airdrop:nft.errors.invalid",
      params: { ids: "x" },
    });
    expect(validateTokenIds("1, 1, 3", 3)).toEqual({
      key: "airdrop:nft.errors.duplicate",
      params: { ids: "1" },
    });
  });

  it("takes from one up to the missing count when registering more later", () => {
    expect(validateTokenIds("5", 3, { upTo: true })).toBeUndefined();
    expect(validateTokenIds("5 6 7", 3, { upTo: true })).toBeUndefined();
    expect(validateTokenIds("5 6 7 8", 3, { upTo: true })).toEqual({
      key: "airdrop:nft.errors.tooMany",
      params: { count: 3, entered: 4 },
    });
    expect(validateTokenIds("", 3, { upTo: true })?.key).toBe("airdrop:nft.errors.required");
  });

  it("names at most ten ids in a message", () => {
    expect(nameTokenIds([1n, 2n])).toBe("1, 2");
    const many = Array.from({ length: 13 }, (_, index) => BigInt(index));
    expect(nameTokenIds(many)).toBe("0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … (+3)");
    expect(formatTokenIds([141n, 142n])).toBe("141, 142");
  });
});

describe("how many NFTs the airdrop needs", () => {
  const unprepared = {
    requiredDeposit: null,
    undistributed: null,
    deposited: "0",
    participantCount: 4,
    mode: "all" as const,
    shares: null,
  };

  it("before preparing: one per participant, or one per share for first come, first served", () => {
    expect(nftCounts(unprepared, { mode: "all", shares: "" })).toEqual({ total: 4, needed: 4 });
    expect(nftCounts(unprepared, { mode: "fcfs", shares: "2" })).toEqual({ total: 2, needed: 2 });
    expect(nftCounts(unprepared, { mode: "fcfs", shares: "" })).toEqual({ total: 0, needed: 0 });
  });

  it("once prepared: the API's required deposit less what is registered", () => {
    const prepared = { ...unprepared, requiredDeposit: "4", deposited: "1" };
    expect(nftCounts(prepared, { mode: "all", shares: "" })).toEqual({ total: 4, needed: 3 });
    expect(nftCounts({ ...prepared, deposited: "4" }, { mode: "all", shares: "" })).toEqual({
      total: 4,
      needed: 0,
    });
    // An unsaved change of mode is counted from the draft: saving it unprepares the airdrop.
    expect(nftCounts(prepared, { mode: "fcfs", shares: "2" })).toEqual({ total: 2, needed: 2 });
  });

  it("splits the ids into batches for registerNft", () => {
    const ids = Array.from({ length: 120 }, (_, index) => BigInt(index));
    expect(inBatches(ids, 50).map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(inBatches(ids, 50)[2]?.[0]).toBe(100n);
    expect(inBatches([], 50)).toEqual([]);
  });
});
