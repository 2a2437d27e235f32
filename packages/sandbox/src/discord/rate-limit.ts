// Per-route buckets and the global bot limit, answered with Discord's X-RateLimit-* headers (and a 429 with
// retry_after). Discord says limits must not be hard-coded by clients: these numbers are the sandbox's, not
// Discord's.
import { createHash } from "node:crypto";

export type DiscordRouteKey =
  | "users.me"
  | "users.get"
  | "users.me.guilds"
  | "users.me.guild.member"
  | "guilds.members.get"
  | "guilds.members.search"
  | "guilds.members.roles"
  | "guilds.roles";

export type RouteLimit = { limit: number; windowMs: number };

export const defaultRouteLimits: Record<DiscordRouteKey, RouteLimit> = {
  "users.me": { limit: 5, windowMs: 5_000 },
  "users.get": { limit: 30, windowMs: 1_000 },
  "users.me.guilds": { limit: 5, windowMs: 5_000 },
  // The user-token member route (GET /users/@me/guilds/{id}/member) is Discord's stingy one; bots should
  // use guilds.members.get.
  "users.me.guild.member": { limit: 5, windowMs: 30_000 },
  "guilds.members.get": { limit: 10, windowMs: 1_000 },
  "guilds.members.search": { limit: 10, windowMs: 10_000 },
  "guilds.members.roles": { limit: 10, windowMs: 10_000 },
  "guilds.roles": { limit: 5, windowMs: 5_000 },
};

export type DiscordRateLimitOptions = {
  routes?: Partial<Record<DiscordRouteKey, Partial<RouteLimit>>>;
  /** Requests per second per bot token, over all routes (Discord: 50). */
  globalPerSecond?: number;
};

export type BucketState = {
  limit: number;
  remaining: number;
  /** Epoch ms when the window resets. */
  resetAt: number;
  bucket: string;
  allowed: boolean;
};

function bucketHash(route: DiscordRouteKey): string {
  return createHash("sha1").update(`dropfair-sandbox:${route}`).digest("hex").slice(0, 32);
}

export class DiscordRateLimiter {
  private readonly windows = new Map<string, { startedAt: number; used: number }>();
  private readonly globalWindows = new Map<string, { startedAt: number; used: number }>();
  private readonly routes: Record<DiscordRouteKey, RouteLimit>;
  private readonly globalPerSecond: number;
  /** With limits off the headers still go out, but nothing is counted. */
  readonly enabled: boolean;

  constructor(
    options: DiscordRateLimitOptions | false,
    private readonly clock: () => number,
  ) {
    this.enabled = options !== false;
    const config = options === false ? {} : options;
    this.routes = { ...defaultRouteLimits };
    for (const [key, limit] of Object.entries(config.routes ?? {}) as [
      DiscordRouteKey,
      Partial<RouteLimit>,
    ][]) {
      this.routes[key] = { ...this.routes[key], ...limit };
    }
    this.globalPerSecond = config.globalPerSecond ?? 50;
  }

  limitOf(route: DiscordRouteKey): RouteLimit {
    return this.routes[route];
  }

  bucketOf(route: DiscordRouteKey): string {
    return bucketHash(route);
  }

  /** Counts one request; buckets are per route, per top-level resource (the guild) and per token. */
  take(route: DiscordRouteKey, majorId: string, principalId: string): BucketState {
    const { limit, windowMs } = this.routes[route];
    const now = this.clock();
    const key = `${route}|${majorId}|${principalId}`;
    let window = this.windows.get(key);
    if (!window || now >= window.startedAt + windowMs) {
      window = { startedAt: now, used: 0 };
      this.windows.set(key, window);
    }
    const resetAt = window.startedAt + windowMs;
    const bucket = bucketHash(route);
    if (!this.enabled) return { limit, remaining: limit - 1, resetAt, bucket, allowed: true };
    if (window.used >= limit) return { limit, remaining: 0, resetAt, bucket, allowed: false };
    window.used++;
    return { limit, remaining: limit - window.used, resetAt, bucket, allowed: true };
  }

  /** The global limit of a bot: ms to wait, or 0 when the request may go. */
  takeGlobal(principalId: string): number {
    if (!this.enabled) return 0;
    const now = this.clock();
    let window = this.globalWindows.get(principalId);
    if (!window || now >= window.startedAt + 1000) {
      window = { startedAt: now, used: 0 };
      this.globalWindows.set(principalId, window);
    }
    if (window.used >= this.globalPerSecond) return window.startedAt + 1000 - now;
    window.used++;
    return 0;
  }

  reset(): void {
    this.windows.clear();
    this.globalWindows.clear();
  }
}
