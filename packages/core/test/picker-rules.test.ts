import { keccak256, toHex } from "viem";
import { describe, expect, it } from "vitest";
import { freePlan, pickerPipelineStatuses, pickerStatus, replyLookupWinnerLimit } from "../src/picker.ts";
import {
  drawAllowed,
  drawQuotaDayStart,
  membershipPeriod,
  membershipPrice,
  normalizeFollowTargets,
  normalizeWinnerInfo,
  onBetaWhitelist,
  pickerEditableStatuses,
  pickerPaymentReference,
  pickerPlanLimits,
  pickerTransitions,
  publishedWinnerIds,
  visibleWinnerInfo,
  winnerInfoOpen,
} from "../src/picker-rules.ts";

describe("pickerPlanLimits", () => {
  it("caps the free plan's draws, entries and reply-lookup winners", () => {
    expect(pickerPlanLimits(false)).toEqual({
      drawsPerDay: freePlan.drawsPerDay,
      entriesPerPost: freePlan.entriesPerPost,
      replyLookupWinners: replyLookupWinnerLimit.free,
    });
  });

  it("lifts the draw and entry caps for a member, who may look up replies for more winners", () => {
    expect(pickerPlanLimits(true)).toEqual({
      drawsPerDay: null,
      entriesPerPost: null,
      replyLookupWinners: replyLookupWinnerLimit.member,
    });
  });
});

describe("drawQuotaDayStart", () => {
  it("is midnight UTC of the day, whatever the time", () => {
    expect(drawQuotaDayStart(new Date("2026-03-04T23:59:59.999Z")).toISOString()).toBe(
      "2026-03-04T00:00:00.000Z",
    );
    expect(drawQuotaDayStart(new Date("2026-03-05T00:00:00.000Z")).toISOString()).toBe(
      "2026-03-05T00:00:00.000Z",
    );
  });
});

describe("onBetaWhitelist", () => {
  const account = { xUserId: "42", username: "Alice" };

  it("lets anyone in when the list is empty", () => {
    expect(onBetaWhitelist([], account)).toBe(true);
  });

  it("matches the lowercase username or the user id", () => {
    expect(onBetaWhitelist(["alice"], account)).toBe(true);
    expect(onBetaWhitelist(["42"], account)).toBe(true);
    expect(onBetaWhitelist(["Alice"], account)).toBe(false);
    expect(onBetaWhitelist(["bob", "7"], account)).toBe(false);
  });
});

describe("normalizeFollowTargets", () => {
  it("lowercases and keeps each name once, in the order given", () => {
    expect(normalizeFollowTargets(["Bob", "alice", "BOB", "Carol"])).toEqual(["bob", "alice", "carol"]);
    expect(normalizeFollowTargets([])).toEqual([]);
  });
});

describe("status rules", () => {
  it("opens a first draw only when ready to pick, and a redraw only while selecting", () => {
    for (const status of Object.values(pickerStatus)) {
      expect(drawAllowed("draw", status)).toBe(status === pickerStatus.readyToPick);
      expect(drawAllowed("redraw", status)).toBe(status === pickerStatus.selecting);
    }
  });

  it("lets the rules change while collecting or ready, never once selecting or later", () => {
    expect(pickerEditableStatuses).toEqual([...pickerPipelineStatuses, pickerStatus.readyToPick]);
    for (const status of [pickerStatus.selecting, pickerStatus.collectingInfo, pickerStatus.paying])
      expect(pickerEditableStatuses).not.toContain(status);
  });

  it("takes winner info while selecting or collecting it only", () => {
    for (const status of Object.values(pickerStatus)) {
      expect(winnerInfoOpen(status)).toBe(
        status === pickerStatus.selecting || status === pickerStatus.collectingInfo,
      );
    }
  });

  it("moves collecting info to paying, paying to completed, and cancels anything not completed", () => {
    expect(pickerTransitions.completeCollect).toEqual({
      from: [pickerStatus.collectingInfo],
      to: pickerStatus.paying,
    });
    expect(pickerTransitions.finish).toEqual({ from: [pickerStatus.paying], to: pickerStatus.completed });
    expect(pickerTransitions.cancel.to).toBe(pickerStatus.cancelled);
    const cancellable = new Set<number>(pickerTransitions.cancel.from);
    for (const status of Object.values(pickerStatus)) {
      const final = status === pickerStatus.completed || status === pickerStatus.cancelled;
      expect(cancellable.has(status)).toBe(!final);
    }
  });
});

