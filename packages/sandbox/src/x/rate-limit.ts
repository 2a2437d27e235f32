// Per-endpoint, per-principal 15-minute windows, answered with X's x-rate-limit-limit, -remaining and -reset
// (epoch seconds) headers, and a 429 once a window is spent.

export type EndpointKey =
  | "tweets.lookup"
  | "tweets.retweetedBy"
  | "tweets.quoteTweets"
  | "tweets.likingUsers"
  | "tweets.searchRecent"
  | "users.lookup"
  | "users.me"
  | "users.followers"
  | "users.following"
  | "users.tweets";

export type EndpointLimit = { app: number; user: number };

/** X's published 2026 per-app and per-user limits per 15 minutes. */
export const defaultLimits: Record<EndpointKey, EndpointLimit> = {
  "tweets.lookup": { app: 450, user: 900 },
  "tweets.retweetedBy": { app: 75, user: 75 },
  "tweets.quoteTweets": { app: 75, user: 75 },
  "tweets.likingUsers": { app: 75, user: 75 },
  "tweets.searchRecent": { app: 450, user: 300 },
  "users.lookup": { app: 300, user: 900 },
  "users.me": { app: 75, user: 75 },
  "users.followers": { app: 300, user: 300 },
  "users.following": { app: 300, user: 300 },
  "users.tweets": { app: 1500, user: 900 },
};

export type RateLimitOptions = {
  /** Window length (ms). Default 15 minutes. */
  windowMs?: number;
  limits?: Partial<Record<EndpointKey, Partial<EndpointLimit>>>;
};

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number; allowed: boolean };

export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; used: number }>();
  private windowMs: number;
  private readonly limits: Record<EndpointKey, EndpointLimit>;

  constructor(
    options: RateLimitOptions | false,
    private readonly clock: () => number,
  ) {
    this.enabled = options !== false;
    const config = options === false ? {} : options;
    this.windowMs = config.windowMs ?? 15 * 60 * 1000;
    this.limits = { ...defaultLimits };
    for (const [key, limit] of Object.entries(config.limits ?? {}) as [
      EndpointKey,
      Partial<EndpointLimit>,
    ][]) {
      this.limits[key] = { ...this.limits[key], ...limit };
    }
  }

  /** With limits off the headers still go out, but nothing is counted. */
  enabled: boolean;

  limitFor(endpoint: EndpointKey, kind: "app" | "user"): number {
    return this.limits[endpoint][kind];
  }

  /** Counts one request of `principal` (an app or a user) on `endpoint`. */
  take(endpoint: EndpointKey, principal: { kind: "app" | "user"; id: string }): RateLimitState {
    const limit = this.limits[endpoint][principal.kind];
    const now = this.clock();
    const key = `${endpoint}|${principal.kind}|${principal.id}`;
    let window = this.windows.get(key);
    if (!window || now >= window.startedAt + this.windowMs) {
      // X announces the reset in whole epoch seconds: a window starts on the whole second of its first request,
      // so that it ends exactly when its x-rate-limit-reset says (with scaled-down windows a reset announced up
      // to a second after the true one would cost a client that waits for it a measurable share of each window).
      window = { startedAt: Math.floor(now / 1000) * 1000, used: 0 };
      this.windows.set(key, window);
    }
    const resetSeconds = Math.ceil((window.startedAt + this.windowMs) / 1000);
    if (!this.enabled) return { limit, remaining: limit, resetSeconds, allowed: true };
    if (window.used >= limit) return { limit, remaining: 0, resetSeconds, allowed: false };
    window.used++;
    return { limit, remaining: limit - window.used, resetSeconds, allowed: true };
  }

  /** The window length (ms) and whether requests are counted. */
  get settings(): { windowMs: number; enabled: boolean } {
    return { windowMs: this.windowMs, enabled: this.enabled };
  }

  /**
   * Scales the windows (benchmarks run X's 15-minute windows as seconds) or turns counting on or off; the
   * windows under way are forgotten.
   */
  configure(settings: { windowMs?: number; enabled?: boolean }): void {
    if (settings.windowMs !== undefined) this.windowMs = settings.windowMs;
    if (settings.enabled !== undefined) this.enabled = settings.enabled;
    this.windows.clear();
  }

  /** Forget every window (tests). */
  reset(): void {
    this.windows.clear();
  }
}
