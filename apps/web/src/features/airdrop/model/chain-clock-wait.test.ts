import { airdropStatuses } from "@dropfair/schemas/codes";
import { describe, expect, it } from "vitest";
import { waitsForChainClock } from "./chain-clock-wait";

const released = {
  campaignId: "7",
  status: airdropStatuses.inProgress,
  releasedAt: "2026-11-26T08:00:00.000Z",
  refundedAt: null,
  claimOpen: true,
  refundOpen: false,
};

describe("waitsForChainClock", () => {
  it("waits while a released airdrop in progress cannot be claimed on chain yet", () => {
    expect(waitsForChainClock({ ...released, claimOpen: false })).toBe(true);
    expect(waitsForChainClock(released)).toBe(false);
  });

  it("waits while an ended airdrop cannot be refunded on chain yet, and stops once refunded", () => {
    const ended = { ...released, status: airdropStatuses.ended, claimOpen: false };
    expect(waitsForChainClock(ended)).toBe(true);
    expect(waitsForChainClock({ ...ended, refundOpen: true })).toBe(false);
    expect(waitsForChainClock({ ...ended, refundedAt: "2026-11-26T09:00:00.000Z" })).toBe(false);
  });

  it("does not wait for airdrops off chain, unreleased or not started", () => {
    expect(waitsForChainClock({ ...released, campaignId: null, claimOpen: false })).toBe(false);
    expect(waitsForChainClock({ ...released, releasedAt: null, claimOpen: false })).toBe(false);
    expect(waitsForChainClock({ ...released, status: airdropStatuses.notStarted, claimOpen: false })).toBe(
      false,
    );
  });
});
