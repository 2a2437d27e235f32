// One Discord request, done right: buckets from X-RateLimit-* honoured before they earn a 429, a 429 waited
// out for its retry_after (bounded), 5xx and network failures retried when the request is safe to repeat,
// a timeout on every attempt, and the answer parsed against its wire schema.
import type { z } from "zod";
import type { Clock } from "../shared/clock.ts";
import { backoffMs, isTimeout, readBody, requestSignal } from "../shared/http.ts";
import {
  DiscordApiError,
  type DiscordApiErrorDetails,
  DiscordError,
  DiscordOAuthError,
  DiscordRateLimitError,
} from "./errors.ts";
import { discordErrorBodySchema, discordOAuthErrorSchema, discordRateLimitBodySchema } from "./schemas.ts";

export type DiscordRetryPolicy = {
  /** 429s in a row on one request before giving up (default 3). */
  maxRateLimitRetries: number;
  /** Longest single wait for a 429 or an exhausted bucket (ms, default 60,000). Beyond: DiscordRateLimitError. */
  maxRateLimitWaitMs: number;
  /** Retries of a 5xx or network failure, for requests safe to repeat (default 2). */
  maxServerRetries: number;
  /** First backoff (ms, default 500); doubles each retry. */
  baseDelayMs: number;
  /** Backoff ceiling (ms, default 8,000). */
  maxDelayMs: number;
};

export const defaultDiscordRetryPolicy: DiscordRetryPolicy = {
  maxRateLimitRetries: 3,
  maxRateLimitWaitMs: 60_000,
  maxServerRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

export type DiscordAuth = { scheme: "Bot" | "Bearer"; token: string } | { scheme: "none" };

export type DiscordRequest<S extends z.ZodType | undefined> = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The route template, e.g. "GET /guilds/:guild/members/:user": the unit Discord rate-limits. */
  route: string;
  /** The top-level resource id (guild), which splits a route's bucket. */
  majorId?: string;
  path: string;
  query?: Record<string, string | undefined>;
  auth: DiscordAuth;
  /** An application/x-www-form-urlencoded body (the OAuth endpoints). */
  form?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  /** Undefined for 204 answers. */
  schema: S;
  /** Safe to send again after a 5xx or a network failure (never for single-use codes or rotating tokens). */
  repeatable: boolean;
  signal?: AbortSignal | undefined;
};

export type TransportOptions = {
  apiBase: string;
  fetch: typeof fetch;
  clock: Clock;
  retry: DiscordRetryPolicy;
  timeoutMs: number;
  userAgent: string;
};

type BucketState = { remaining: number; resetAt: number };

