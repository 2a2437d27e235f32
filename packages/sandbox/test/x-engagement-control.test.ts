// The X sandbox's control routes that act as users: what they record is what the API then serves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createXSandbox, type XSandbox } from "../src/x/index.ts";

let sandbox: XSandbox;
const app = () => ({ authorization: `Bearer ${sandbox.appBearerToken}` });

beforeAll(async () => {
  sandbox = createXSandbox({ seed: "engagement-control", rateLimits: false });
  await sandbox.ready();
});
afterAll(() => sandbox.close());

async function ids(url: string, headers = app()) {
  const response = await sandbox.inject({ method: "GET", url, headers });
  expect(response.statusCode).toBe(200);
  return ((response.json().data ?? []) as { id: string }[]).map((user) => user.id);
}

describe("X sandbox engagement control", () => {
  it("records a repost, served first by retweeted_by", async () => {
    const { posts, users } = sandbox.world.fixtures;
    const recorded = await sandbox.inject({
      method: "POST",
      url: `/_sandbox/posts/${posts.recent}/retweets`,
      payload: { user: "@dropfair_admin" },
    });
    expect(recorded.json()).toEqual({ recorded: true });
    expect((await ids(`/2/tweets/${posts.recent}/retweeted_by?max_results=5`))[0]).toBe(users.admin.id);
  });

  it("records a like, served by liking_users to a user token", async () => {
    const { posts, users } = sandbox.world.fixtures;
    await sandbox.inject({
      method: "POST",
      url: `/_sandbox/posts/${posts.old}/likes`,
      payload: { user: users.carol.id },
    });
    const token = sandbox.issueUserToken("sandbox_carol").access_token;
    const likers = await ids(`/2/tweets/${posts.old}/liking_users`, { authorization: `Bearer ${token}` });
    expect(likers).toContain(users.carol.id);
  });

  it("records a follow, served by following and followers", async () => {
    const { users } = sandbox.world.fixtures;
    const recorded = await sandbox.inject({
      method: "POST",
      url: `/_sandbox/users/${users.carol.id}/following`,
      payload: { target: "partner_labs" },
    });
    expect(recorded.json()).toEqual({ recorded: true });
    expect(await ids(`/2/users/${users.carol.id}/following`)).toContain(users.partner.id);
    expect(await ids(`/2/users/${users.partner.id}/followers?max_results=1000`)).toContain(users.carol.id);
  });

  it("publishes a post and a quote, with public metrics that can change", async () => {
    const { posts, users } = sandbox.world.fixtures;
    const created = await sandbox.inject({
      method: "POST",
      url: "/_sandbox/posts",
      payload: {
        author: "sandbox_carol",
        text: "gm #Dropfair",
        quoteOf: posts.partner,
        publicMetrics: { impression_count: 5 },
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const patched = await sandbox.inject({
      method: "PATCH",
      url: `/_sandbox/posts/${id}/metrics`,
      payload: { like_count: 7 },
    });
    expect(patched.statusCode).toBe(204);
    const lookup = await sandbox.inject({
      method: "GET",
      url: `/2/tweets/${id}?tweet.fields=public_metrics,author_id,referenced_tweets`,
      headers: app(),
    });
    expect(lookup.json().data).toMatchObject({
      id,
      text: "gm #Dropfair",
      author_id: users.carol.id,
      referenced_tweets: [{ type: "quoted", id: posts.partner }],
      public_metrics: { impression_count: 5, like_count: 7, retweet_count: 0 },
    });
    const quotes = await sandbox.inject({
      method: "GET",
      url: `/2/tweets/${posts.partner}/quote_tweets`,
      headers: app(),
    });
    expect(quotes.json().data[0].id).toBe(id);
  });

  it("refuses unknown users, posts and bad metrics with a 400", async () => {
    const { posts } = sandbox.world.fixtures;
    const cases = [
      {
        method: "POST" as const,
        url: `/_sandbox/posts/${posts.recent}/likes`,
        payload: { user: "nobody_here_x" },
      },
      { method: "POST" as const, url: "/_sandbox/posts/1/retweets", payload: { user: "sandbox_carol" } },
      { method: "POST" as const, url: "/_sandbox/posts", payload: { author: "sandbox_carol", text: 5 } },
      {
        method: "PATCH" as const,
        url: `/_sandbox/posts/${posts.recent}/metrics`,
        payload: { like_count: -1 },
      },
    ];
    for (const request of cases) expect((await sandbox.inject(request)).statusCode).toBe(400);
  });
});
