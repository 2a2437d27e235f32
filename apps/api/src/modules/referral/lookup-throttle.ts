// Look-ups of codes that do not exist, counted per client address in fixed windows. Past the limit every look-up
// from that address is refused until its window ends, so guessing codes costs a window per handful of guesses.
// Counted in the platform's shared counters (the database, or Redis), so every API replica sees the same count.
import type { SharedCounters } from "../../platform/rate-limits.ts";

export type LookupThrottle = {
  /** Seconds until the client may look up again, or 0 when it may now. */
  retryAfterSeconds(client: string): Promise<number>;
  /**
   * Counts one look-up of a code that does not exist. Returns 0 while the client is within the limit, else the
   * seconds until it may look up again: a look-up that raced past `retryAfterSeconds` from another request
   * (or another replica) is refused too, so no more than the limit of misses is ever answered.
   */
  recordMiss(client: string): Promise<number>;
};

export function createLookupThrottle(options: {
  missLimit: number;
  windowSeconds: number;
  counters: SharedCounters;
}): LookupThrottle {
  const keyOf = (client: string) => `referral-lookup-miss:${client}`;
  const waitOf = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));
  return {
    async retryAfterSeconds(client) {
      const window = await options.counters.read(keyOf(client));
      return window.count < options.missLimit ? 0 : waitOf(window.ttlMs);
    },
    async recordMiss(client) {
      const window = await options.counters.hit(keyOf(client), options.windowSeconds * 1000);
      return window.count <= options.missLimit ? 0 : waitOf(window.ttlMs);
    },
  };
}
