// /_sandbox/* routes that act as users of the world: repost, like, follow, post or quote, and set a post's
// public metrics. Tests and the e2e in another process use them to make a mission's check pass.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { TweetPublicMetrics, XWorld } from "./world.ts";

const metricKeys = [
  "retweet_count",
  "reply_count",
  "like_count",
  "quote_count",
  "bookmark_count",
  "impression_count",
] as const;

/** A user id, or a username (with or without @), as the account's id. */
function accountId(world: XWorld, value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 40) return undefined;
  const index = /^[0-9]+$/.test(value)
    ? world.indexOfId(value)
    : world.indexOfUsername(value.replace(/^@/, ""));
  return index === undefined ? undefined : world.user(index).id;
}

function metricsOf(value: unknown): Partial<TweetPublicMetrics> | undefined {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null) return undefined;
  const out: Partial<TweetPublicMetrics> = {};
  for (const [key, count] of Object.entries(value)) {
    if (!(metricKeys as readonly string[]).includes(key)) return undefined;
    if (!Number.isSafeInteger(count) || (count as number) < 0) return undefined;
    out[key as keyof TweetPublicMetrics] = count as number;
  }
  return out;
}

function bad(reply: FastifyReply, error: string) {
  return reply.status(400).send({ error });
}

export function registerEngagementControlRoutes(app: FastifyInstance, world: XWorld): void {
  const postAction = (path: string, record: (postId: string, userId: string) => boolean) =>
    app.post(path, async (request, reply) => {
      const postId = (request.params as { id: string }).id;
      const user = accountId(world, ((request.body ?? {}) as Record<string, unknown>).user);
      if (!user || !world.getTweet(postId))
        return bad(reply, "a visible post id and a known user are required");
      return reply.status(200).send({ recorded: record(postId, user) });
    });
  postAction("/_sandbox/posts/:id/retweets", (postId, user) => world.recordRetweet(postId, user));
  postAction("/_sandbox/posts/:id/likes", (postId, user) => world.recordLike(postId, user));

  app.post("/_sandbox/users/:id/following", async (request, reply) => {
    const follower = accountId(world, (request.params as { id: string }).id);
    const followee = accountId(world, ((request.body ?? {}) as Record<string, unknown>).target);
    if (!follower || !followee) return bad(reply, "a known user and a known target are required");
    return reply.status(200).send({ recorded: world.recordFollow(follower, followee) });
  });

  app.post("/_sandbox/posts", async (request, reply) => {
    const input = (request.body ?? {}) as Record<string, unknown>;
    const author = accountId(world, input.author);
    const metrics = metricsOf(input.publicMetrics);
    const quoteOf = input.quoteOf;
    const createdAt = input.createdAt;
    if (
      (createdAt !== undefined && (typeof createdAt !== "string" || Number.isNaN(Date.parse(createdAt)))) ||
      !author ||
      typeof input.text !== "string" ||
      input.text.length > 280 ||
      !metrics ||
      (quoteOf !== undefined && (typeof quoteOf !== "string" || !world.getTweet(quoteOf)))
    ) {
      return bad(
        reply,
        "author, text (≤ 280), an optional visible quoteOf, publicMetrics and an optional ISO createdAt are required",
      );
    }
    const tweet = world.publishPost({
      authorId: author,
      text: input.text,
      publicMetrics: metrics,
      ...(typeof quoteOf === "string" ? { quoteOf } : {}),
      ...(typeof createdAt === "string" ? { createdAt: new Date(createdAt).toISOString() } : {}),
    });
    return reply.status(201).send({ id: tweet.id, authorId: tweet.authorId, createdAt: tweet.createdAt });
  });

  app.delete("/_sandbox/posts/:id", async (request, reply) => {
    const postId = (request.params as { id: string }).id;
    if (!world.getTweet(postId)) return reply.status(404).send({ error: `no visible post ${postId}` });
    world.deletePost(postId);
    return reply.status(204).send();
  });

  app.patch("/_sandbox/posts/:id/metrics", async (request, reply) => {
    const postId = (request.params as { id: string }).id;
    const metrics = metricsOf(request.body ?? {});
    if (!metrics) return bad(reply, "public metric counts (non-negative integers) are required");
    try {
      world.setPostMetrics(postId, metrics);
    } catch {
      return reply.status(404).send({ error: `no stored post ${postId}` });
    }
    return reply.status(204).send();
  });
}
