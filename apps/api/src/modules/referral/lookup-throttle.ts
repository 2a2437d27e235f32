// Look-ups of codes that do not exist, counted per client address in fixed windows. Past the limit every look-up
// from that address is refused until its window ends, so guessing codes costs a window per handful of guesses.
// Kept in memory like the platform's request rate limits: each API replica counts its own clients.

const maxTrackedClients = 10_000;

export type LookupThrottle = {
  /** Seconds until the client may look up again, or 0 when it may now. */
  retryAfterSeconds(client: string): number;
  /** Counts one look-up of a code that does not exist. */
  recordMiss(client: string): void;
};

export function createLookupThrottle(options: {
  missLimit: number;
  windowSeconds: number;
  now: () => Date;
}): LookupThrottle {
  const windows = new Map<string, { startedAt: number; misses: number }>();
  const windowMs = options.windowSeconds * 1000;

  function liveWindow(client: string, at: number) {
    const window = windows.get(client);
    if (window && at - window.startedAt < windowMs) return window;
    if (window) windows.delete(client);
    return undefined;
  }

  function forgetOldest(at: number) {
    for (const [client, window] of windows) {
      if (windows.size < maxTrackedClients) return;
      if (at - window.startedAt >= windowMs) windows.delete(client);
    }
    // Still full of live windows: the oldest go first (a Map iterates in insertion order).
    for (const client of windows.keys()) {
      if (windows.size < maxTrackedClients) return;
      windows.delete(client);
    }
  }

  return {
    retryAfterSeconds(client) {
      const at = options.now().getTime();
      const window = liveWindow(client, at);
      if (!window || window.misses < options.missLimit) return 0;
      return Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
    },
    recordMiss(client) {
      const at = options.now().getTime();
      const window = liveWindow(client, at);
      if (window) {
        window.misses += 1;
        return;
      }
      forgetOldest(at);
      windows.set(client, { startedAt: at, misses: 1 });
    },
  };
}
