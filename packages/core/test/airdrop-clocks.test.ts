import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { onChainActionsOf } from "../src/airdrop/index.ts";

const startAt = new Date("2026-05-01T10:00:00Z");
const endAt = new Date("2026-05-08T10:00:00Z");
const times = { startAt, endAt };
const margin = 15;
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

describe("on-chain actions from the server's clock and the chain's", () => {
  it("offers the refund once the chain has passed the end, even while the server's clock says in progress", () => {
    // A chain running ahead: its latest block is already past the end.
    expect(onChainActionsOf(times, { serverNow: at(endAt, -60), chainNow: at(endAt, 1) }, margin)).toEqual({
      claimOpen: false,
      refundOpen: true,
    });
  });

  it("does not offer the refund while the chain is still before the end, though the server's clock has passed it", () => {
    // The probe's case: the page offered a refund that reverted with RefundWhileInProgress.
    expect(onChainActionsOf(times, { serverNow: at(endAt, 300), chainNow: at(endAt, -120) }, margin)).toEqual(
      {
        claimOpen: false,
        refundOpen: false,
      },
    );
  });

  it("closes claiming a margin before the end by either clock", () => {
    const chainBehind = { serverNow: at(endAt, -10), chainNow: at(endAt, -200) };
    expect(onChainActionsOf(times, chainBehind, margin).claimOpen).toBe(false);
    const chainAhead = { serverNow: at(endAt, -200), chainNow: at(endAt, -10) };
    expect(onChainActionsOf(times, chainAhead, margin).claimOpen).toBe(false);
    const bothEarly = { serverNow: at(endAt, -200), chainNow: at(endAt, -190) };
    expect(onChainActionsOf(times, bothEarly, margin).claimOpen).toBe(true);
  });

  it("opens claiming only once the chain has reached the start", () => {
    expect(
      onChainActionsOf(times, { serverNow: at(startAt, 60), chainNow: at(startAt, -1) }, margin),
    ).toEqual({
      claimOpen: false,
      refundOpen: false,
    });
    expect(onChainActionsOf(times, { serverNow: at(startAt, 60), chainNow: startAt }, margin).claimOpen).toBe(
      true,
    );
  });

  it("allows the refund before the start only while both clocks are a margin away from it", () => {
    expect(
      onChainActionsOf(times, { serverNow: at(startAt, -100), chainNow: at(startAt, -110) }, margin)
        .refundOpen,
    ).toBe(true);
    expect(
      onChainActionsOf(times, { serverNow: at(startAt, -100), chainNow: at(startAt, -5) }, margin).refundOpen,
    ).toBe(false);
    expect(
      onChainActionsOf(times, { serverNow: at(startAt, -5), chainNow: at(startAt, -100) }, margin).refundOpen,
    ).toBe(false);
  });

  it("falls back to the server's clock, with the margin on both sides, when the chain cannot be read", () => {
    const unread = (seconds: number, base: Date) =>
      onChainActionsOf(times, { serverNow: at(base, seconds), chainNow: null }, margin);
    expect(unread(10, startAt).claimOpen).toBe(false);
    expect(unread(20, startAt).claimOpen).toBe(true);
    expect(unread(10, endAt).refundOpen).toBe(false);
    expect(unread(20, endAt).refundOpen).toBe(true);
  });

  it("never offers claiming and refunding at once, and every refund it offers is outside the chain's window", () => {
    const offset = fc.integer({ min: -10 * 86_400, max: 10 * 86_400 });
    fc.assert(
      fc.property(offset, offset, fc.boolean(), (server, chain, readable) => {
        const serverNow = at(startAt, server);
        const chainNow = readable ? at(startAt, chain) : null;
        const actions = onChainActionsOf(times, { serverNow, chainNow }, margin);
        expect(actions.claimOpen && actions.refundOpen).toBe(false);
        if (actions.refundOpen && chainNow) {
          // The next block is at least the latest: a refund is offered only where no later block can be inside.
          const inside = chainNow >= startAt && chainNow < endAt;
          expect(inside).toBe(false);
        }
        if (actions.claimOpen && chainNow) expect(chainNow >= startAt).toBe(true);
      }),
    );
  });
});
