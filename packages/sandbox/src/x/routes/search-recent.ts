// GET /2/tweets/search/recent: X's query language over the last seven days, with its time and id bounds.
import type { FastifyInstance } from "fastify";
import { candidates, matches, parseQuery } from "../search.ts";
import { InvalidRequest } from "../wire.ts";
import type { SandboxTweet } from "../world.ts";
import { begin, type EndpointSpec, type RouteDependencies } from "./context.ts";
import { tweetBody } from "./lookups.ts";
import { nextToken, paginationToken, scanTweets, tokenScope } from "./paging.ts";
import { body, checkId, maxResults, type Query, single } from "./params.ts";

const sevenDaysMs = 7 * 24 * 60 * 60 * 1000;
const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const spec: EndpointSpec = {
  key: "tweets.searchRecent",
  scopes: ["tweet.read", "users.read"],
  expansions: "tweet",
};

function isoMinutes(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

type SearchBounds = {
  windowStart: number;
  startTime: number | undefined;
  endTime: number | undefined;
  sinceId: string | undefined;
  untilId: string | undefined;
};

function time(query: Query, name: "start_time" | "end_time"): number | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const value = Date.parse(raw);
  if (Number.isNaN(value) || !timePattern.test(raw)) {
    throw InvalidRequest.of(name, raw, `The \`${name}\` query parameter value [${raw}] is not a valid time`);
  }
  return value;
}

/** start_time, end_time, since_id, until_id and sort_order, checked as X checks them. */
function searchBounds(query: Query, now: number): SearchBounds {
  const windowStart = now - sevenDaysMs;
  const startTime = time(query, "start_time");
  const endTime = time(query, "end_time");
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
  return { windowStart, startTime, endTime, sinceId, untilId };
}

/** Whether a tweet is within the bounds; "stop" once the newest-first scan has passed the lower one. */
function withinBounds(bounds: SearchBounds, tweet: SandboxTweet): boolean | "stop" {
  const { startTime, endTime, sinceId, untilId } = bounds;
  const lowest = Math.max(bounds.windowStart, startTime ?? bounds.windowStart);
  const created = Date.parse(tweet.createdAt);
  if (created < lowest) return "stop";
  if (endTime !== undefined && created >= endTime) return false;
  if (sinceId !== undefined && BigInt(tweet.id) <= BigInt(sinceId)) return "stop";
  if (untilId !== undefined && BigInt(tweet.id) >= BigInt(untilId)) return false;
  return true;
}

export function registerSearchRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const { world } = deps;
  app.get("/2/tweets/search/recent", async (request, reply) => {
    const context = begin(deps, request, reply, spec);
    if (!context) return reply;
    const query = request.query as Query;
    const text = single(query, "query");
    if (text === undefined)
      throw InvalidRequest.of("query", "", "The `query` query parameter can not be empty");
    const parsed = parseQuery(text);
    const pageSize = maxResults(query, 10, 100, 10);
    const bounds = searchBounds(query, deps.clock());
    const scope = tokenScope(world, [
      spec.key,
      text,
      String(bounds.startTime),
      String(bounds.endTime),
      String(bounds.sinceId),
      String(bounds.untilId),
    ]);
    const tokenName = single(query, "next_token") !== undefined ? "next_token" : "pagination_token";
    const start = paginationToken(query, "base36", scope, tokenName);
    const { tweets, next } = scanTweets(world, candidates(world, parsed), start, pageSize, (tweet) => {
      const verdict = withinBounds(bounds, tweet);
      return verdict === true
        ? matches(world, parsed, tweet) && world.getTweet(tweet.id) !== undefined
        : verdict;
    });
    const { data, includes } = tweetBody(world, context, tweets);
    const meta: Record<string, unknown> = {};
    if (data.length > 0) {
      meta.newest_id = data[0]?.id;
      meta.oldest_id = data[data.length - 1]?.id;
    }
    meta.result_count = data.length;
    const token = nextToken(deps, request, { style: "base36", scope }, start, pageSize, next);
    if (token) meta.next_token = token;
    return reply.send(body({ data, includes, meta }));
  });
}
