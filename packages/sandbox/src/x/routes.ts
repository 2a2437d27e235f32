// The X API v2 endpoints the platform uses, with X's paths, parameters, shapes, errors and headers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FaultController } from "./faults.ts";
import { decodeCursor, encodeCursor, type TokenStyle } from "./ids.ts";
import type { OAuthStore, Principal } from "./oauth.ts";
import { hashString, mix } from "./prng.ts";
import type { EndpointKey, RateLimiter } from "./rate-limit.ts";
import { candidates, matches, parseQuery } from "./search.ts";
import type { Seq } from "./seq.ts";
import {
  forbiddenProblem,
  Includes,
  InvalidRequest,
  inactiveUserProblem,
  notFoundTweet,
  notFoundUser,
  type Problem,
  type RenderOptions,
  renderTweet,
  renderUser,
  serverErrorProblem,
  tooManyRequestsProblem,
  tweetExpansionNames,
  tweetFieldNames,
  unauthorizedProblem,
  unsupportedAuthenticationProblem,
  usageCappedProblem,
  userExpansionNames,
  userFieldNames,
  type WireTweet,
  type WireUser,
} from "./wire.ts";
import type { SandboxTweet, XWorld } from "./world.ts";

export type RouteDependencies = {
  world: XWorld;
  faults: FaultController;
  limiter: RateLimiter;
  oauth: OAuthStore;
  clock: () => number;
  notFoundStatus: 200 | 404;
  /** The mount prefix, stripped before fault paths are matched. */
  prefix: () => string;
};

type Query = Record<string, string | string[] | undefined>;

const idPattern = /^[0-9]{1,19}$/;
const usernamePattern = /^[A-Za-z0-9_]{1,15}$/;
const sevenDaysMs = 7 * 24 * 60 * 60 * 1000;
const problemJson = "application/problem+json; charset=utf-8";

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function list(query: Query, name: string): string[] | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  return value.split(",").filter((item) => item.length > 0);
}

function enumSet(query: Query, name: string, allowed: readonly string[]): Set<string> {
  const values = list(query, name);
  if (values === undefined) return new Set();
  if (values.length === 0)
    throw InvalidRequest.of(name, "", `The \`${name}\` query parameter can not be empty`);
  const wrong = values.filter((value) => !allowed.includes(value));
  if (wrong.length > 0) {
    throw new InvalidRequest(
      wrong.map((value) => ({
        parameters: { [name]: [value] },
        message: `The \`${name}\` query parameter value [${value}] is not one of [${allowed.join(",")}]`,
      })),
    );
  }
  return new Set(values);
}

function maxResults(query: Query, min: number, max: number, fallback: number): number {
  const raw = single(query, "max_results");
  if (raw === undefined) return fallback;
  const value = /^-?[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw InvalidRequest.of(
      "max_results",
      raw,
      `The \`max_results\` query parameter value [${raw}] is not between ${min} and ${max}`,
    );
  }
  return value;
}

function checkId(value: string, name = "id"): string {
  if (!idPattern.test(value)) {
    throw InvalidRequest.of(
      name,
      value,
      `The \`${name}\` query parameter value [${value}] does not match ^[0-9]{1,19}$`,
    );
  }
  return value;
}

function checkUsername(value: string, name: string): string {
  if (!usernamePattern.test(value)) {
    throw InvalidRequest.of(
      name,
      value,
      `The \`${name}\` query parameter value [${value}] does not match ^[A-Za-z0-9_]{1,15}$`,
    );
  }
  return value;
}

function requiredList(query: Query, name: string, check: (value: string) => string): string[] {
  const values = list(query, name);
  if (!values || values.length === 0)
    throw InvalidRequest.of(name, "", `The \`${name}\` query parameter can not be empty`);
  if (values.length > 100) {
    throw InvalidRequest.of(
      name,
      values.join(","),
      `The number of values in the \`${name}\` query parameter list [${values.length}] is not between 1 and 100`,
    );
  }
  return values.map(check);
}

