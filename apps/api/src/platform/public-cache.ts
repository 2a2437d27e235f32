// A micro-cache of anonymous public answers (docs/architecture.md, "How it scales out"): the reads anyone asks
// for often (a picker's detail, the airdrop list's pages) answer the same bytes to every
// anonymous caller for a moment, so within `PUBLIC_CACHE_MS` (default 1000 ms) a process serves them from memory
// instead of asking PostgreSQL and serialising again. Only routes marked `config: { publicCache: true }`, only
// GET, only 200 answers, and never a request carrying a wallet or X token (valid or not): what a signed-in
// caller is answered may be theirs alone. Keyed by the URL as sent and the answer's language. Any write this
// process serves (a request other than GET, HEAD or OPTIONS) empties it when it starts and again when it has
// answered, and an answer read while a write ran is not kept: this process's own writes are visible at once.
// Writes elsewhere (another replica, a job) show after at most the cache's lifetime. Modules keep values of their
// own under the same rule (`ProcessReads.cache`: a tips leaderboard's shared page).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageFromHeader } from "./i18n.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Anonymous 200 answers of this GET route may come from the micro-cache (platform/public-cache.ts). */
    publicCache?: boolean;
  }
}

type Entry = { payload: string; contentType: string };

/** Answers (or values) kept at most by one cache; past it, the expired ones go first, then the oldest. */
const publicCacheMaxEntries = 2_000;

const readMethods = new Set(["GET", "HEAD", "OPTIONS"]);

function carriesCredentials(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization || request.headers["x-twitter-token"]);
}

/**
 * Values one process keeps for `lifetimeMs` under the same rule as the micro-cache: any write this process serves
 * (or reports with `written`) empties every such cache, and a value read while a write ran is not kept.
 */
export type KeptReads<V> = {
  /** The kept value of `key`, else `load()`'s (callers asking at once for a missing key share one load). */
  read(key: string, load: () => Promise<V>): Promise<V>;
  /** A write was made outside a request (a use case called in-process): call when it starts and when it ends. */
  written(): void;
};

/** The process's kept reads: what its writes empty (shared by the micro-cache and the modules' own caches). */
export type ProcessReads = {
  lifetimeMs: number;
  /** Bumped by every write this process starts or finishes. */
  readonly generation: number;
  written(): void;
  cache<V>(): KeptReads<V> & {
    get(key: string): V | undefined;
    /** Keeps `value` unless a write started or ended since `generation` was read. */
    keep(key: string, value: V, generation: number): void;
  };
};

export function createProcessReads(options: { lifetimeMs: number; now?: () => number }): ProcessReads {
  const { lifetimeMs } = options;
  const now = options.now ?? Date.now;
  let generation = 0;
  const clears: (() => void)[] = [];
  const written = () => {
    generation += 1;
    for (const clear of clears) clear();
  };
  return {
    lifetimeMs,
    get generation() {
      return generation;
    },
    written,
    cache<V>() {
      const entries = new Map<string, { value: V; expiresAt: number }>();
      const loading = new Map<string, Promise<V>>();
      clears.push(() => {
        entries.clear();
        loading.clear();
      });
      const get = (key: string) => {
        const entry = entries.get(key);
        return entry && entry.expiresAt > now() ? entry.value : undefined;
      };
      const keep = (key: string, value: V, since: number) => {
        if (lifetimeMs <= 0 || since !== generation) return;
        if (entries.size >= publicCacheMaxEntries) {
          const at = now();
          for (const [old, kept] of entries) if (kept.expiresAt <= at) entries.delete(old);
          for (const old of entries.keys()) {
            if (entries.size < publicCacheMaxEntries) break;
            entries.delete(old);
          }
        }
        entries.set(key, { value, expiresAt: now() + lifetimeMs });
      };
      const read = (key: string, load: () => Promise<V>): Promise<V> => {
        if (lifetimeMs <= 0) return load();
        const kept = get(key);
        if (kept !== undefined) return Promise.resolve(kept);
        const pending = loading.get(key);
        if (pending) return pending;
        const since = generation;
        const promise = load().then(
          (value) => {
            if (loading.get(key) === promise) loading.delete(key);
            keep(key, value, since);
            return value;
          },
          (error: unknown) => {
            if (loading.get(key) === promise) loading.delete(key);
            throw error;
          },
        );
        loading.set(key, promise);
        return promise;
      };
      return { get, keep, read, written };
    },
  };
}

/**
 * Installs the micro-cache on `app` (after the rate limiter, so that a cached answer is still counted and
 * limited), and the emptying of every kept read of `reads` by the writes this process serves. A lifetime of 0
 * keeps nothing.
 */
export function installPublicCache(app: FastifyInstance, reads: ProcessReads): void {
  const invalidate = async (request: FastifyRequest) => {
    if (!readMethods.has(request.method)) reads.written();
  };
  app.addHook("onRequest", invalidate);
  app.addHook("onResponse", invalidate);
  if (reads.lifetimeMs <= 0) return;
  const entries = reads.cache<Entry>();
  const misses = new WeakMap<FastifyRequest, { key: string; generation: number }>();

  async function lookup(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== "GET" || carriesCredentials(request)) return;
    const key = `${languageFromHeader(request.headers["accept-language"])} ${request.url}`;
    const entry = entries.get(key);
    if (entry) {
      reply.header("content-type", entry.contentType);
      return reply.send(entry.payload);
    }
    misses.set(request, { key, generation: reads.generation });
  }

  async function store(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const miss = misses.get(request);
    if (
      miss &&
      reply.statusCode === 200 &&
      typeof payload === "string" &&
      !request.session &&
      !request.xSession
    ) {
      entries.keep(
        miss.key,
        {
          payload,
          contentType: String(reply.getHeader("content-type") ?? "application/json; charset=utf-8"),
        },
        miss.generation,
      );
    }
    return payload;
  }

  app.addHook("onRoute", (route) => {
    if (!route.config?.publicCache) return;
    route.onRequest = [route.onRequest ?? []].flat().concat(lookup);
    route.onSend = [route.onSend ?? []].flat().concat(store);
  });
}
