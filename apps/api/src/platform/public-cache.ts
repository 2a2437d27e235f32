// A micro-cache of anonymous public answers (docs/architecture.md, "How it scales out"): the reads anyone asks
// for often (a picker's detail, the airdrop list's pages) answer the same bytes to every
// anonymous caller for a moment, so within `PUBLIC_CACHE_MS` (default 1000 ms) a process serves them from memory
// instead of asking PostgreSQL and serialising again. Only routes marked `config: { publicCache: true }`, only
// GET, only 200 answers, and never a request carrying a wallet or X token (valid or not): what a signed-in
// caller is answered may be theirs alone. Keyed by the URL as sent and the answer's language. Any write this
// process serves (a request other than GET, HEAD or OPTIONS) empties it when it starts and again when it has
// answered, and an answer read while a write ran is not kept: this process's own writes are visible at once.
// Writes elsewhere (another replica, a job) show after at most the cache's lifetime.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageFromHeader } from "./i18n.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Anonymous 200 answers of this GET route may come from the micro-cache (platform/public-cache.ts). */
    publicCache?: boolean;
  }
}

type Entry = { payload: string; contentType: string; expiresAt: number };

/** Answers kept at most; past it, the expired ones go first, then the oldest. */
const publicCacheMaxEntries = 2_000;

const readMethods = new Set(["GET", "HEAD", "OPTIONS"]);

function carriesCredentials(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization || request.headers["x-twitter-token"]);
}

/**
 * Installs the micro-cache on `app` (after the rate limiter, so that a cached answer is still counted and
 * limited). A lifetime of 0 installs nothing.
 */
export function installPublicCache(
  app: FastifyInstance,
  options: { lifetimeMs: number; now?: () => number },
): void {
  const { lifetimeMs } = options;
  if (lifetimeMs <= 0) return;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Bumped by every write this process starts or finishes. */
  let generation = 0;
  const misses = new WeakMap<FastifyRequest, { key: string; generation: number }>();

  const invalidate = async (request: FastifyRequest) => {
    if (readMethods.has(request.method)) return;
    generation += 1;
    entries.clear();
  };
  app.addHook("onRequest", invalidate);
  app.addHook("onResponse", invalidate);

  function keep(key: string, entry: Entry) {
    if (entries.size >= publicCacheMaxEntries) {
      const at = now();
      for (const [old, kept] of entries) if (kept.expiresAt <= at) entries.delete(old);
      for (const old of entries.keys()) {
        if (entries.size < publicCacheMaxEntries) break;
        entries.delete(old);
      }
    }
    entries.set(key, entry);
  }

  async function lookup(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== "GET" || carriesCredentials(request)) return;
    const key = `${languageFromHeader(request.headers["accept-language"])} ${request.url}`;
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) {
      reply.header("content-type", entry.contentType);
      return reply.send(entry.payload);
    }
    misses.set(request, { key, generation });
  }

  async function store(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const miss = misses.get(request);
    if (
      miss &&
      miss.generation === generation &&
      reply.statusCode === 200 &&
      typeof payload === "string" &&
      !request.session &&
      !request.xSession
    ) {
      keep(miss.key, {
        payload,
        contentType: String(reply.getHeader("content-type") ?? "application/json; charset=utf-8"),
        expiresAt: now() + lifetimeMs,
      });
    }
    return payload;
  }

  app.addHook("onRoute", (route) => {
    if (!route.config?.publicCache) return;
    route.onRequest = [route.onRequest ?? []].flat().concat(lookup);
    route.onSend = [route.onSend ?? []].flat().concat(store);
  });
}
