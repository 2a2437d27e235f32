// The X sandbox's rate-limit windows: the reset a window announces (x-rate-limit-reset, whole epoch seconds) is
// exactly when it opens again, never earlier and never later, wherever within a second its first request came.
import { describe, expect, it } from "vitest";
import { RateLimiter } from "../src/x/rate-limit.ts";

const app = { kind: "app" as const, id: "bench" };

describe("X sandbox rate-limit windows", () => {
  it("open again exactly at the announced reset, with windows scaled to 15 s and a first request mid-second", () => {
    let now = 1_800_000_000_700; // 0.7 s past a whole second
    const limiter = new RateLimiter(
      { windowMs: 15_000, limits: { "tweets.retweetedBy": { app: 2 } } },
      () => now,
    );
    const first = limiter.take("tweets.retweetedBy", app);
    expect(first).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.take("tweets.retweetedBy", app)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.take("tweets.retweetedBy", app)).toMatchObject({ allowed: false, remaining: 0 });
    expect(first.resetSeconds).toBe(1_800_000_015);
    now = first.resetSeconds * 1000 - 1;
    expect(limiter.take("tweets.retweetedBy", app)).toMatchObject({ allowed: false });
    now = first.resetSeconds * 1000;
    expect(limiter.take("tweets.retweetedBy", app)).toMatchObject({
      allowed: true,
      remaining: 1,
      resetSeconds: 1_800_000_030,
    });
  });
});
