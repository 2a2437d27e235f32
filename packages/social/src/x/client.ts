// The X API v2 client for what the picker needs. Real HTTP; it knows nothing of the
// sandbox beyond the base URL it is given.
import type { z } from "zod";
import { SpendingBudget, type SpendingCap, type SpendingLedger } from "./budget.ts";
import { type Clock, systemClock } from "./clock.ts";
import { XApiError } from "./errors.ts";
import { defaultRetryPolicy, RateLimitBook, type RetryPolicy, XTransport } from "./http.ts";
import { type Page, type PageCursor, paginate, type RawPage } from "./pagination.ts";
import {
  listResponseSchema,
  singleResponseSchema,
  tweetSchema,
  userSchema,
  type XIncludes,
  type XPartialError,
  type XTweet,
  type XUser,
} from "./schemas.ts";

/** The user fields the picker's filters read (issue 3). */
export const defaultUserFields = [
  "created_at",
  "description",
  "location",
  "profile_image_url",
  "profile_banner_url",
  "verified",
  "verified_type",
  "public_metrics",
  "most_recent_tweet_id",
  "protected",
] as const;

export const defaultTweetFields = [
  "author_id",
  "conversation_id",
  "created_at",
  "public_metrics",
  "referenced_tweets",
  "in_reply_to_user_id",
  "entities",
] as const;

/** X's recent search covers the last 7 days only. */
export const recentSearchWindowMs = 7 * 24 * 60 * 60 * 1000;

export type XClientOptions = {
  /** e.g. https://api.x.com, or a sandbox's URL. */
  baseUrl: string;
  /** App-only bearer token, or a user's OAuth 2.0 access token. */
  bearerToken: string;
  fetch?: typeof fetch;
  clock?: Clock;
  retry?: Partial<RetryPolicy>;
  /** A cap for everything this client does; or pass a `budget` shared with a job. */
  spendingCap?: SpendingCap;
  budget?: SpendingBudget;
  /**
   * A budget shared beyond this client (every process of the app, kept in its database): each request reserves
   * the most items its answer can bring before it is sent. Clients made with `withToken` and `withBudget`
   * spend from it too.
   */
  ledger?: SpendingLedger;
  /** Per request (ms, default 30,000). */
  timeoutMs?: number;
  userFields?: readonly string[];
  tweetFields?: readonly string[];
  /** Re-fetches of a page whose next_token was already seen (default 2). */
  cursorRetries?: number;
  userAgent?: string;
};

export type FieldOptions = {
  userFields?: readonly string[];
  tweetFields?: readonly string[];
  expansions?: readonly string[];
  signal?: AbortSignal;
};

export type PageOptions = FieldOptions & {
  maxResults?: number;
  /** Resume after this cursor (as stored from an earlier page). */
  cursor?: PageCursor;
  /** Stop cleanly after this many pages in this run (the cursor says where to go on). */
  maxPages?: number;
};

export type SearchOptions = PageOptions & {
  /** ISO-8601; must lie inside the last 7 days. */
  startTime?: string;
  endTime?: string;
  sinceId?: string;
  untilId?: string;
  sortOrder?: "recency" | "relevancy";
};

export type LookupResult<T> =
  | { found: true; data: T; includes: XIncludes; errors: XPartialError[] }
  | { found: false; reason: PartialErrorReason; errors: XPartialError[] };

export type BatchResult<T> = { data: T[]; includes: XIncludes; errors: XPartialError[] };

export type PartialErrorReason = "not-found" | "suspended" | "not-authorized" | "other";

/** Why a resource is missing, from its partial error (suspended accounts come as "Forbidden" not-found). */
export function partialErrorReason(error: XPartialError): PartialErrorReason {
  if (error.detail?.startsWith("User has been suspended")) return "suspended";
  if (error.type?.endsWith("/not-authorized-for-resource")) return "not-authorized";
  if (error.type?.endsWith("/resource-not-found")) return "not-found";
  return "other";
}

type Shared = {
  transport: XTransport;
  options: Required<Pick<XClientOptions, "cursorRetries">> & XClientOptions;
  retry: RetryPolicy;
};

const userLookupSchema = singleResponseSchema(userSchema);
const usersSchema = listResponseSchema(userSchema);
const tweetLookupSchema = singleResponseSchema(tweetSchema);
const tweetsSchema = listResponseSchema(tweetSchema);

