import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localTimeOf, xResetAhead } from "./waiting";

let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
  process.env.TZ = "America/New_York";
});
afterEach(() => {
  process.env.TZ = zone;
});

describe("waiting for X's rate limit", () => {
  const now = Date.parse("2026-11-26T04:00:00Z");

  it("is shown while the reset is ahead, and not once it passed or when the progress has none", () => {
    expect(xResetAhead({ waitingUntil: "2026-11-26T07:30:00Z" }, now)).toEqual(
      new Date("2026-11-26T07:30:00Z"),
    );
    expect(xResetAhead({ waitingUntil: "2026-11-26T03:59:59Z" }, now)).toBeUndefined();
    expect(xResetAhead({ waitingUntil: "soon" }, now)).toBeUndefined();
    expect(xResetAhead({ stage: "retweets" }, now)).toBeUndefined();
  });

  it("gives the reset in the viewer's time zone, with the date when it is another day there", () => {
    // 04:00Z is 23:00 on the 25th in New York (UTC−5).
    expect(localTimeOf(new Date("2026-11-26T04:30:00Z"), new Date(now))).toBe("23:30");
    expect(localTimeOf(new Date("2026-11-26T07:30:00Z"), new Date(now))).toBe("2026-11-26 02:30");
  });
});
