// Post endpoints: lookup by id, the users who retweeted or liked a post, and its quote tweets.
import type { FastifyInstance } from "fastify";
import type { Seq } from "../seq.ts";
import type { Problem } from "../wire.ts";
import type { SandboxTweet } from "../world.ts";
import { begin, type EndpointSpec, type RouteDependencies } from "./context.ts";
import { tweetBody, tweetOrNotFound, tweetProblem } from "./lookups.ts";
import { nextToken, paginationToken, scanTweets, tokenScope, userPage } from "./paging.ts";
import { body, checkId, enumSet, maxResults, pathId, type Query, requiredList } from "./params.ts";

const tweetLookup: EndpointSpec = {
  key: "tweets.lookup",
  scopes: ["tweet.read", "users.read"],
  expansions: "tweet",
};

function registerTweetLookup(app: FastifyInstance, deps: RouteDependencies): void {
  const { world } = deps;

  app.get("/2/tweets/:id", async (request, reply) => {
    const context = begin(deps, request, reply, tweetLookup);
    if (!context) return reply;
    const id = pathId(request.params);
    const tweet = tweetOrNotFound(deps, reply, id);
    if (!tweet) return reply;
    const { data, includes } = tweetBody(world, context, [tweet]);
    return reply.send(body({ data: data[0], includes }));
  });

  app.get("/2/tweets", async (request, reply) => {
    const context = begin(deps, request, reply, tweetLookup);
    if (!context) return reply;
    const ids = requiredList(request.query as Query, "ids", (id) => checkId(id, "ids"));
    const found: SandboxTweet[] = [];
    const errors: Problem[] = [];
    for (const id of ids) {
      const tweet = world.tweet(id);
      if (tweet && world.isActive(tweet.authorIndex)) found.push(tweet);
      else errors.push(tweetProblem(world, id, "ids", tweet));
    }
    const { data, includes } = tweetBody(world, context, found);
    return reply.send(body({ data, includes, errors }));
  });
}

/** A paged list of the users who did something to a post (retweeted it, liked it). */
function registerUsersOfTweet(
  app: FastifyInstance,
  deps: RouteDependencies,
  path: string,
  spec: EndpointSpec,
  seqOf: (postId: string) => Seq<number>,
): void {
  app.get(path, async (request, reply) => {
    const context = begin(deps, request, reply, spec);
    if (!context) return reply;
    const id = pathId(request.params);
    if (!tweetOrNotFound(deps, reply, id)) return reply;
    return userPage(deps, request, reply, context, seqOf(id), {
      scope: [spec.key, id],
      style: "base36",
      min: 1,
      max: 100,
      fallback: 100,
      previousToken: true,
    });
  });
}

function registerQuoteTweets(app: FastifyInstance, deps: RouteDependencies): void {
  const { world } = deps;
  const spec: EndpointSpec = {
    key: "tweets.quoteTweets",
    scopes: ["tweet.read", "users.read"],
    expansions: "tweet",
  };
  app.get("/2/tweets/:id/quote_tweets", async (request, reply) => {
    const context = begin(deps, request, reply, spec);
    if (!context) return reply;
    const query = request.query as Query;
    const id = pathId(request.params);
    const pageSize = maxResults(query, 10, 100, 10);
    enumSet(query, "exclude", ["replies", "retweets"]);
    if (!tweetOrNotFound(deps, reply, id)) return reply;
    const scope = tokenScope(world, [spec.key, id]);
    const start = paginationToken(query, "base36", scope);
    const { tweets, next } = scanTweets(world, world.quoteSeq(id), start, pageSize, () => true);
    const { data, includes } = tweetBody(world, context, tweets);
    const meta: Record<string, unknown> = { result_count: data.length };
    const token = nextToken(deps, request, { style: "base36", scope }, start, pageSize, next);
    if (token) meta.next_token = token;
    return reply.send(body({ data, includes, meta }));
  });
}

export function registerTweetRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const { world } = deps;
  registerTweetLookup(app, deps);
  registerUsersOfTweet(
    app,
    deps,
    "/2/tweets/:id/retweeted_by",
    { key: "tweets.retweetedBy", scopes: ["tweet.read", "users.read"], expansions: "user" },
    (id) => world.retweeterSeq(id),
  );
  registerUsersOfTweet(
    app,
    deps,
    "/2/tweets/:id/liking_users",
    {
      key: "tweets.likingUsers",
      userContextOnly: true,
      scopes: ["tweet.read", "users.read", "like.read"],
      expansions: "user",
    },
    (id) => world.likerSeq(id),
  );
  registerQuoteTweets(app, deps);
}
