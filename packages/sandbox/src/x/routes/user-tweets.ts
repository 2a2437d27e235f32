// GET /2/users/:id/tweets: an account's own posts, newest first, with X's time and id bounds (no seven-day
// window, unlike recent search). Deleted posts are gone from it.
import type { FastifyInstance } from "fastify";
import { InvalidRequest } from "../wire.ts";
import { begin, type EndpointSpec, type RouteDependencies } from "./context.ts";
import { tweetBody, userOrNotFound } from "./lookups.ts";
import { nextToken, paginationToken, scanTweets, tokenScope } from "./paging.ts";
import { body, checkId, maxResults, pathId, type Query, single } from "./params.ts";

const spec: EndpointSpec = {
  key: "users.tweets",
  scopes: ["tweet.read", "users.read"],
  expansions: "tweet",
};

const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function time(query: Query, name: "start_time" | "end_time"): number | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const value = Date.parse(raw);
  if (Number.isNaN(value) || !timePattern.test(raw)) {
    throw InvalidRequest.of(name, raw, `The \`${name}\` query parameter value [${raw}] is not a valid time`);
  }
  return value;
}

export function registerUserTweetRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const { world } = deps;
  app.get("/2/users/:id/tweets", async (request, reply) => {
    const context = begin(deps, request, reply, spec);
    if (!context) return reply;
    const query = request.query as Query;
    const id = pathId(request.params);
    const pageSize = maxResults(query, 5, 100, 10);
    const startTime = time(query, "start_time");
    const endTime = time(query, "end_time");
    const sinceId = single(query, "since_id");
    const untilId = single(query, "until_id");
    if (sinceId !== undefined) checkId(sinceId, "since_id");
    if (untilId !== undefined) checkId(untilId, "until_id");
    const index = userOrNotFound(deps, reply, id);
    if (index === undefined) return reply;
    const scope = tokenScope(world, [
      spec.key,
      id,
      String(startTime),
      String(endTime),
      String(sinceId),
      String(untilId),
    ]);
    const start = paginationToken(query, "base36", scope);
    const { tweets, next } = scanTweets(world, world.authoredSeq(index), start, pageSize, (tweet) => {
      const created = Date.parse(tweet.createdAt);
      if (startTime !== undefined && created < startTime) return "stop";
      if (sinceId !== undefined && BigInt(tweet.id) <= BigInt(sinceId)) return "stop";
      if (endTime !== undefined && created >= endTime) return false;
      if (untilId !== undefined && BigInt(tweet.id) >= BigInt(untilId)) return false;
      return world.getTweet(tweet.id) !== undefined;
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