function csv(values: readonly string[] | undefined): string | undefined {
  return values && values.length > 0 ? values.join(",") : undefined;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function mergeIncludes(target: Required<XIncludes>, source: XIncludes | undefined): void {
  if (source?.users) target.users.push(...source.users);
  if (source?.tweets) target.tweets.push(...source.tweets);
}

export class XClient {
  private constructor(
    private readonly shared: Shared,
    private readonly token: string,
    readonly budget: SpendingBudget | undefined,
  ) {}

  static create(options: XClientOptions): XClient {
    const retry = { ...defaultRetryPolicy, ...options.retry };
    const transport = new XTransport(
      {
        baseUrl: options.baseUrl,
        fetch: options.fetch ?? globalThis.fetch,
        clock: options.clock ?? systemClock,
        retry,
        timeoutMs: options.timeoutMs ?? 30_000,
        userAgent: options.userAgent ?? "dropfair-social/0.1",
        ledger: options.ledger,
      },
      new RateLimitBook(),
    );
    const budget =
      options.budget ?? (options.spendingCap ? new SpendingBudget(options.spendingCap) : undefined);
    return new XClient(
      { transport, options: { cursorRetries: 2, ...options }, retry },
      options.bearerToken,
      budget,
    );
  }

  /** The same client acting with another token (a user's, for user-context endpoints). Limits are per token. */
  withToken(token: string): XClient {
    return new XClient(this.shared, token, this.budget);
  }

  /** The same client spending from a job's budget. */
  withBudget(budget: SpendingBudget | SpendingCap): XClient {
    return new XClient(
      this.shared,
      this.token,
      budget instanceof SpendingBudget ? budget : new SpendingBudget(budget),
    );
  }

  // ── posts ─────────────────────────────────────────────────────────────────

  async lookupPost(id: string, options: FieldOptions = {}): Promise<LookupResult<XTweet>> {
    const body = await this.get(
      "GET /2/tweets/:id",
      `/2/tweets/${encodeURIComponent(id)}`,
      tweetLookupSchema,
      {
        query: this.tweetQuery(options),
        maxItems: 1,
        signal: options.signal,
        notFoundIsAnswer: true,
      },
    );
    return this.lookupResult(body.data, body.includes, body.errors);
  }

  /** Posts by id, in batches of 100. */
  async lookupPosts(ids: readonly string[], options: FieldOptions = {}): Promise<BatchResult<XTweet>> {
    return this.lookupInBatches("GET /2/tweets", "/2/tweets", tweetsSchema, "ids", ids, {
      query: this.tweetQuery(options),
      signal: options.signal,
    });
  }

  retweetedBy(postId: string, options: PageOptions = {}): AsyncGenerator<Page<XUser>> {
    return this.userPages("GET /2/tweets/:id/retweeted_by", `/2/tweets/${postId}/retweeted_by`, options, 100);
  }

  /** User context only: call it on `withToken(userAccessToken)` (scope like.read). */
  likingUsers(postId: string, options: PageOptions = {}): AsyncGenerator<Page<XUser>> {
    return this.userPages("GET /2/tweets/:id/liking_users", `/2/tweets/${postId}/liking_users`, options, 100);
  }

  quotePosts(postId: string, options: PageOptions = {}): AsyncGenerator<Page<XTweet>> {
    const endpoint = "GET /2/tweets/:id/quote_tweets";
    const path = `/2/tweets/${postId}/quote_tweets`;
    const query = {
      max_results: String(options.maxResults ?? 100),
      ...this.tweetQuery(options, ["author_id"]),
    };
    return this.pages(endpoint, options, (token) =>
      this.get(endpoint, path, tweetsSchema, {
        query: { ...query, pagination_token: token },
        maxItems: Number(query.max_results),
        signal: options.signal,
      }),
    );
  }

  /** Recent search (last 7 days only; an older `startTime` is a 400 from X). */
  searchRecent(query: string, options: SearchOptions = {}): AsyncGenerator<Page<XTweet>> {
    const endpoint = "GET /2/tweets/search/recent";
    const base = {
      query,
      max_results: String(options.maxResults ?? 100),
      start_time: options.startTime,
      end_time: options.endTime,
      since_id: options.sinceId,
      until_id: options.untilId,
      sort_order: options.sortOrder,
      ...this.tweetQuery(options, ["author_id"]),
    };
    return this.pages(endpoint, options, (token) =>
      this.get(endpoint, "/2/tweets/search/recent", tweetsSchema, {
        query: { ...base, next_token: token },
        maxItems: Number(base.max_results),
        signal: options.signal,
      }),
    );
  }

  /**
   * A user's own posts, newest first (`GET /2/users/:id/tweets`; X serves the latest 3,200). `startTime` and
   * `endTime` bound them like recent search's, without its seven-day limit.
   */
  userTweets(
    userId: string,
    options: PageOptions & { startTime?: string; endTime?: string } = {},
  ): AsyncGenerator<Page<XTweet>> {
    const endpoint = "GET /2/users/:id/tweets";
    const path = `/2/users/${encodeURIComponent(userId)}/tweets`;
    const base = {
      max_results: String(options.maxResults ?? 100),
      start_time: options.startTime,
      end_time: options.endTime,
      ...this.tweetQuery(options),
    };
    return this.pages(endpoint, options, (token) =>
      this.get(endpoint, path, tweetsSchema, {
        query: { ...base, pagination_token: token },
        maxItems: Number(base.max_results),
        signal: options.signal,
      }),
    );
  }

  /** Replies in a post's conversation from the last 7 days: `conversation_id:<id> is:reply`. */
  conversationReplies(postId: string, options: SearchOptions = {}): AsyncGenerator<Page<XTweet>> {
    return this.searchRecent(`conversation_id:${postId} is:reply`, options);
  }

  // ── users ─────────────────────────────────────────────────────────────────

  async lookupUser(id: string, options: FieldOptions = {}): Promise<LookupResult<XUser>> {
    const body = await this.get("GET /2/users/:id", `/2/users/${encodeURIComponent(id)}`, userLookupSchema, {
      query: this.userQuery(options),
      maxItems: 1,
      signal: options.signal,
      notFoundIsAnswer: true,
    });
    return this.lookupResult(body.data, body.includes, body.errors);
  }

  async lookupUserByUsername(username: string, options: FieldOptions = {}): Promise<LookupResult<XUser>> {
    const name = username.replace(/^@/, "");
    const body = await this.get(
      "GET /2/users/by/username/:username",
      `/2/users/by/username/${encodeURIComponent(name)}`,
      userLookupSchema,
      { query: this.userQuery(options), maxItems: 1, signal: options.signal, notFoundIsAnswer: true },
    );
    return this.lookupResult(body.data, body.includes, body.errors);
  }

  /** Users by id, in batches of 100; missing ones come back as partial errors. */
  async lookupUsers(ids: readonly string[], options: FieldOptions = {}): Promise<BatchResult<XUser>> {
    const result: BatchResult<XUser> & { includes: Required<XIncludes> } = {
      data: [],
      includes: { users: [], tweets: [] },
      errors: [],
    };
    for await (const batch of this.lookupUserBatches(ids, options)) {
      result.data.push(...batch.data);
      result.errors.push(...batch.errors);
      mergeIncludes(result.includes, batch.includes);
    }
    return result;
  }

  /** The batches of `lookupUsers` one by one, with the offset to resume from after each. */
  async *lookupUserBatches(
    ids: readonly string[],
    options: FieldOptions & { startAt?: number } = {},
  ): AsyncGenerator<BatchResult<XUser> & { nextOffset: number | null }> {
    for (let offset = options.startAt ?? 0; offset < ids.length; offset += 100) {
      const batch = ids.slice(offset, offset + 100);
      const body = await this.get("GET /2/users", "/2/users", usersSchema, {
        query: { ids: batch.join(","), ...this.userQuery(options) },
        maxItems: batch.length,
        signal: options.signal,
      });
      this.budget?.countItems(body.data?.length ?? 0);
      const next = offset + 100 < ids.length ? offset + 100 : null;
      yield {
        data: body.data ?? [],
        includes: body.includes ?? {},
        errors: body.errors ?? [],
        nextOffset: next,
      };
    }
  }

  async lookupUsersByUsernames(
    usernames: readonly string[],
    options: FieldOptions = {},
  ): Promise<BatchResult<XUser>> {
    const names = usernames.map((name) => name.replace(/^@/, ""));
    return this.lookupInBatches("GET /2/users/by", "/2/users/by", usersSchema, "usernames", names, {
      query: this.userQuery(options),
      signal: options.signal,
    });
  }

  /** Looks values up 100 at a time (X's limit per request), merging data, includes and partial errors. */
  private async lookupInBatches<T>(
    endpoint: string,
    path: string,
    schema: typeof tweetsSchema | typeof usersSchema,
    parameter: "ids" | "usernames",
    values: readonly string[],
    request: { query: Record<string, string | undefined>; signal?: AbortSignal | undefined },
  ): Promise<BatchResult<T>> {
    const result: BatchResult<T> & { includes: Required<XIncludes> } = {
      data: [],
      includes: { users: [], tweets: [] },
      errors: [],
    };
    for (const batch of chunks(values, 100)) {
      const body = await this.get(endpoint, path, schema, {
        query: { [parameter]: batch.join(","), ...request.query },
        maxItems: batch.length,
        signal: request.signal,
      });
      result.data.push(...((body.data ?? []) as T[]));
      result.errors.push(...(body.errors ?? []));
      mergeIncludes(result.includes, body.includes);
      this.budget?.countItems(body.data?.length ?? 0);
    }
    return result;
  }

  followers(userId: string, options: PageOptions = {}): AsyncGenerator<Page<XUser>> {
    return this.userPages("GET /2/users/:id/followers", `/2/users/${userId}/followers`, options, 1000);
  }

  following(userId: string, options: PageOptions = {}): AsyncGenerator<Page<XUser>> {
    return this.userPages("GET /2/users/:id/following", `/2/users/${userId}/following`, options, 1000);
  }

  /** The account behind a user access token (`withToken`). */
  async me(options: FieldOptions = {}): Promise<XUser> {
    const body = await this.get("GET /2/users/me", "/2/users/me", userLookupSchema, {
      query: this.userQuery(options),
      maxItems: 1,
      signal: options.signal,
    });
    if (!body.data) {
      throw new XApiError("bad-response", {
        status: 200,
        endpoint: "GET /2/users/me",
        message: "users/me without data",
      });
    }
    return body.data;
  }

  // ── plumbing ──────────────────────────────────────────────────────────────

  private get<S extends z.ZodType>(
    endpoint: string,
    path: string,
    schema: S,
    request: {
      query?: Record<string, string | undefined>;
      /** The most items the answer can bring (reserved on the ledger first). */
      maxItems: number;
      signal?: AbortSignal | undefined;
      notFoundIsAnswer?: boolean;
    },
  ) {
    return this.shared.transport.request({
      endpoint,
      path,
      schema,
      token: this.token,
      budget: this.budget,
      maxItems: request.maxItems,
      query: request.query,
      signal: request.signal,
      notFoundIsAnswer: request.notFoundIsAnswer ?? false,
    });
  }

  private userQuery(options: FieldOptions): Record<string, string | undefined> {
    return {
      "user.fields": csv(options.userFields ?? this.shared.options.userFields ?? defaultUserFields),
      "tweet.fields": csv(options.tweetFields),
      expansions: csv(options.expansions),
    };
  }

  private tweetQuery(
    options: FieldOptions,
    defaultExpansions: string[] = [],
  ): Record<string, string | undefined> {
    return {
      "tweet.fields": csv(options.tweetFields ?? this.shared.options.tweetFields ?? defaultTweetFields),
      "user.fields": csv(options.userFields ?? this.shared.options.userFields ?? defaultUserFields),
      expansions: csv(options.expansions ?? defaultExpansions),
    };
  }

  private userPages(endpoint: string, path: string, options: PageOptions, maxPageSize: number) {
    const query = { max_results: String(options.maxResults ?? maxPageSize), ...this.userQuery(options) };
    return this.pages(endpoint, options, (token) =>
      this.get(endpoint, path, usersSchema, {
        query: { ...query, pagination_token: token },
        maxItems: Number(query.max_results),
        signal: options.signal,
      }),
    );
  }

  private pages<T>(
    endpoint: string,
    options: PageOptions,
    fetchPage: (token: string | undefined) => Promise<RawPage<T>>,
  ): AsyncGenerator<Page<T>> {
    return paginate(fetchPage, {
      endpoint,
      cursor: options.cursor,
      clock: this.shared.transport.clock,
      budget: this.budget,
      cursorRetries: this.shared.options.cursorRetries,
      cursorRetryDelayMs: this.shared.retry.baseDelayMs,
      maxPages: options.maxPages,
      signal: options.signal,
    });
  }

  private lookupResult<T>(
    data: T | undefined,
    includes: XIncludes | undefined,
    errors: XPartialError[] | undefined,
  ): LookupResult<T> {
    if (data !== undefined) {
      this.budget?.countItems(1);
      return { found: true, data, includes: includes ?? {}, errors: errors ?? [] };
    }
    const list = errors ?? [];
    const first = list[0];
    return { found: false, reason: first ? partialErrorReason(first) : "not-found", errors: list };
  }
}

export function createXClient(options: XClientOptions): XClient {
  return XClient.create(options);
}
