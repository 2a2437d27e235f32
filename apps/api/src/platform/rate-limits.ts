// Rate-limit counters shared by every API replica (T11 in docs/security.md). A limit that each process counted
// on its own would let a client multiply it by the number of replicas, so the counts live where all replicas
// see them: in PostgreSQL by default (the `rate_limit_counters` table: atomic upserts, the hits that arrive
// together written in one), or in Redis when REDIS_URL is set. PGlite belongs to one process, so there the one
// process's memory is that place (the table works on PGlite too, but would cost a write per request for
// nothing). The request limits of @fastify/rate-limit and the hand-written throttles (such as the referral
// code look-ups) count through the same `SharedCounters`; in the table, request limits of 100 or more a window
// count through reservations of a few hits at once (rate-limit-leases.ts).
import { type DatabaseHandle, type Db, lte, rateLimitCounters, sql } from "@dropfair/db";
import { typeCodes } from "@dropfair/schemas/envelope";
import {
  type FastifyRateLimitStoreCtor,
  normalizeIP,
  type RateLimitPluginOptions,
} from "@fastify/rate-limit";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import type { PgBoss } from "pg-boss";
import { AppError } from "./errors.ts";
import { type JobDefinition, type JobRegistration, registerJob } from "./jobs.ts";
import { leasedCounter } from "./rate-limit-leases.ts";

/** A key's hits in its live window, and the milliseconds until that window ends (0: no live window). */
export type WindowCount = { count: number; ttlMs: number };

export type SharedCounters = {
  readonly kind: "database" | "redis" | "memory";
  /**
   * Counts one hit on `key`. A key's window is fixed: it starts at the first hit and lasts `windowMs`; the
   * first hit after it ends starts a new one. Concurrent hits from any replica are each counted once.
   * `amount` hits at once (default 1): the count is the one the last of them reached.
   */
  hit(key: string, windowMs: number, amount?: number): Promise<WindowCount>;
  /** The key's hits in its live window, without counting one. */
  read(key: string): Promise<WindowCount>;
  /** What @fastify/rate-limit needs to count requests here rather than in each process's memory. */
  readonly pluginOptions: Pick<RateLimitPluginOptions, "store" | "redis" | "nameSpace">;
  close(): Promise<void>;
};

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over shared counters; each route's limit gets its own key space. (The
 * plugin hands `child` the route's merged limit options with the route under `routeInfo`, which its typings
 * do not say.) With `leased`, requests are counted through reservations (platform/rate-limit-leases.ts): the
 * database's counters, where each count is a write.
 */
class SharedCounterStore {
  private readonly leases: ReturnType<typeof leasedCounter> | undefined;

  constructor(
    private readonly counters: Pick<SharedCounters, "hit" | "read">,
    private readonly prefix: string,
    private readonly leased: boolean,
  ) {
    this.leases = leased
      ? leasedCounter((key, windowMs, amount) => counters.hit(key, windowMs, amount))
      : undefined;
  }

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    if (this.leases) {
      this.leases.hit(this.prefix + key, timeWindow, max, (error, result) => {
        if (error || !result) callback(error ?? new Error("no count"));
        else callback(null, { current: result.count, ttl: result.ttlMs });
      });
      return;
    }
    this.counters.hit(this.prefix + key, timeWindow).then(
      (result) => callback(null, { current: result.count, ttl: result.ttlMs }),
      (error: Error) => callback(error),
    );
  }

  read(key: string, callback: StoreCallback): void {
    this.counters.read(this.prefix + key).then(
      (result) => callback(null, { current: result.count, ttl: result.ttlMs }),
      (error: Error) => callback(error),
    );
  }

  child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }): SharedCounterStore {
    const route = routeOptions.routeInfo;
    // A route's own limit counts under its method and path; `createRateLimit` limits (no route) count under
    // the keys their key generators make.
    const scope = route?.url ? `${[route.method].flat().join(",")} ${route.url}` : "custom";
    return new SharedCounterStore(this.counters, `http:${scope}:`, this.leased);
  }
}

/** Counters that @fastify/rate-limit counts requests in through our store (constructed with `new`). */
function countingRequestsToo(counters: Omit<SharedCounters, "pluginOptions">): SharedCounters {
  const leased = counters.kind === "database";
  const store = class extends SharedCounterStore {
    constructor() {
      super(counters, "http:all:", leased);
    }
  };
  return { ...counters, pluginOptions: { store: store as unknown as FastifyRateLimitStoreCtor } };
}

type PendingHit = {
  key: string;
  windowMs: number;
  amount: number;
  resolve: (count: WindowCount) => void;
  reject: (error: unknown) => void;
};

