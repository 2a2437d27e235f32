import { type Hex, maxUint160, maxUint256, numberToHex, pad } from "viem";
import { describe, expect, it } from "vitest";
import {
  type ApprovalEvent,
  approvalTopics,
  decodeApprovalLog,
  isUnlimitedAmount,
  latestApprovals,
} from "../src/safety/index.ts";

const owner = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as const;
const spender = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
const permit2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3" as const;
const topic = (address: string) => pad(address.toLowerCase() as Hex);
const word = (value: bigint) => numberToHex(value, { size: 32 }).slice(2);
const at = { blockNumber: 5n, logIndex: 2 };

describe("decodeApprovalLog", () => {
  it("reads an ERC-20 Approval (3 topics) with its amount", () => {
    const event = decodeApprovalLog({
      address: token.toLowerCase(),
      topics: [approvalTopics.approval, topic(owner), topic(spender)],
      data: `0x${word(maxUint256)}`,
      ...at,
    });
    expect(event).toEqual({ kind: "erc20", emitter: token, token, spender, amount: maxUint256, ...at });
  });

  it("reads an ERC-721 Approval (4 topics) with its token id", () => {
    const event = decodeApprovalLog({
      address: token,
      topics: [approvalTopics.approval, topic(owner), topic(spender), pad("0x2329")],
      data: "0x",
      ...at,
    });
    expect(event).toEqual({ kind: "erc721", emitter: token, token, spender, tokenId: 9001n, ...at });
  });

  it("reads ApprovalForAll, Permit2 Approval and Permit2 Lockdown", () => {
    expect(
      decodeApprovalLog({
        address: token,
        topics: [approvalTopics.approvalForAll, topic(owner), topic(spender)],
        data: `0x${word(1n)}`,
        ...at,
      }),
    ).toMatchObject({ kind: "operator", spender, approved: true });
    expect(
      decodeApprovalLog({
        address: permit2,
        topics: [approvalTopics.permit2Approval, topic(owner), topic(token), topic(spender)],
        data: `0x${word(500n)}${word(4_102_444_800n)}`,
        ...at,
      }),
    ).toEqual({
      kind: "permit2",
      emitter: permit2,
      token,
      spender,
      amount: 500n,
      expiration: 4_102_444_800,
      ...at,
    });
    expect(
      decodeApprovalLog({
        address: permit2,
        topics: [approvalTopics.permit2Lockdown, topic(owner)],
        data: `0x${word(BigInt(token))}${word(BigInt(spender))}`,
        ...at,
      }),
    ).toEqual({ kind: "permit2", emitter: permit2, token, spender, amount: 0n, expiration: 0, ...at });
  });

  it("skips logs it does not know and malformed ones", () => {
    expect(decodeApprovalLog({ address: token, topics: [pad("0x01")], data: "0x", ...at })).toBeUndefined();
    expect(
      decodeApprovalLog({
        address: token,
        topics: [approvalTopics.approval, topic(owner), topic(spender)],
        data: "0x",
        ...at,
      }),
    ).toBeUndefined();
    expect(
      decodeApprovalLog({
        address: token,
        topics: [approvalTopics.approval, topic(owner)],
        data: "0x",
        ...at,
      }),
    ).toBeUndefined();
  });
});

function erc20(amount: bigint, blockNumber: bigint, logIndex = 0, who = spender): ApprovalEvent {
  return { kind: "erc20", emitter: token, token, spender: who, amount, blockNumber, logIndex };
}

describe("latestApprovals", () => {
  const now = 1_800_000_000;

  it("keeps the latest event per token and spender, whatever the input order", () => {
    const live = latestApprovals([erc20(5n, 3n), erc20(9n, 7n), erc20(6n, 7n, 1)], now);
    expect(live).toEqual([erc20(6n, 7n, 1)]);
  });

  it("drops an allowance whose latest event revoked it, and keeps one revoked then approved again", () => {
    expect(latestApprovals([erc20(5n, 3n), erc20(0n, 4n)], now)).toEqual([]);
    expect(latestApprovals([erc20(0n, 3n), erc20(5n, 4n)], now)).toEqual([erc20(5n, 4n)]);
  });

  it("drops operators switched off, NFT approvals cleared and expired or locked-down Permit2 allowances", () => {
    const events: ApprovalEvent[] = [
      { kind: "operator", emitter: token, token, spender, approved: true, blockNumber: 1n, logIndex: 0 },
      { kind: "operator", emitter: token, token, spender, approved: false, blockNumber: 2n, logIndex: 0 },
      { kind: "erc721", emitter: token, token, spender, tokenId: 1n, blockNumber: 1n, logIndex: 1 },
      {
        kind: "erc721",
        emitter: token,
        token,
        spender: "0x0000000000000000000000000000000000000000" as const,
        tokenId: 1n,
        blockNumber: 2n,
        logIndex: 1,
      },
      {
        kind: "permit2",
        emitter: permit2,
        token,
        spender,
        amount: 5n,
        expiration: now - 1,
        blockNumber: 1n,
        logIndex: 2,
      },
    ];
    expect(latestApprovals(events, now)).toEqual([]);
  });

  it("lists newest first across kinds", () => {
    const nft: ApprovalEvent = {
      kind: "erc721",
      emitter: token,
      token,
      spender,
      tokenId: 1n,
      blockNumber: 9n,
      logIndex: 0,
    };
    expect(latestApprovals([erc20(5n, 3n), nft], now)).toEqual([nft, erc20(5n, 3n)]);
  });
});

describe("isUnlimitedAmount", () => {
  it("treats the type's maximum as unlimited and an ordinary amount as limited", () => {
    expect(isUnlimitedAmount("erc20", maxUint256)).toBe(true);
    expect(isUnlimitedAmount("erc20", 10n ** 24n)).toBe(false);
    expect(isUnlimitedAmount("permit2", maxUint160)).toBe(true);
    expect(isUnlimitedAmount("permit2", 500n)).toBe(false);
  });
});