function isoMinutes(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

type RequestContext = {
  principal: Principal;
  render: RenderOptions;
  userExpansions: Set<string>;
  tweetExpansions: Set<string>;
};

type EndpointSpec = {
  key: EndpointKey;
  /** Endpoints that refuse app-only tokens (INTEGRATIONS.md §1.1). */
  userContextOnly?: boolean;
  /** Scopes a user token needs. */
  scopes: string[];
  /** Which expansions the endpoint accepts: those of user objects or of tweet objects. */
  expansions: "user" | "tweet";
};

export function registerApiRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const { world, faults, limiter, oauth, clock } = deps;
  const tokenScope = (parts: string[]) => mix(hashString(world.seed), hashString(parts.join("|")));

  const pathOf = (request: FastifyRequest) => {
    const path = request.url.split("?")[0] ?? "";
    const prefix = deps.prefix();
    return prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
  };

  const sendProblem = (reply: FastifyReply, status: number, body: Problem | Record<string, unknown>) =>
    reply.status(status).type(problemJson).send(body);

  /**
   * Authentication, auth-type and scope checks, injected faults and the rate limit. Returns the request
   * context, or undefined when the reply has already been sent.
   */
  const begin = (
    request: FastifyRequest,
    reply: FastifyReply,
    spec: EndpointSpec,
  ): RequestContext | undefined => {
    const principal = oauth.authenticate(request.headers.authorization);
    if (!principal) {
      sendProblem(reply, 401, unauthorizedProblem);
      return undefined;
    }
    if (principal.kind === "app" && spec.userContextOnly) {
      sendProblem(reply, 403, unsupportedAuthenticationProblem);
      return undefined;
    }
    if (principal.kind === "user" && !spec.scopes.every((scope) => principal.scopes.has(scope))) {
      sendProblem(reply, 403, forbiddenProblem);
      return undefined;
    }

    const path = pathOf(request);
    const fault = faults.take(path, ["429", "usage-cap", "5xx"]);
    if (fault?.spec.kind === "429" || fault?.spec.kind === "usage-cap") {
      const reset = Math.ceil((clock() + (fault.spec.resetAfterSeconds ?? 60) * 1000) / 1000);
      reply.header("x-rate-limit-limit", String(limiter.limitFor(spec.key, principal.kind)));
      reply.header("x-rate-limit-remaining", "0");
      reply.header("x-rate-limit-reset", String(reset));
      if (fault.spec.kind === "usage-cap") sendProblem(reply, 429, usageCappedProblem);
      else if (fault.spec.body === "v1")
        reply.status(429).send({ errors: [{ code: 88, message: "Rate limit exceeded" }] });
      else sendProblem(reply, 429, tooManyRequestsProblem);
      return undefined;
    }
    const limitState = limiter.take(spec.key, principal);
    reply.header("x-rate-limit-limit", String(limitState.limit));
    reply.header("x-rate-limit-remaining", String(limitState.remaining));
    reply.header("x-rate-limit-reset", String(limitState.resetSeconds));
    if (fault?.spec.kind === "5xx") {
      const status = fault.spec.status ?? 503;
      sendProblem(reply, status, serverErrorProblem(status));
      return undefined;
    }
    if (!limitState.allowed) {
      sendProblem(reply, 429, tooManyRequestsProblem);
      return undefined;
    }

    const query = request.query as Query;
    const userFields = enumSet(query, "user.fields", userFieldNames);
    const tweetFields = enumSet(query, "tweet.fields", tweetFieldNames);
    const expansions = enumSet(
      query,
      "expansions",
      spec.expansions === "user" ? userExpansionNames : tweetExpansionNames,
    );
    const render: RenderOptions = { userFields, tweetFields };
    if (principal.kind === "user") render.viewerIndex = principal.userIndex;
    return {
      principal,
      render,
      userExpansions: spec.expansions === "user" ? expansions : new Set(),
      tweetExpansions: spec.expansions === "tweet" ? expansions : new Set(),
    };
  };

  const paginationToken = (
    query: Query,
    style: TokenStyle,
    scope: number,
    name = "pagination_token",
  ): number => {
    const token = single(query, name);
    if (token === undefined) return 0;
    const position = decodeCursor(style, scope, token);
    if (position === undefined) {
      throw InvalidRequest.of(
        name,
        token,
        `The \`${name}\` query parameter value [${token}] is not a valid token`,
      );
    }
    return position;
  };

  /** next_token for a page, or a broken one when a cursor fault fires. */
  const nextToken = (
    request: FastifyRequest,
    style: TokenStyle,
    scope: number,
    start: number,
    pageSize: number,
    next: number | undefined,
  ): string | undefined => {
    if (next === undefined) return undefined;
    const path = pathOf(request);
    const hadToken = start > 0;
    if (hadToken && faults.take(path, ["repeat-cursor"])) return encodeCursor(style, scope, start);
    if (start >= 2 * pageSize && faults.take(path, ["loop-cursor"]))
      return encodeCursor(style, scope, start - pageSize);
    return encodeCursor(style, scope, next);
  };

  /** One page of a user list: active accounts in `data`, gone ones as partial errors. */
  const userPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    context: RequestContext,
    seq: Seq<number>,
    options: {
      scope: string[];
      style: TokenStyle;
      min: number;
      max: number;
      fallback: number;
      previousToken: boolean;
    },
  ) => {
    const query = request.query as Query;
    const pageSize = maxResults(query, options.min, options.max, options.fallback);
    const scope = tokenScope(options.scope);
    const start = paginationToken(query, options.style, scope);
    const end = Math.min(seq.length, start + pageSize);
    if (end < seq.length) {
      const fault = faults.take(pathOf(request), ["delete-accounts"]);
      if (fault) deleteAhead(seq, end, fault.spec.count ?? 3);
    }
    const data: WireUser[] = [];
    const errors: Problem[] = [];
    const includes = new Includes(world, context.render);
    for (let position = start; position < end; position++) {
      const user = world.user(seq.at(position));
      if (user.status === "active") {
        data.push(renderUser(user, context.render));
        includes.expandUser(user, context.userExpansions);
      } else {
        errors.push(inactiveUserProblem(user, user.id, "id", "id"));
      }
    }
    const meta: Record<string, unknown> = { result_count: data.length };
    const next = nextToken(
      request,
      options.style,
      scope,
      start,
      pageSize,
      end < seq.length ? end : undefined,
    );
    if (next) meta.next_token = next;
    if (options.previousToken && start > 0) {
      meta.previous_token = encodeCursor(options.style, scope, Math.max(0, start - pageSize));
    }
    return reply.send(body({ data, includes: includes.toJSON(), errors, meta }));
  };

  const deleteAhead = (seq: Seq<number>, from: number, count: number) => {
    const remaining = seq.length - from;
    const step = Math.max(1, Math.floor(remaining / (count + 1)));
    let deleted = 0;
    for (let position = from + step; position < seq.length && deleted < count; position += step) {
      const index = seq.at(position);
      if (!world.isActive(index)) continue;
      world.deleteUser(world.user(index).id);
      deleted++;
    }
  };

  /** Scans a newest-first list of tweets from `start`, keeping visible ones that pass `keep`. */
  const scanTweets = (
    seq: Seq<SandboxTweet>,
    start: number,
    pageSize: number,
    keep: (tweet: SandboxTweet) => boolean | "stop",
  ): { tweets: SandboxTweet[]; next: number | undefined } => {
    const tweets: SandboxTweet[] = [];
    const scanLimit = 10_000;
    let position = start;
    for (; position < seq.length && tweets.length < pageSize && position - start < scanLimit; position++) {
      const tweet = seq.at(position);
      const verdict = keep(tweet);
      if (verdict === "stop") return { tweets, next: undefined };
      if (verdict && world.isVisible(tweet)) tweets.push(tweet);
    }
    return { tweets, next: position < seq.length ? position : undefined };
  };

  const tweetBody = (context: RequestContext, tweets: SandboxTweet[]) => {
    const includes = new Includes(world, context.render);
    const data: WireTweet[] = tweets.map((tweet) => {
      includes.expandTweet(tweet, context.tweetExpansions);
      return renderTweet(tweet, context.render);
    });
    return { data, includes: includes.toJSON() };
  };

  const tweetOrNotFound = (reply: FastifyReply, id: string): SandboxTweet | undefined => {
    const tweet = world.tweet(id);
    if (tweet && world.isActive(tweet.authorIndex)) return tweet;
    reply.status(deps.notFoundStatus).send({ errors: [tweetProblem(id, "id", tweet)] });
    return undefined;
  };

  const tweetProblem = (id: string, parameter: "id" | "ids", tweet: SandboxTweet | undefined): Problem => {
    if (tweet && world.statusOf(tweet.authorIndex) === "suspended") {
      return {
        value: id,
        detail: `Sorry, you are not authorized to see the Tweet with ${parameter}: [${id}].`,
        title: "Authorization Error",
        resource_type: "tweet",
        parameter,
        resource_id: id,
        type: "https://api.twitter.com/2/problems/not-authorized-for-resource",
      };
    }
    return notFoundTweet(id, parameter);
  };

  const userOrNotFound = (reply: FastifyReply, id: string): number | undefined => {
    const index = world.indexOfId(id);
    if (index !== undefined && world.isActive(index)) return index;
    const user = index === undefined ? undefined : world.user(index);
    reply.status(deps.notFoundStatus).send({ errors: [inactiveUserProblem(user, id, "id", "id")] });
    return undefined;
  };

  // ── posts ─────────────────────────────────────────────────────────────────

  const tweetLookup: EndpointSpec = {
    key: "tweets.lookup",
    scopes: ["tweet.read", "users.read"],
    expansions: "tweet",
  };

  app.get("/2/tweets/:id", async (request, reply) => {
    const context = begin(request, reply, tweetLookup);
    if (!context) return reply;
    const id = checkId((request.params as { id: string }).id);
    const tweet = tweetOrNotFound(reply, id);
    if (!tweet) return reply;
    const { data, includes } = tweetBody(context, [tweet]);
    return reply.send(body({ data: data[0], includes }));
  });

  app.get("/2/tweets", async (request, reply) => {
    const context = begin(request, reply, tweetLookup);
    if (!context) return reply;
    const ids = requiredList(request.query as Query, "ids", (id) => checkId(id, "ids"));
    const found: SandboxTweet[] = [];
    const errors: Problem[] = [];
    for (const id of ids) {
      const tweet = world.tweet(id);
      if (tweet && world.isActive(tweet.authorIndex)) found.push(tweet);
      else errors.push(tweetProblem(id, "ids", tweet));
    }
    const { data, includes } = tweetBody(context, found);
    return reply.send(body({ data, includes, errors }));
  });

  const userListOfTweet = (path: string, spec: EndpointSpec, seqOf: (postId: string) => Seq<number>) => {
    app.get(path, async (request, reply) => {
      const context = begin(request, reply, spec);
      if (!context) return reply;
      const id = checkId((request.params as { id: string }).id);
      if (!tweetOrNotFound(reply, id)) return reply;
      return userPage(request, reply, context, seqOf(id), {
        scope: [spec.key, id],
        style: "base36",
        min: 1,
        max: 100,
        fallback: 100,
        previousToken: true,
      });
    });
  };

  userListOfTweet(
    "/2/tweets/:id/retweeted_by",
    { key: "tweets.retweetedBy", scopes: ["tweet.read", "users.read"], expansions: "user" },
    (id) => world.retweeterSeq(id),
  );
  userListOfTweet(
    "/2/tweets/:id/liking_users",
    {
      key: "tweets.likingUsers",
      userContextOnly: true,
      scopes: ["tweet.read", "users.read", "like.read"],
      expansions: "user",
    },
    (id) => world.likerSeq(id),
  );

  app.get("/2/tweets/:id/quote_tweets", async (request, reply) => {
    const spec: EndpointSpec = {
      key: "tweets.quoteTweets",
      scopes: ["tweet.read", "users.read"],
      expansions: "tweet",
    };
    const context = begin(request, reply, spec);
    if (!context) return reply;
    const query = request.query as Query;
    const id = checkId((request.params as { id: string }).id);
    const pageSize = maxResults(query, 10, 100, 10);
    enumSet(query, "exclude", ["replies", "retweets"]);
    if (!tweetOrNotFound(reply, id)) return reply;
    const scope = tokenScope([spec.key, id]);
    const start = paginationToken(query, "base36", scope);
    const { tweets, next } = scanTweets(world.quoteSeq(id), start, pageSize, () => true);
    const { data, includes } = tweetBody(context, tweets);
    const meta: Record<string, unknown> = { result_count: data.length };
    const token = nextToken(request, "base36", scope, start, pageSize, next);
    if (token) meta.next_token = token;
    return reply.send(body({ data, includes, meta }));
  });

  app.get("/2/tweets/search/recent", async (request, reply) => {
    const spec: EndpointSpec = {
      key: "tweets.searchRecent",
      scopes: ["tweet.read", "users.read"],
      expansions: "tweet",
    };
    const context = begin(request, reply, spec);
    if (!context) return reply;
    const query = request.query as Query;
    const text = single(query, "query");
    if (text === undefined)
      throw InvalidRequest.of("query", "", "The `query` query parameter can not be empty");
    const parsed = parseQuery(text);
    const pageSize = maxResults(query, 10, 100, 10);
    const now = clock();
    const windowStart = now - sevenDaysMs;
    const time = (name: "start_time" | "end_time"): number | undefined => {
      const raw = single(query, name);
      if (raw === undefined) return undefined;
      const value = Date.parse(raw);
      if (
        Number.isNaN(value) ||
        !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)
      ) {
        throw InvalidRequest.of(
          name,
          raw,
          `The \`${name}\` query parameter value [${raw}] is not a valid time`,
        );
      }
      return value;
    };
    const startTime = time("start_time");
    const endTime = time("end_time");
    if (startTime !== undefined && startTime < windowStart) {
      throw InvalidRequest.of(
        "start_time",
        single(query, "start_time") ?? "",
        `Invalid 'start_time':'${single(query, "start_time")}'. 'start_time' must be on or after ${isoMinutes(windowStart)}`,
      );
    }
    if (endTime !== undefined && endTime > now - 10_000) {
      throw InvalidRequest.of(
        "end_time",
        single(query, "end_time") ?? "",
        `Invalid 'end_time':'${single(query, "end_time")}'. 'end_time' must be a minimum of 10 seconds prior to the request time.`,
      );
    }
    if (startTime !== undefined && endTime !== undefined && endTime <= startTime) {
      throw InvalidRequest.of(
        "end_time",
        single(query, "end_time") ?? "",
        "Invalid 'end_time': it must be after 'start_time'.",
      );
    }
    const sinceId = single(query, "since_id");
    const untilId = single(query, "until_id");
    if (sinceId !== undefined) checkId(sinceId, "since_id");
    if (untilId !== undefined) checkId(untilId, "until_id");
    const sortOrder = single(query, "sort_order");
    if (sortOrder !== undefined && sortOrder !== "recency" && sortOrder !== "relevancy") {
      throw InvalidRequest.of(
        "sort_order",
        sortOrder,
        `The \`sort_order\` query parameter value [${sortOrder}] is not one of [recency,relevancy]`,
      );
    }
    const lowest = Math.max(windowStart, startTime ?? windowStart);
    const scope = tokenScope([
      spec.key,
      text,
      String(startTime),
      String(endTime),
      String(sinceId),
      String(untilId),
    ]);
    const tokenName = single(query, "next_token") !== undefined ? "next_token" : "pagination_token";
    const start = paginationToken(query, "base36", scope, tokenName);
    const { tweets, next } = scanTweets(candidates(world, parsed), start, pageSize, (tweet) => {
      const created = Date.parse(tweet.createdAt);
      if (created < lowest) return "stop";
      if (endTime !== undefined && created >= endTime) return false;
      if (sinceId !== undefined && BigInt(tweet.id) <= BigInt(sinceId)) return "stop";
      if (untilId !== undefined && BigInt(tweet.id) >= BigInt(untilId)) return false;
      return matches(world, parsed, tweet);
    });
    const { data, includes } = tweetBody(context, tweets);
    const meta: Record<string, unknown> = {};
    if (data.length > 0) {
      meta.newest_id = data[0]?.id;
      meta.oldest_id = data[data.length - 1]?.id;
    }
    meta.result_count = data.length;
    const token = nextToken(request, "base36", scope, start, pageSize, next);
    if (token) meta.next_token = token;
    return reply.send(body({ data, includes, meta }));
  });

  // ── users ─────────────────────────────────────────────────────────────────

  const userLookup: EndpointSpec = {
    key: "users.lookup",
    scopes: ["tweet.read", "users.read"],
    expansions: "user",
  };

  const usersBody = (context: RequestContext, indices: number[]) => {
    const includes = new Includes(world, context.render);
    const data = indices.map((index) => {
      const user = world.user(index);
      includes.expandUser(user, context.userExpansions);
      return renderUser(user, context.render);
    });
    return { data, includes: includes.toJSON() };
  };

  app.get("/2/users", async (request, reply) => {
    const context = begin(request, reply, userLookup);
    if (!context) return reply;
    const ids = requiredList(request.query as Query, "ids", (id) => checkId(id, "ids"));
    const found: number[] = [];
    const errors: Problem[] = [];
    for (const id of ids) {
      const index = world.indexOfId(id);
      if (index !== undefined && world.isActive(index)) found.push(index);
      else
        errors.push(
          inactiveUserProblem(index === undefined ? undefined : world.user(index), id, "ids", "ids"),
        );
    }
    return reply.send(body({ ...usersBody(context, found), errors }));
  });

  app.get("/2/users/by", async (request, reply) => {
    const context = begin(request, reply, userLookup);
    if (!context) return reply;
    const names = requiredList(request.query as Query, "usernames", (name) =>
      checkUsername(name, "usernames"),
    );
    const found: number[] = [];
    const errors: Problem[] = [];
    for (const name of names) {
      const index = world.indexOfUsername(name);
      if (index !== undefined && world.isActive(index)) found.push(index);
      else {
        const user = index === undefined ? undefined : world.user(index);
        errors.push(
          user?.status === "suspended"
            ? inactiveUserProblem(user, name, "usernames", "username")
            : notFoundUser(name, "usernames", "username"),
        );
      }
    }
    return reply.send(body({ ...usersBody(context, found), errors }));
  });

  app.get("/2/users/by/username/:username", async (request, reply) => {
    const context = begin(request, reply, userLookup);
    if (!context) return reply;
    const name = checkUsername((request.params as { username: string }).username, "username");
    const index = world.indexOfUsername(name);
    if (index === undefined || !world.isActive(index)) {
      const user = index === undefined ? undefined : world.user(index);
      return reply
        .status(deps.notFoundStatus)
        .send({ errors: [inactiveUserProblem(user, name, "username", "username")] });
    }
    const { data, includes } = usersBody(context, [index]);
    return reply.send(body({ data: data[0], includes }));
  });

  app.get("/2/users/me", async (request, reply) => {
    const context = begin(request, reply, {
      key: "users.me",
      userContextOnly: true,
      scopes: ["tweet.read", "users.read"],
      expansions: "user",
    });
    if (!context) return reply;
    if (context.principal.kind !== "user") return sendProblem(reply, 403, unsupportedAuthenticationProblem);
    const { data, includes } = usersBody(context, [context.principal.userIndex]);
    return reply.send(body({ data: data[0], includes }));
  });

  app.get("/2/users/:id", async (request, reply) => {
    const context = begin(request, reply, userLookup);
    if (!context) return reply;
    const id = checkId((request.params as { id: string }).id);
    const index = userOrNotFound(reply, id);
    if (index === undefined) return reply;
    const { data, includes } = usersBody(context, [index]);
    return reply.send(body({ data: data[0], includes }));
  });

  const followList = (path: string, key: EndpointKey, seqOf: (index: number) => Seq<number>) => {
    const spec: EndpointSpec = {
      key,
      scopes: ["tweet.read", "users.read", "follows.read"],
      expansions: "user",
    };
    app.get(path, async (request, reply) => {
      const context = begin(request, reply, spec);
      if (!context) return reply;
      const id = checkId((request.params as { id: string }).id);
      const index = userOrNotFound(reply, id);
      if (index === undefined) return reply;
      return userPage(request, reply, context, seqOf(index), {
        scope: [key, id],
        style: "base32",
        min: 1,
        max: 1000,
        fallback: 100,
        previousToken: true,
      });
    });
  };
  followList("/2/users/:id/followers", "users.followers", (index) => world.followerSeq(index));
  followList("/2/users/:id/following", "users.following", (index) => world.followingSeq(index));
}

/** Drops empty `data` lists, empty `errors` and absent `includes`, as X does (an empty page has no `data`). */
function body(parts: {
  data?: unknown;
  includes?: unknown;
  errors?: Problem[];
  meta?: Record<string, unknown>;
}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (parts.data !== undefined && !(Array.isArray(parts.data) && parts.data.length === 0))
    out.data = parts.data;
  if (parts.includes !== undefined) out.includes = parts.includes;
  if (parts.errors && parts.errors.length > 0) out.errors = parts.errors;
  if (parts.meta) out.meta = parts.meta;
  return out;
}