/**
 * The database's counters, the window judged by the database's clock. Hits are written one upsert at a time,
 * but the hits that arrive while one is on its way go out together in the next: one statement for all of them
 * (a key hit k times in it counts k at once), so under load a request costs a fraction of a round trip while
 * an idle server still writes each hit at once. Each caller gets the count its own hit reached, as if the hits
 * had been written one by one. Keys go in sorted order, so two replicas' batches lock rows in the same order.
 */
export function databaseCounters(db: Db): SharedCounters {
  const live = sql`${rateLimitCounters.expiresAt} > now()`;
  const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.expiresAt} - now()) * 1000))::float8`;
  let queue: PendingHit[] = [];
  let writing = false;

  async function write(batch: PendingHit[]): Promise<void> {
    const byKey = new Map<string, PendingHit[]>();
    for (const pending of batch) byKey.set(pending.key, [...(byKey.get(pending.key) ?? []), pending]);
    const keys = [...byKey.keys()].sort();
    try {
      const rows = await db
        .insert(rateLimitCounters)
        .values(
          keys.map((key) => {
            const hits = byKey.get(key) ?? [];
            const windowMs = hits[0]?.windowMs ?? 0;
            return {
              key,
              hits: hits.reduce((sum, pending) => sum + pending.amount, 0),
              expiresAt: sql`now() + make_interval(secs => ${windowMs / 1000})`,
            };
          }),
        )
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${live} then ${rateLimitCounters.hits} + excluded.hits else excluded.hits end`,
            expiresAt: sql`case when ${live} then ${rateLimitCounters.expiresAt} else excluded.expires_at end`,
          },
        })
        .returning({ key: rateLimitCounters.key, count: rateLimitCounters.hits, ttlMs });
      const written = new Map(rows.map((row) => [row.key, row]));
      for (const [key, hits] of byKey) {
        const row = written.get(key);
        // Each caller's count is the one its own last hit reached: the row's count less the hits after it.
        let after = hits.reduce((sum, pending) => sum + pending.amount, 0);
        for (const pending of hits) {
          after -= pending.amount;
          if (!row) pending.reject(new Error("rate-limit counter upsert returned no row"));
          else pending.resolve({ count: row.count - after, ttlMs: Number(row.ttlMs) });
        }
      }
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        await write(batch);
      }
    } finally {
      writing = false;
    }
  }

  return countingRequestsToo({
    kind: "database",
    hit(key, windowMs, amount = 1) {
      return new Promise<WindowCount>((resolve, reject) => {
        queue.push({ key, windowMs, amount, resolve, reject });
        if (!writing) void drain();
      });
    },
    async read(key) {
      const [row] = await db
        .select({ count: rateLimitCounters.hits, ttlMs })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = ${key} and ${live}`);
      return row ? { count: row.count, ttlMs: Number(row.ttlMs) } : { count: 0, ttlMs: 0 };
    },
    close: async () => undefined,
  });
}

/** Deletes the counters whose window has ended (their keys start afresh at the next hit anyway). */
export async function purgeExpiredRateLimits(db: Db): Promise<number> {
  const removed = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key });
  return removed.length;
}

// `amount` hits: INCRBY, and the window's expiry set by the hits that start it, atomically (a script runs alone).
const hitScript = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

type RedisWithHit = Redis & {
  dropfairHit(key: string, windowMs: number, amount: number): Promise<[number, number]>;
};

/**
 * A Redis that does not answer: the request limits go on without counting (see http.ts), and what counts
 * itself (the referral look-up's guess throttle) answers a retryable 503 rather than a 500.
 */
async function answered<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (error) {
    throw new AppError(typeCodes.serviceUnavailable, 503, "errors.countersUnavailable", {}, { cause: error });
  }
}

/**
 * Redis's counters, under `keyPrefix`. Request limits use @fastify/rate-limit's own Redis store on the same
 * connection (`<prefix>rate-limit:` keys); throttles count under `<prefix>counter:`. Keys expire with their
 * window, so Redis needs no purge.
 */
export function redisCounters(url: string, keyPrefix: string, logger: FastifyBaseLogger): SharedCounters {
  // A Redis that does not answer fails the request after one retry instead of queueing it for long.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5000 }) as RedisWithHit;
  redis.on("error", (error) => logger.warn({ err: error, event: "rate-limits.redis" }, "Redis error"));
  redis.defineCommand("dropfairHit", { numberOfKeys: 1, lua: hitScript });
  const counterKey = (key: string) => `${keyPrefix}counter:${key}`;
  return {
    kind: "redis",
    async hit(key, windowMs, amount = 1) {
      const [count, ttlMs] = await answered(redis.dropfairHit(counterKey(key), windowMs, amount));
      return { count, ttlMs: Math.max(0, ttlMs) };
    },
    async read(key) {
      const results = await answered(redis.multi().get(counterKey(key)).pttl(counterKey(key)).exec());
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttlMs = Number(results?.[1]?.[1] ?? 0);
      return count > 0 && ttlMs > 0 ? { count, ttlMs } : { count: 0, ttlMs: 0 };
    },
    pluginOptions: { redis, nameSpace: `${keyPrefix}rate-limit:` },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Keys kept at most by the memory counters; past it, ended windows go first, then the oldest. */
const memoryCountersMaxKeys = 10_000;

/**
 * The counters of a single process (PGlite's): a fixed window per key in memory, at most 10,000 keys. Request
 * limits count here too (not in @fastify/rate-limit's own memory store, whose limits made with
 * `createRateLimit` would each count apart, where a shared key must share one count).
 */
export function memoryCounters(): SharedCounters {
  const windows = new Map<string, { count: number; endsAt: number }>();
  function forgetSome(at: number) {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < memoryCountersMaxKeys) return;
      windows.delete(key);
    }
  }
  const live = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.endsAt > at ? window : undefined;
  };
  return countingRequestsToo({
    kind: "memory",
    async hit(key, windowMs, amount = 1) {
      const at = Date.now();
      let window = live(key, at);
      if (!window) {
        if (windows.size >= memoryCountersMaxKeys) forgetSome(at);
        window = { count: 0, endsAt: at + windowMs };
        windows.delete(key);
        windows.set(key, window);
      }
      window.count += amount;
      return { count: window.count, ttlMs: window.endsAt - at };
    },
    async read(key) {
      const at = Date.now();
      const window = live(key, at);
      return window ? { count: window.count, ttlMs: window.endsAt - at } : { count: 0, ttlMs: 0 };
    },
    close: async () => undefined,
  });
}

/** Redis when a URL is configured, else PostgreSQL's table, else (PGlite: one process) memory. */
export function openSharedCounters(
  config: { redisUrl: string | undefined; redisKeyPrefix: string },
  database: Pick<DatabaseHandle, "kind" | "db">,
  logger: FastifyBaseLogger,
): SharedCounters {
  if (config.redisUrl) return redisCounters(config.redisUrl, config.redisKeyPrefix, logger);
  return database.kind === "postgres" ? databaseCounters(database.db) : memoryCounters();
}

/**
 * The per-IP limit's key: the client's address, IPv6 by its /64 as the plugin does. A client that hung up before
 * the limit ran has no address any more (Node clears `remoteAddress` on a closed socket), and the plugin's own
 * key would throw on it; such a request is counted under one key, its answer goes nowhere anyway.
 */
export function clientRateLimitKey(request: Pick<FastifyRequest, "ip">): string {
  return request.ip ? normalizeIP(request.ip) : "client-gone";
}

/**
 * A limit of its own on a route, on top of the route's per-IP limit (a route runs one `rateLimit` hook only):
 * a preHandler that counts the requests `keyOf` names (undefined: this request is not counted) in the shared
 * counters and, past `max` in the window, answers 429 with Retry-After. Limits made here with the same key
 * share one count, whichever route they guard.
 */
export function extraRateLimit(
  app: Pick<FastifyInstance, "createRateLimit">,
  options: { max: number; timeWindow: string; keyOf: (request: FastifyRequest) => string | undefined },
) {
  const limit = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => options.keyOf(request) ?? "",
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (options.keyOf(request) === undefined) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", String(result.ttlInSeconds));
    throw new AppError(typeCodes.tooManyRequests, 429, "errors.tooManyRequests");
  };
}

/**
 * Searches (a picker by seed or reference, a participant search): one count per client IP shared by every
 * search route, `perMinute` a minute. `isSearch` picks the requests that search (a list read without a query
 * is not one).
 */
export function searchRateLimit(
  app: Pick<FastifyInstance, "createRateLimit">,
  perMinute: number,
  isSearch: (request: FastifyRequest) => boolean = () => true,
) {
  return extraRateLimit(app, {
    max: perMinute,
    timeWindow: "1 minute",
    keyOf: (request) => (isSearch(request) ? `search:${request.ip}` : undefined),
  });
}

/** Every 10 minutes: deletes the database counters whose window has ended, so the table stays small. */
export const purgeExpiredRateLimitsJob = {
  queue: "platform.purge-rate-limits",
  cron: "*/10 * * * *",
} as const satisfies JobDefinition;

export async function registerRateLimitJobs(
  boss: PgBoss,
  dependencies: { db: Db },
  registration: JobRegistration,
): Promise<void> {
  await registerJob(boss, purgeExpiredRateLimitsJob, registration, async () => {
    const removed = await purgeExpiredRateLimits(dependencies.db);
    registration.logger.info(
      { event: purgeExpiredRateLimitsJob.queue, outcome: "done", removed },
      "purged expired rate-limit counters",
    );
    return { removed };
  });
}
