// One X API request, done right: rate-limit headers honoured, 429 waited out, 5xx retried with backoff,
// the spending caps enforced (a job's budget, and the shared ledger reserved before each attempt), and the
// answer parsed against its wire schema.
import type { z } from "zod";
import { backoffMs, readBody, requestSignal } from "../shared/http.ts";
import type { SpendingBudget, SpendingLedger } from "./budget.ts";
import type { Clock } from "./clock.ts";
import { XApiError, XError, type XErrorCode, XInvalidRequestError, XRateLimitError } from "./errors.ts";
import { problemSchema, type XProblem } from "./schemas.ts";

export type RetryPolicy = {
  /** Retries of a 5xx or network failure before giving up (default 3). */
  maxServerRetries: number;
  /** First backoff (ms); doubles each retry (default 1,000). */
  baseDelayMs: number;
  /** Backoff ceiling (ms, default 30,000). */
  maxDelayMs: number;
  /** 429s in a row on one request before giving up (default 5). */
  maxRateLimitWaits: number;
  /** Longest single wait for a reset (ms, default 16 min: one 15-minute window and some). Beyond: XRateLimitError. */
  maxRateLimitWaitMs: number;
  /** Added to each wait for a reset, for clock skew (ms, default 1,000). */
  rateLimitMarginMs: number;
  /** Wait after a 429 without x-rate-limit-reset (ms, default 60,000; doubles). */
  fallbackRateLimitWaitMs: number;
  /** Wait before the next request when x-rate-limit-remaining hit 0 (default true). */
  waitWhenExhausted: boolean;
};

export const defaultRetryPolicy: RetryPolicy = {
  maxServerRetries: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRateLimitWaits: 5,
  maxRateLimitWaitMs: 16 * 60 * 1000,
  rateLimitMarginMs: 1000,
  fallbackRateLimitWaitMs: 60_000,
  waitWhenExhausted: true,
};

export type RateLimitInfo = { limit: number; remaining: number; resetAt: number };

export type TransportOptions = {
  baseUrl: string;
  fetch: typeof fetch;
  clock: Clock;
  retry: RetryPolicy;
  timeoutMs: number;
  userAgent: string;
  /** The budget every request of this client family spends from (for instance the month's, in the database). */
  ledger?: SpendingLedger | undefined;
};

export type RequestSpec<S extends z.ZodType> = {
  /** The endpoint template, e.g. "GET /2/tweets/:id/retweeted_by": the unit X rate-limits. */
  endpoint: string;
  path: string;
  query?: Record<string, string | undefined>;
  schema: S;
  token: string;
  budget?: SpendingBudget | undefined;
  /** The most resources (posts, users) one answer can bring: what the ledger reserves before the request. */
  maxItems: number;
  signal?: AbortSignal | undefined;
  /** Single lookups: a 404 that carries `errors` is a not-found answer, not a failure. */
  notFoundIsAnswer?: boolean;
};

/** One attempt's outcome: the answer, or a wait before the next attempt. */
type Attempt<T> = { answer: T; items: number } | { retryAfterMs: number };

/** Resources an answer brought: its `data` list, or its one `data` object. */
function itemsIn(body: unknown): number {
  const data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) return data.length;
  return data === undefined || data === null ? 0 : 1;
}

function readRateLimit(headers: Headers): RateLimitInfo | undefined {
  const limit = headers.get("x-rate-limit-limit");
  const remaining = headers.get("x-rate-limit-remaining");
  const reset = headers.get("x-rate-limit-reset");
  if (remaining === null || reset === null) return undefined;
  const resetSeconds = Number(reset);
  if (!Number.isFinite(resetSeconds)) return undefined;
  return { limit: Number(limit ?? 0), remaining: Number(remaining), resetAt: resetSeconds * 1000 };
}

