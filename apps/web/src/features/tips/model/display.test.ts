import { describe, expect, it } from "vitest";
import {
  errorReasonKey,
  formatPrize,
  formatWhole,
  hoursMinutesLeft,
  timeLeft,
  tipsStatusKey,
} from "./display";
import { claimReloadMarker, reloadMarkerTtlMs } from "./reload-marker";

describe("tips display", () => {
  it("names every status of the campaign lifecycle", () => {
    expect([0, 1, 4, 5, 7, 10, 3].map(tipsStatusKey)).toEqual([
      "notStarted",
      "running",
      "processing",
      "ended",
      "awaitingConfirmation",
      "error",
      "unknown",
    ]);
  });

  it("formats base units and big counts without floats", () => {
    expect(formatPrize("1500000000000000000000", 18)).toBe("1,500.00");
    expect(formatPrize("905829596", 6)).toBe("905.82");
    expect(formatPrize("not a number", 6)).toBe("");
    expect(formatWhole("12345678901234567890")).toBe("12,345,678,901,234,567,890");
  });

  it("counts the time left in whole minutes, rounding up", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(timeLeft("2026-01-02T03:04:30Z", now)).toEqual({ passed: false, days: 1, hours: 3, minutes: 5 });
    expect(timeLeft("2025-12-31T00:00:00Z", now).passed).toBe(true);
    expect(hoursMinutesLeft("2026-01-01T02:59:01Z", now)).toEqual({ hours: 3, minutes: 0 });
    expect(hoursMinutesLeft("2026-01-01T01:15:00Z", now)).toEqual({ hours: 1, minutes: 15 });
  });
});

describe("the reload marker", () => {
  it("lets one reload through per 10 seconds and campaign", () => {
    localStorage.clear();
    const now = 1_000_000;
    expect(claimReloadMarker(7, now)).toBe(true);
    expect(claimReloadMarker(7, now + 1)).toBe(false);
    expect(claimReloadMarker(8, now + 1)).toBe(true);
    expect(claimReloadMarker(7, now + reloadMarkerTtlMs - 1)).toBe(false);
    expect(claimReloadMarker(7, now + reloadMarkerTtlMs)).toBe(true);
  });
});

describe("errorReasonKey", () => {
  it("words the start job's funding mismatches, and nothing else as it came", () => {
    expect(errorReasonKey("funding refunded no longer matches")).toBe("campaign.fundingWithdrawn.refunded");
    expect(errorReasonKey("funding deposit no longer matches")).toBe("campaign.fundingWithdrawn.deposit");
    expect(errorReasonKey("funding creator no longer matches")).toBe("campaign.fundingWithdrawn.changed");
    expect(errorReasonKey("not funded before the end")).toBe("campaign.notFunded");
    expect(errorReasonKey("funding refunded")).toBe("campaign.errorUnknown");
    expect(errorReasonKey("")).toBe("campaign.errorUnknown");
  });
});
