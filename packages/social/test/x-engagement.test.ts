// Engagement look-ups against the X sandbox: a like, repost, follow or quote recorded in the sandbox's world is
// found; without it the whole list is read and the answer is a certain "no"; X's rate limits are waited out.
import { afterEach, describe, expect, it } from "vitest";
import { hasLiked, hasRetweeted, isFollowing, quoteBy } from "../src/x/index.ts";
import { type Harness, startHarness } from "./helpers.ts";

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(sandbox: Parameters<typeof startHarness>[0] = {}) {
  harness = await startHarness({ sandbox: { rateLimits: false }, ...sandbox });
  const { world } = harness.sandbox;
  return { harness, world, users: world.fixtures.users, posts: world.fixtures.posts };
}

describe("engagement look-ups", () => {
  it("finds a repost only once the sandbox records it", async () => {
    const { harness, world, users, posts } = await start();
    const before = await hasRetweeted(harness.client, posts.partner, users.admin.id);
    expect(before).toEqual({ found: null, complete: true, pagesRead: expect.any(Number) });
    expect(world.recordRetweet(posts.partner, users.admin.id)).toBe(true);
    expect(world.recordRetweet(posts.partner, users.admin.id)).toBe(false);
    const after = await hasRetweeted(harness.client, posts.partner, users.admin.id);
    expect(after).toEqual({ found: true, complete: true, pagesRead: 1 });
  });

  it("reads likes with a user token (liking_users is user context only)", async () => {
    const { harness, world, users, posts } = await start();
    const token = harness.sandbox.issueUserToken("sandbox_carol").access_token;
    const userClient = harness.client.withToken(token);
    expect((await hasLiked(userClient, posts.recent, users.carol.id)).found).toBeNull();
    world.recordLike(posts.recent, users.carol.id);
    expect((await hasLiked(userClient, posts.recent, users.carol.id)).found).toBe(true);
    await expect(hasLiked(harness.client, posts.recent, users.carol.id)).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("follows: generated and recorded", async () => {
    const { harness, world, users } = await start();
    expect((await isFollowing(harness.client, users.alice.id, users.host.id)).found).toBe(true);
    expect((await isFollowing(harness.client, users.carol.id, users.partner.id)).found).toBeNull();
    world.recordFollow(users.carol.id, users.partner.id);
    expect((await isFollowing(harness.client, users.carol.id, users.partner.id)).found).toBe(true);
  });

  it("returns the account's quote post", async () => {
    const { harness, world, users, posts } = await start();
    expect((await quoteBy(harness.client, posts.partner, users.carol.id)).found).toBeNull();
    const quote = world.publishPost({
      authorId: users.carol.id,
      text: "great project",
      quoteOf: posts.partner,
    });
    const answer = await quoteBy(harness.client, posts.partner, users.carol.id);
    expect(answer.found).toMatchObject({ id: quote.id, author_id: users.carol.id });
  });

  it("stops after maxPages with complete: false when the account was not seen", async () => {
    const { harness, users, posts } = await start();
    const answer = await hasRetweeted(harness.client, posts.bench, users.carol.id, { maxPages: 2 });
    expect(answer).toEqual({ found: null, complete: false, pagesRead: 2 });
  });

  it("waits for X's rate-limit reset and resumes instead of failing", async () => {
    const { harness, world, users, posts } = await start({
      sandbox: { rateLimits: { limits: { "tweets.retweetedBy": { app: 1 } } } },
    });
    world.recordRetweet(posts.recent, users.carol.id);
    expect((await hasRetweeted(harness.client, posts.recent, users.carol.id)).found).toBe(true);
    expect((await hasRetweeted(harness.client, posts.recent, users.carol.id)).found).toBe(true);
    // The first answer said the window was spent: the client slept until its reset, then asked again.
    expect(harness.statuses).toEqual([200, 200]);
    expect(harness.clock.sleeps.some((ms) => ms >= 14 * 60_000)).toBe(true);
  });
});