function problemOf(body: unknown): XProblem | undefined {
  const parsed = problemSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

function isUsageCap(problem: XProblem | undefined): boolean {
  return problem?.type?.endsWith("/usage-capped") === true || problem?.title === "UsageCapExceeded";
}

/** Shared per client family: limits are per endpoint and per token, so the key is both. */
export class RateLimitBook {
  private readonly entries = new Map<string, RateLimitInfo>();

  get(endpoint: string, token: string): RateLimitInfo | undefined {
    return this.entries.get(`${endpoint}\u0000${token}`);
  }

  set(endpoint: string, token: string, info: RateLimitInfo): void {
    this.entries.set(`${endpoint}\u0000${token}`, info);
  }
}

export class XTransport {
  constructor(
    private readonly options: TransportOptions,
    private readonly book: RateLimitBook,
  ) {}

  get clock(): Clock {
    return this.options.clock;
  }

  async request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.infer<S>> {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, "") + spec.path);
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    const failures = { server: 0, rateLimit: 0 };
    for (;;) {
      await this.waitIfExhausted(spec);
      spec.budget?.beforeRequest();
      spec.budget?.countRequest();
      const outcome = await this.metered(spec, () => this.attempt(url, spec, failures));
      if ("answer" in outcome) return outcome.answer;
      await this.options.clock.sleep(outcome.retryAfterMs, spec.signal);
    }
  }

  /** One attempt, its items reserved on the ledger before and settled after (nothing kept when it failed). */
  private async metered<T>(spec: RequestSpec<z.ZodType>, attempt: () => Promise<Attempt<T>>) {
    const reservation = await this.options.ledger?.reserve(spec.maxItems);
    let items = 0;
    try {
      const outcome = await attempt();
      if ("answer" in outcome) items = outcome.items;
      return outcome;
    } finally {
      await reservation?.settle(items);
    }
  }

  private async attempt<S extends z.ZodType>(
    url: URL,
    spec: RequestSpec<S>,
    failures: { server: number; rateLimit: number },
  ): Promise<Attempt<z.infer<S>>> {
    const { clock, retry } = this.options;
    let response: Response;
    try {
      response = await this.options.fetch(url, {
        headers: {
          authorization: `Bearer ${spec.token}`,
          accept: "application/json",
          "user-agent": this.options.userAgent,
        },
        signal: requestSignal(this.options.timeoutMs, spec.signal),
      });
    } catch (cause) {
      if (spec.signal?.aborted) throw cause;
      failures.server++;
      if (failures.server > retry.maxServerRetries) {
        throw new XError("network", `${spec.endpoint}: network failure after ${failures.server} attempts`, {
          cause,
        });
      }
      return { retryAfterMs: this.backoff(failures.server) };
    }

    const rateLimit = readRateLimit(response.headers);
    if (rateLimit) this.book.set(spec.endpoint, spec.token, rateLimit);
    const body = await readBody(response);

    if (response.ok || (spec.notFoundIsAnswer && response.status === 404 && hasErrors(body))) {
      const parsed = spec.schema.safeParse(body);
      if (!parsed.success) {
        throw new XApiError(
          "bad-response",
          {
            status: response.status,
            endpoint: spec.endpoint,
            message: `${spec.endpoint}: unexpected response shape: ${parsed.error.message}`,
          },
          { cause: parsed.error },
        );
      }
      return { answer: parsed.data, items: itemsIn(parsed.data) };
    }

    const problem = problemOf(body);
    const details = { status: response.status, endpoint: spec.endpoint, ...(problem ? { problem } : {}) };
    if (response.status === 429) {
      if (isUsageCap(problem)) throw new XApiError("usage-capped", details);
      failures.rateLimit++;
      const resetAt = rateLimit?.resetAt;
      const wait =
        resetAt !== undefined
          ? Math.max(0, resetAt - clock.now()) + retry.rateLimitMarginMs
          : retry.fallbackRateLimitWaitMs * 2 ** (failures.rateLimit - 1);
      if (failures.rateLimit > retry.maxRateLimitWaits || wait > retry.maxRateLimitWaitMs) {
        throw new XRateLimitError(details, resetAt !== undefined ? new Date(resetAt) : undefined);
      }
      return { retryAfterMs: wait };
    }
    if (response.status >= 500) {
      failures.server++;
      if (failures.server > retry.maxServerRetries) throw new XApiError("server-error", details);
      return { retryAfterMs: this.backoff(failures.server) };
    }
    throw errorFor(response.status, details);
  }

  private backoff(attempt: number): number {
    const { baseDelayMs, maxDelayMs } = this.options.retry;
    return backoffMs(attempt, baseDelayMs, maxDelayMs);
  }

  /** x-rate-limit-remaining reached 0 on the last answer: wait for the reset instead of earning a 429. */
  private async waitIfExhausted(spec: RequestSpec<z.ZodType>): Promise<void> {
    const { clock, retry } = this.options;
    if (!retry.waitWhenExhausted) return;
    const info = this.book.get(spec.endpoint, spec.token);
    if (!info || info.remaining > 0) return;
    const wait = info.resetAt - clock.now();
    if (wait <= 0) return;
    if (wait + retry.rateLimitMarginMs > retry.maxRateLimitWaitMs) {
      throw new XRateLimitError(
        {
          status: 429,
          endpoint: spec.endpoint,
          message: `${spec.endpoint}: rate limit exhausted until ${new Date(info.resetAt).toISOString()}`,
        },
        new Date(info.resetAt),
      );
    }
    await clock.sleep(wait + retry.rateLimitMarginMs, spec.signal);
  }
}

function hasErrors(body: unknown): boolean {
  return typeof body === "object" && body !== null && Array.isArray((body as { errors?: unknown }).errors);
}

function errorFor(
  status: number,
  details: { status: number; endpoint: string; problem?: XProblem },
): XApiError {
  if (status === 400) return new XInvalidRequestError("invalid-request", details);
  const code: XErrorCode =
    status === 401 ? "unauthorized" : status === 403 ? "forbidden" : status === 404 ? "not-found" : "http";
  return new XApiError(code, details);
}