function header(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

export class DiscordTransport {
  private readonly buckets = new Map<string, BucketState>();
  /** Route → the bucket hash Discord told us it shares. */
  private readonly routeBuckets = new Map<string, string>();
  private globalResetAt = 0;

  constructor(private readonly options: TransportOptions) {}

  async request<S extends z.ZodType | undefined>(
    spec: DiscordRequest<S>,
  ): Promise<S extends z.ZodType ? z.infer<S> : undefined> {
    const { clock, retry } = this.options;
    const url = new URL(this.options.apiBase.replace(/\/+$/, "") + spec.path);
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    const endpoint = `${spec.method} ${spec.path}`;
    let rateLimitWaits = 0;
    let failures = 0;

    for (;;) {
      await this.waitForBucket(spec, endpoint);
      let response: Response;
      try {
        response = await this.options.fetch(url, {
          method: spec.method,
          headers: this.headersFor(spec),
          ...(spec.form ? { body: formBody(spec.form) } : {}),
          signal: requestSignal(this.options.timeoutMs, spec.signal),
        });
      } catch (cause) {
        if (spec.signal?.aborted) throw cause;
        const timedOut = isTimeout(cause);
        failures++;
        if (!spec.repeatable || failures > retry.maxServerRetries) {
          const what = timedOut ? `timed out after ${this.options.timeoutMs} ms` : "network failure";
          throw new DiscordError(
            timedOut ? "timeout" : "network",
            `${endpoint}: ${what} (${failures} attempts)`,
            {
              cause,
            },
          );
        }
        await clock.sleep(backoffMs(failures, retry.baseDelayMs, retry.maxDelayMs), spec.signal);
        continue;
      }

      this.remember(spec, response.headers);
      const body = await readBody(response);

      if (response.ok) {
        if (!spec.schema || response.status === 204) return undefined as never;
        const parsed = spec.schema.safeParse(body);
        if (!parsed.success) {
          throw new DiscordError(
            "bad-response",
            `${endpoint}: unexpected response shape: ${parsed.error.message}`,
            {
              cause: parsed.error,
            },
          );
        }
        return parsed.data as never;
      }

      if (response.status === 429) {
        const limited = discordRateLimitBodySchema.safeParse(body);
        const retryAfterSeconds =
          (limited.success ? limited.data.retry_after : undefined) ??
          header(response.headers, "retry-after") ??
          header(response.headers, "x-ratelimit-reset-after") ??
          1;
        const waitMs = Math.ceil(retryAfterSeconds * 1000);
        const global =
          (limited.success && limited.data.global === true) ||
          response.headers.get("x-ratelimit-global") === "true";
        if (global) this.globalResetAt = clock.now() + waitMs;
        rateLimitWaits++;
        if (rateLimitWaits > retry.maxRateLimitRetries || waitMs > retry.maxRateLimitWaitMs) {
          throw new DiscordRateLimitError(
            {
              status: 429,
              code: limited.success ? (limited.data.code ?? 0) : 0,
              endpoint,
              discordMessage: limited.success ? limited.data.message : undefined,
            },
            waitMs,
            global,
            response.headers.get("x-ratelimit-scope") ?? undefined,
          );
        }
        await clock.sleep(waitMs, spec.signal);
        continue;
      }

      if (response.status >= 500 && spec.repeatable && failures < retry.maxServerRetries) {
        failures++;
        await clock.sleep(backoffMs(failures, retry.baseDelayMs, retry.maxDelayMs), spec.signal);
        continue;
      }

      const oauth = discordOAuthErrorSchema.safeParse(body);
      if (oauth.success)
        throw new DiscordOAuthError(response.status, oauth.data.error, oauth.data.error_description);
      throw new DiscordApiError(apiErrorDetails(response.status, endpoint, body));
    }
  }

  private headersFor(spec: DiscordRequest<z.ZodType | undefined>): Record<string, string> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": this.options.userAgent,
      ...spec.headers,
    };
    if (spec.auth.scheme !== "none") headers.authorization = `${spec.auth.scheme} ${spec.auth.token}`;
    if (spec.form) headers["content-type"] = "application/x-www-form-urlencoded";
    return headers;
  }

  private bucketKey(spec: DiscordRequest<z.ZodType | undefined>): string {
    const identity = spec.auth.scheme === "none" ? "none" : `${spec.auth.scheme} ${spec.auth.token}`;
    const bucket = this.routeBuckets.get(spec.route) ?? spec.route;
    return `${identity}\u0000${bucket}\u0000${spec.majorId ?? ""}`;
  }

  private remember(spec: DiscordRequest<z.ZodType | undefined>, headers: Headers): void {
    const bucket = headers.get("x-ratelimit-bucket");
    if (bucket) this.routeBuckets.set(spec.route, bucket);
    const remaining = header(headers, "x-ratelimit-remaining");
    const resetAfter = header(headers, "x-ratelimit-reset-after");
    if (remaining === undefined || resetAfter === undefined) return;
    this.buckets.set(this.bucketKey(spec), {
      remaining,
      resetAt: this.options.clock.now() + Math.ceil(resetAfter * 1000),
    });
  }

  /** The last answer said the bucket (or the global limit) is spent: wait for its reset instead of a 429. */
  private async waitForBucket(spec: DiscordRequest<z.ZodType | undefined>, endpoint: string): Promise<void> {
    const { clock, retry } = this.options;
    const now = clock.now();
    const state = this.buckets.get(this.bucketKey(spec));
    const bucketWait = state && state.remaining <= 0 ? state.resetAt - now : 0;
    const wait = Math.max(bucketWait, this.globalResetAt - now);
    if (wait <= 0) return;
    if (wait > retry.maxRateLimitWaitMs) {
      throw new DiscordRateLimitError(
        { status: 429, code: 0, endpoint, discordMessage: "rate limit bucket exhausted" },
        wait,
        this.globalResetAt > now,
        undefined,
      );
    }
    await clock.sleep(wait, spec.signal);
  }
}

function formBody(form: Record<string, string | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) if (value !== undefined) body.set(key, value);
  return body;
}

function apiErrorDetails(status: number, endpoint: string, body: unknown): DiscordApiErrorDetails {
  const parsed = discordErrorBodySchema.safeParse(body);
  if (!parsed.success) return { status, code: 0, endpoint };
  return {
    status,
    code: parsed.data.code,
    endpoint,
    discordMessage: parsed.data.message,
    ...(parsed.data.errors === undefined ? {} : { errors: parsed.data.errors }),
  };
}