describe("normalizeWinnerInfo", () => {
  it("checksums a valid EVM address and refuses anything else", () => {
    const lower = "0x52908400098527886e0f7030069857d2e4169ee7";
    expect(normalizeWinnerInfo("evm", `  ${lower} `)).toEqual({
      info: "0x52908400098527886E0F7030069857D2E4169EE7",
    });
    expect(normalizeWinnerInfo("evm", "0x1234")).toEqual({ problem: "address-format" });
  });

  it("takes a Solana address as typed and refuses a malformed one", () => {
    const address = "11111111111111111111111111111111";
    expect(normalizeWinnerInfo("solana", address)).toEqual({ info: address });
    expect(normalizeWinnerInfo("solana", "not-base58-0OIl")).toEqual({ problem: "address-format" });
  });

  it("takes any non-empty custom text, trimmed", () => {
    expect(normalizeWinnerInfo("custom", "  my@mail.example ")).toEqual({ info: "my@mail.example" });
    expect(normalizeWinnerInfo("custom", "   ")).toEqual({ problem: "info-required" });
  });
});

describe("visibleWinnerInfo", () => {
  const visitor = { isHost: false, isEntrant: false };

  it("shows EVM and Solana addresses to everyone", () => {
    expect(visibleWinnerInfo("evm", "0xabc", visitor)).toBe("0xabc");
    expect(visibleWinnerInfo("solana", "So1", visitor)).toBe("So1");
  });

  it("shows custom info only to the host and the entrant", () => {
    expect(visibleWinnerInfo("custom", "secret", visitor)).toBeNull();
    expect(visibleWinnerInfo("custom", "secret", { isHost: true, isEntrant: false })).toBe("secret");
    expect(visibleWinnerInfo("custom", "secret", { isHost: false, isEntrant: true })).toBe("secret");
  });

  it("is null when nothing was submitted", () => {
    expect(visibleWinnerInfo("evm", null, { isHost: true, isEntrant: true })).toBeNull();
  });
});

describe("publishedWinnerIds", () => {
  it("lists the entries ranked within the winner count, best first", () => {
    const ranked = [
      { xUserId: "c", rank: 3 },
      { xUserId: "a", rank: 1 },
      { xUserId: "d", rank: 4 },
      { xUserId: "b", rank: 2 },
    ];
    expect(publishedWinnerIds(ranked, 2)).toEqual(["a", "b"]);
    expect(publishedWinnerIds(ranked, 10)).toEqual(["a", "b", "c", "d"]);
  });
});

describe("membership", () => {
  it("prices a plan at the monthly USDT price times its months, in the token's units", () => {
    expect(membershipPrice("month", 6)).toBe(10_000_000n);
    expect(membershipPrice("year", 6)).toBe(120_000_000n);
    expect(membershipPrice("month", 18)).toBe(10n * 10n ** 18n);
  });

  it("starts now without a membership, and where the current one ends with one", () => {
    const now = new Date("2026-01-31T12:00:00.000Z");
    expect(membershipPeriod("month", undefined, now)).toEqual({
      startsAt: now,
      expiresAt: new Date("2026-03-03T12:00:00.000Z"),
    });
    const current = new Date("2026-05-10T00:00:00.000Z");
    expect(membershipPeriod("year", current, now)).toEqual({
      startsAt: current,
      expiresAt: new Date("2027-05-10T00:00:00.000Z"),
    });
  });
});

describe("pickerPaymentReference", () => {
  it("is keccak256 of 'dropfair-picker:' and the seed", () => {
    expect(pickerPaymentReference("k7q2mnp3xa")).toBe(keccak256(toHex("dropfair-picker:k7q2mnp3xa")));
    expect(pickerPaymentReference("k7q2mnp3xa")).not.toBe(pickerPaymentReference("k7q2mnp3xb"));
  });
});
