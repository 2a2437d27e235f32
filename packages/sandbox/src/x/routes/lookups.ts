// Rendering found users and tweets, and X's answers for missing, suspended or deleted ones.
import type { FastifyReply } from "fastify";
import {
  Includes,
  inactiveUserProblem,
  notFoundTweet,
  type Problem,
  renderTweet,
  renderUser,
  type WireTweet,
} from "../wire.ts";
import type { SandboxTweet, XWorld } from "../world.ts";
import type { RequestContext, RouteDependencies } from "./context.ts";

export function tweetBody(world: XWorld, context: RequestContext, tweets: SandboxTweet[]) {
  const includes = new Includes(world, context.render);
  const data: WireTweet[] = tweets.map((tweet) => {
    includes.expandTweet(tweet, context.tweetExpansions);
    return renderTweet(tweet, context.render);
  });
  return { data, includes: includes.toJSON() };
}

export function usersBody(world: XWorld, context: RequestContext, indices: number[]) {
  const includes = new Includes(world, context.render);
  const data = indices.map((index) => {
    const user = world.user(index);
    includes.expandUser(user, context.userExpansions);
    return renderUser(user, context.render);
  });
  return { data, includes: includes.toJSON() };
}

/** A tweet X will not show: "not authorized" when its author is suspended, "not found" otherwise. */
export function tweetProblem(
  world: XWorld,
  id: string,
  parameter: "id" | "ids",
  tweet: SandboxTweet | undefined,
): Problem {
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
}

/** The tweet, or undefined after answering with its problem (X answers 200 with `errors`; the status is configurable). */
export function tweetOrNotFound(
  deps: RouteDependencies,
  reply: FastifyReply,
  id: string,
): SandboxTweet | undefined {
  const tweet = deps.world.tweet(id);
  if (tweet && deps.world.isActive(tweet.authorIndex)) return tweet;
  reply.status(deps.notFoundStatus).send({ errors: [tweetProblem(deps.world, id, "id", tweet)] });
  return undefined;
}

/** The active account's index, or undefined after answering with its problem. */
export function userOrNotFound(deps: RouteDependencies, reply: FastifyReply, id: string): number | undefined {
  const { world } = deps;
  const index = world.indexOfId(id);
  if (index !== undefined && world.isActive(index)) return index;
  const user = index === undefined ? undefined : world.user(index);
  reply.status(deps.notFoundStatus).send({ errors: [inactiveUserProblem(user, id, "id", "id")] });
  return undefined;
}
