import { isValidReferralCode } from "@dropfair/core/patterns";
import { reservedUserCodes } from "@dropfair/core/referral";
import { describe, expect, it } from "vitest";
import { partnerActivities } from "./partners";
import { paths } from "./paths";

/** Every literal path segment of the app's routes that could pass for a user code. */
function routeWords(): string[] {
  const patterns = [
    ...Object.values(paths).map((path) => path.pattern),
    ...partnerActivities.map((p) => p.slug),
  ];
  const words = patterns.flatMap((pattern) =>
    pattern
      .split("/")
      .filter((segment) => segment !== "" && !segment.startsWith(":") && segment !== "*")
      .map((segment) => segment.toLowerCase()),
  );
  return [...new Set(words)].filter(isValidReferralCode);
}

describe("reserved user codes", () => {
  it("include every route word of the app, so no share code looks like a page", () => {
    const missing = routeWords().filter((word) => !reservedUserCodes.has(word));
    expect(missing).toEqual([]);
  });
});
