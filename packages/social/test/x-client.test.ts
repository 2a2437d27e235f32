import { afterEach, describe, expect, it } from "vitest";
import {
  collectPages,
  createXClient,
  type PageCursor,
  SpendingBudget,
  type SpendingLedger,
  XApiError,
  XCursorLoopError,
  XInvalidRequestError,
  XRateLimitError,
  XSpendingCapError,
  type XUser,
} from "../src/x/index.ts";
import { type Harness, startHarness } from "./helpers.ts";

const sevenDays = 7 * 24 * 60 * 60 * 1000;
let harness: Harness | undefined;

async function setup(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  harness = await startHarness(options);
  return harness;
}

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function ids(users: readonly { id: string }[]): string[] {
  return users.map((user) => user.id);
}

describe("X client: collection under rate limits and the usage cap", () => {
  it("collects every retweeter of the giveaway, ghosts reported as partial errors", async () => {
    const { sandbox, client } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    const { items, errors } = await collectPages(client.retweetedBy(giveaway, { maxResults: 50 }));
    const truth = sandbox.world.retweeterIds(giveaway);
    expect(truth.length).toBeGreaterThan(200);
    expect(ids(items).sort()).toEqual([...truth].sort());
    // The named suspended and deleted accounts reposted too: they come back as errors, not as entries.
    const { suspended, deleted } = sandbox.world.fixtures.users;
    expect(errors.map((error) => error.resource_id)).toEqual(
      expect.arrayContaining([suspended.id, deleted.id]),
    );
    expect(items[0]?.public_metrics?.followers_count).toBeTypeOf("number");
  });

  it("waits for x-rate-limit-reset on a 429 (on the shared fake clock) and goes on", async () => {
    const { sandbox, client, clock, statuses } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    sandbox.faults.inject({ path: /retweeted_by/, kind: "429", skip: 1, resetAfterSeconds: 120 });
    const { items } = await collectPages(client.retweetedBy(giveaway, { maxResults: 100 }));
    expect(ids(items).sort()).toEqual(sandbox.world.retweeterIds(giveaway).sort());
    expect(statuses).toContain(429);
    // reset is 120 s ahead, plus the client's 1 s margin.
    expect(clock.sleeps).toEqual([121_000]);
  });

  it("understands the v1-style 429 body too", async () => {
    const { sandbox, client, clock } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    sandbox.faults.inject({ path: /retweeted_by/, kind: "429", body: "v1", resetAfterSeconds: 30 });
    const { items } = await collectPages(client.retweetedBy(giveaway));
    expect(items).toHaveLength(sandbox.world.retweeterIds(giveaway).length);
    expect(clock.sleeps).toEqual([31_000]);
  });

  it("waits before the next request when x-rate-limit-remaining reaches 0, without earning a 429", async () => {
    const { sandbox, client, clock, statuses } = await setup({
      sandbox: { rateLimits: { limits: { "tweets.retweetedBy": { app: 3 } } } },
    });
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    const { items } = await collectPages(client.retweetedBy(giveaway, { maxResults: 40 }));
    expect(ids(items).sort()).toEqual(sandbox.world.retweeterIds(giveaway).sort());
    expect(statuses).not.toContain(429);
    expect(clock.sleeps.length).toBeGreaterThanOrEqual(2);
    for (const wait of clock.sleeps) expect(wait).toBe(15 * 60 * 1000 + 1000);
  });

  it("without the proactive wait, a real exhausted window gives a 429 the client waits out", async () => {
    const { sandbox, client, clock, statuses } = await setup({
      sandbox: { rateLimits: { limits: { "tweets.retweetedBy": { app: 2 } } } },
      client: { retry: { waitWhenExhausted: false } },
    });
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    const { items } = await collectPages(client.retweetedBy(giveaway, { maxResults: 100 }));
    expect(items).toHaveLength(sandbox.world.retweeterIds(giveaway).length);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(clock.sleeps).toEqual([15 * 60 * 1000 + 1000]);
  });

  it("gives up with XRateLimitError (and the reset time) when the reset is beyond the policy", async () => {
    const { sandbox, client } = await setup();
    sandbox.faults.inject({ path: /retweeted_by/, kind: "429", resetAfterSeconds: 3 * 60 * 60 });
    const error = await collectPages(client.retweetedBy(sandbox.world.fixtures.posts.giveaway)).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(XRateLimitError);
    expect((error as XRateLimitError).resetAt?.getTime()).toBe(sandbox.clock() + 3 * 60 * 60 * 1000);
  });

  it("stops at once on the monthly usage cap", async () => {
    const { sandbox, client, clock } = await setup();
    sandbox.faults.inject({ path: /retweeted_by/, kind: "usage-cap" });
    const error = await collectPages(client.retweetedBy(sandbox.world.fixtures.posts.giveaway)).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(XApiError);
    expect((error as XApiError).code).toBe("usage-capped");
    expect(clock.sleeps).toEqual([]);
  });
});

describe("X client: collection under server errors, broken cursors and deleted accounts", () => {
  it("retries 5xx with backoff a bounded number of times", async () => {
    const { sandbox, client, clock, statuses } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    sandbox.faults.inject({ path: /retweeted_by/, kind: "5xx", status: 503, skip: 1, times: 2 });
    const { items } = await collectPages(client.retweetedBy(giveaway, { maxResults: 100 }));
    expect(items).toHaveLength(sandbox.world.retweeterIds(giveaway).length);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
    expect(clock.sleeps).toEqual([1000, 2000]);

    sandbox.faults.inject({
      path: /retweeted_by/,
      kind: "5xx",
      status: 500,
      times: Number.POSITIVE_INFINITY,
    });
    const error = await collectPages(client.retweetedBy(giveaway)).catch((e) => e);
    expect(error).toBeInstanceOf(XApiError);
    expect((error as XApiError).code).toBe("server-error");
    expect((error as XApiError).status).toBe(500);
    expect(statuses.filter((status) => status === 500)).toHaveLength(4);
  });

  it("survives a repeated and a looping next_token without duplicates", async () => {
    const { sandbox, client } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    sandbox.faults.inject({ path: /retweeted_by/, kind: "repeat-cursor" });
    sandbox.faults.inject({ path: /retweeted_by/, kind: "loop-cursor", skip: 1 });
    const seen: string[] = [];
    for await (const page of client.retweetedBy(giveaway, { maxResults: 20 })) seen.push(...ids(page.data));
    expect(sandbox.faults.log.map((event) => event.kind).sort()).toEqual(["loop-cursor", "repeat-cursor"]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(sandbox.world.retweeterIds(giveaway).sort());
  });

  it("ends a cursor that stays broken with XCursorLoopError, resumable from its last good cursor", async () => {
    const { sandbox, client } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    const fault = sandbox.faults.inject({
      path: /retweeted_by/,
      kind: "loop-cursor",
      times: Number.POSITIVE_INFINITY,
    });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const page of client.retweetedBy(giveaway, { maxResults: 30 })) seen.push(...ids(page.data));
    })().catch((e) => e);
    expect(error).toBeInstanceOf(XCursorLoopError);
    const loop = error as XCursorLoopError;
    expect(loop.cursor.pagesFetched).toBe(2);
    expect(seen).toHaveLength(loop.cursor.itemsFetched);

    sandbox.faults.cancel(fault);
    for await (const page of client.retweetedBy(giveaway, { maxResults: 30, cursor: loop.cursor })) {
      seen.push(...ids(page.data));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(sandbox.world.retweeterIds(giveaway).sort());
  });

  it("handles accounts deleted mid-pagination: the final set equals the truth", async () => {
    const { sandbox, client } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    const before = sandbox.world.retweeterIds(giveaway);
    sandbox.faults.inject({ path: /retweeted_by/, kind: "delete-accounts", skip: 1, count: 5 });
    const { items, errors } = await collectPages(client.retweetedBy(giveaway, { maxResults: 25 }));
    const after = sandbox.world.retweeterIds(giveaway);
    expect(after).toHaveLength(before.length - 5);
    expect(ids(items).sort()).toEqual([...after].sort());
    const gone = before.filter((id) => !after.includes(id));
    expect(errors.map((error) => error.resource_id)).toEqual(expect.arrayContaining(gone));
  });

  it("all faults at once: bounded retries, waits for the reset, the entry set equals the truth", async () => {
    const { sandbox, client, clock } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    sandbox.faults.inject({ path: /retweeted_by/, kind: "429", skip: 2, resetAfterSeconds: 300 });
    sandbox.faults.inject({ path: /retweeted_by/, kind: "5xx", skip: 3, times: 3 });
    sandbox.faults.inject({ path: /retweeted_by/, kind: "repeat-cursor", skip: 4 });
    sandbox.faults.inject({ path: /retweeted_by/, kind: "loop-cursor", skip: 2 });
    sandbox.faults.inject({ path: /retweeted_by/, kind: "delete-accounts", skip: 5, count: 3 });
    const { items } = await collectPages(client.retweetedBy(giveaway, { maxResults: 15 }));
    expect(new Set(sandbox.faults.log.map((event) => event.kind))).toEqual(
      new Set(["429", "5xx", "repeat-cursor", "loop-cursor", "delete-accounts"]),
    );
    expect(clock.sleeps).toContain(301_000);
    expect(new Set(ids(items)).size).toBe(items.length);
    expect(ids(items).sort()).toEqual(sandbox.world.retweeterIds(giveaway).sort());
  });
});

describe("X client: resumable cursors", () => {
  it("resumes from a stored cursor in a new client without duplicates or gaps", async () => {
    const { sandbox, url, clock } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    const collected: string[] = [];
    let stored = "";
    const first = createXClient({ baseUrl: url, bearerToken: sandbox.appBearerToken, clock });
    for await (const page of first.retweetedBy(giveaway, { maxResults: 25 })) {
      collected.push(...ids(page.data));
      stored = JSON.stringify(page.cursor); // what a job writes with the page, in one transaction
      if (page.cursor.pagesFetched === 3) break; // the worker dies here
    }
    const cursor = JSON.parse(stored) as PageCursor;
    expect(cursor).toMatchObject({ pagesFetched: 3, done: false });

    const second = createXClient({ baseUrl: url, bearerToken: sandbox.appBearerToken, clock });
    let last: PageCursor | undefined;
    for await (const page of second.retweetedBy(giveaway, { maxResults: 25, cursor })) {
      collected.push(...ids(page.data));
      last = page.cursor;
    }
    expect(last?.done).toBe(true);
    expect(last?.itemsFetched).toBe(collected.length);
    expect(new Set(collected).size).toBe(collected.length);
    expect(collected.sort()).toEqual(sandbox.world.retweeterIds(giveaway).sort());

    const again: XUser[] = [];
    for await (const page of second.retweetedBy(giveaway, { cursor: last as PageCursor }))
      again.push(...page.data);
    expect(again).toEqual([]);
  });

  it("stops cleanly after maxPages, leaving a cursor to go on from", async () => {
    const { sandbox, client } = await setup();
    const pages = [];
    for await (const page of client.followers(sandbox.world.fixtures.users.host.id, {
      maxResults: 100,
      maxPages: 2,
    })) {
      pages.push(page);
    }
    expect(pages).toHaveLength(2);
    expect(pages[1]?.cursor).toMatchObject({ pagesFetched: 2, done: false });
  });
});

describe("X client: spending cap", () => {
  it("stops with XSpendingCapError at the request cap", async () => {
    const { sandbox, client } = await setup();
    const budget = new SpendingBudget({ maxRequests: 3 });
    const capped = client.withBudget(budget);
    const error = await collectPages(
      capped.retweetedBy(sandbox.world.fixtures.posts.giveaway, { maxResults: 10 }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(XSpendingCapError);
    expect(error).toMatchObject({ code: "spending-cap", limit: "requests", cap: 3, used: 3 });
    expect(budget.usage).toEqual({ requests: 3, items: expect.any(Number) });
  });

  it("stops at the item cap, counting from a resumed job's usage", async () => {
    const { sandbox, client } = await setup();
    const capped = client.withBudget(new SpendingBudget({ maxItems: 100 }, { requests: 10, items: 60 }));
    const error = await collectPages(
      capped.retweetedBy(sandbox.world.fixtures.posts.giveaway, { maxResults: 25 }),
    ).catch((e) => e);
    expect(error).toMatchObject({ code: "spending-cap", limit: "items", cap: 100 });
    expect(capped.budget?.usage.items).toBeGreaterThanOrEqual(100);
    expect(capped.budget?.usage.items).toBeLessThan(125);
  });
});

/** An in-memory ledger: what each request reserved and what it settled, and a cap on what is held. */
function recordingLedger(cap: number) {
  const log: { reserved: number; settled?: number }[] = [];
  let held = 0;
  const ledger: SpendingLedger = {
    reserve: async (items) => {
      if (held + items > cap) throw new XSpendingCapError("items", cap, held);
      held += items;
      const entry: { reserved: number; settled?: number } = { reserved: items };
      log.push(entry);
      return {
        settle: async (used) => {
          entry.settled = used;
          held -= items - used;
        },
      };
    },
  };
  return { ledger, log, held: () => held };
}

describe("X client: a spending ledger shared beyond the client", () => {
  it("reserves each request's largest answer before sending it and settles what it read, a failed attempt nothing", async () => {
    const { ledger, log, held } = recordingLedger(10_000);
    const { sandbox, client } = await setup({ client: { ledger } });
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    sandbox.faults.inject({ path: /retweeted_by/, kind: "5xx", skip: 1 });
    const { items } = await collectPages(client.retweetedBy(giveaway, { maxResults: 100 }));
    const found = await client.lookupUser(sandbox.world.fixtures.users.alice.id);
    expect(found.found).toBe(true);
    const pages = Math.ceil(sandbox.world.retweeterIds(giveaway).length / 100);
    // Every page reserved 100; the retried one settled 0; the lookup reserved and read 1.
    expect(log.map((entry) => entry.reserved)).toEqual([...Array(pages + 1).fill(100), 1]);
    expect(log[1]).toEqual({ reserved: 100, settled: 0 });
    const pageItems = log.slice(0, -1).map((entry) => entry.settled ?? -1);
    expect(pageItems.reduce((sum, count) => sum + count, 0)).toBe(items.length);
    expect(held()).toBe(items.length + 1);
  });

  it("sends nothing once the ledger refuses: XSpendingCapError, with the pages before it kept", async () => {
    const { ledger, held } = recordingLedger(250);
    const { sandbox, client, statuses } = await setup({ client: { ledger } });
    const pages: number[] = [];
    const error = await (async () => {
      for await (const page of client.retweetedBy(sandbox.world.fixtures.posts.giveaway, {
        maxResults: 100,
      })) {
        pages.push(page.data.length);
      }
    })().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(XSpendingCapError);
    // Two pages of up to 100 fit; a third reservation of 100 would pass 250.
    expect(pages).toHaveLength(2);
    expect(statuses).toEqual([200, 200]);
    expect(held()).toBe((pages[0] ?? 0) + (pages[1] ?? 0));
  });
});

describe("X client: recent search and posts", () => {
  it("returns only replies of the last 7 days for conversation_id:", async () => {
    const { sandbox, client, clock } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    const { items } = await collectPages(client.conversationReplies(giveaway, { maxResults: 100 }));
    const since = clock.now() - sevenDays;
    const recent = sandbox.world.replies(giveaway, { since });
    const all = sandbox.world.replies(giveaway);
    expect(all.length).toBeGreaterThan(recent.length); // the world has older replies…
    expect(ids(items)).toEqual(ids(recent)); // …that search does not return (newest first, like X)
    for (const tweet of items) {
      expect(Date.parse(tweet.created_at ?? "")).toBeGreaterThanOrEqual(since);
      expect(tweet.conversation_id).toBe(giveaway);
      expect(tweet.referenced_tweets?.[0]?.type).toBe("replied_to");
    }
    // Bob replied 8 days ago: too old for reply proof.
    expect(items.some((tweet) => tweet.author_id === sandbox.world.fixtures.users.bob.id)).toBe(false);
    expect(items.some((tweet) => tweet.author_id === sandbox.world.fixtures.users.alice.id)).toBe(true);
  });

  it("finds nothing in the window for a month-old post, and rejects a start_time older than 7 days", async () => {
    const { sandbox, client, clock } = await setup();
    const { items } = await collectPages(client.conversationReplies(sandbox.world.fixtures.posts.old));
    expect(items).toEqual([]);
    expect(sandbox.world.replies(sandbox.world.fixtures.posts.old).length).toBeGreaterThan(0);

    const startTime = new Date(clock.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    const error = await collectPages(
      client.conversationReplies(sandbox.world.fixtures.posts.giveaway, { startTime }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(XInvalidRequestError);
    expect((error as XInvalidRequestError).messages[0]).toMatch(/'start_time' must be on or after/);
  });

  it("looks up posts and their quote posts; a deleted post is not found", async () => {
    const { sandbox, client } = await setup();
    const { giveaway, deleted } = sandbox.world.fixtures.posts;
    const post = await client.lookupPost(giveaway, { expansions: ["author_id"] });
    expect(post.found).toBe(true);
    if (post.found) {
      expect(post.data.author_id).toBe(sandbox.world.fixtures.users.host.id);
      expect(post.data.public_metrics?.retweet_count).toBe(sandbox.world.retweeterSeq(giveaway).length);
      expect(post.includes.users?.[0]?.username).toBe("dropfair_host");
    }
    expect(await client.lookupPost(deleted)).toMatchObject({ found: false, reason: "not-found" });

    const { items } = await collectPages(client.quotePosts(giveaway, { maxResults: 10 }));
    expect(ids(items)).toEqual(ids(sandbox.world.quotes(giveaway)));

    const batch = await client.lookupPosts([giveaway, deleted]);
    expect(ids(batch.data)).toEqual([giveaway]);
    expect(batch.errors[0]?.resource_id).toBe(deleted);
  });

  it("treats a 404 not-found answer like a 200 one", async () => {
    const { sandbox, client } = await setup({ sandbox: { notFoundStatus: 404 } });
    expect(await client.lookupPost(sandbox.world.fixtures.posts.deleted)).toMatchObject({ found: false });
    expect(await client.lookupUserByUsername("nobody_here_x")).toMatchObject({
      found: false,
      reason: "not-found",
    });
  });
});

describe("X client: users", () => {
  it("looks users up by id in batches of 100, with suspended and deleted ones as partial errors", async () => {
    const { sandbox, client } = await setup();
    const world = sandbox.world;
    const seq = world.retweeterSeq(world.fixtures.posts.giveaway);
    const all = Array.from({ length: seq.length }, (_, position) => world.user(seq.at(position)).id);
    const budget = new SpendingBudget();
    const result = await client.withBudget(budget).lookupUsers([...all, "999"]);
    expect(budget.usage.requests).toBe(Math.ceil((all.length + 1) / 100));
    expect(ids(result.data).sort()).toEqual(world.retweeterIds(world.fixtures.posts.giveaway).sort());
    const reasons = new Map(result.errors.map((error) => [error.value, error.detail]));
    expect(reasons.get(world.fixtures.users.suspended.id)).toMatch(/suspended/);
    expect(reasons.get("999")).toMatch(/Could not find user/);
    const host = result.data.length > 0 ? await client.lookupUser(world.fixtures.users.host.id) : undefined;
    expect(host).toMatchObject({
      found: true,
      data: { username: "dropfair_host", verified_type: "business" },
    });
  });

  it("looks users up by username with every field the picker's filters need", async () => {
    const { sandbox, client } = await setup();
    const result = await client.lookupUsersByUsernames(["@dropfair_host", "sandbox_bob", "sandbox_gone"]);
    const [host, bob] = result.data;
    expect(host).toMatchObject({
      username: "dropfair_host",
      description: expect.any(String),
      location: "Singapore",
      profile_image_url: expect.stringContaining("pbs.twimg.com/profile_images"),
      profile_banner_url: expect.any(String),
      verified: true,
      verified_type: "business",
      public_metrics: expect.objectContaining({ tweet_count: expect.any(Number) }),
      most_recent_tweet_id: expect.any(String),
    });
    expect(bob?.profile_image_url).toContain("default_profile");
    expect(bob?.profile_banner_url).toBeUndefined();
    expect(result.errors).toHaveLength(1);
    expect(await client.lookupUserByUsername("sandbox_banned")).toMatchObject({
      found: false,
      reason: "suspended",
    });
    expect(sandbox.world.getUserByUsername("sandbox_bob")?.hasDefaultProfileImage).toBe(true);
  });

  it("pages followers (1,000 a page) to the sandbox's truth", async () => {
    const { sandbox, client } = await setup();
    const benchHost = sandbox.world.fixtures.users.benchHost.id;
    const pages = [];
    for await (const page of client.followers(benchHost)) pages.push(page);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]?.data.length).toBeLessThanOrEqual(1000);
    const all = pages.flatMap((page) => ids(page.data));
    expect(all.sort()).toEqual(sandbox.world.followerIds(benchHost).sort());
    const following = await collectPages(client.following(sandbox.world.fixtures.users.alice.id));
    expect(ids(following.items).sort()).toEqual(
      sandbox.world.followingIds(sandbox.world.fixtures.users.alice.id).sort(),
    );
  });

  it("needs a user token for liking users and users/me", async () => {
    const { sandbox, client } = await setup();
    const giveaway = sandbox.world.fixtures.posts.giveaway;
    const error = await collectPages(client.likingUsers(giveaway)).catch((e) => e);
    expect(error).toBeInstanceOf(XApiError);
    expect(error).toMatchObject({
      code: "forbidden",
      status: 403,
      problemType: "unsupported-authentication",
    });

    const alice = client.withToken(sandbox.issueUserToken("sandbox_alice").access_token);
    const { items } = await collectPages(alice.likingUsers(giveaway));
    expect(ids(items).sort()).toEqual(sandbox.world.likingUserIds(giveaway).sort());
    expect(await alice.me()).toMatchObject({
      username: "sandbox_alice",
      id: sandbox.world.fixtures.users.alice.id,
    });

    const noLikes = client.withToken(
      sandbox.issueUserToken("sandbox_alice", ["tweet.read", "users.read"]).access_token,
    );
    await expect(collectPages(noLikes.likingUsers(giveaway))).rejects.toMatchObject({ code: "forbidden" });
    await expect(client.withToken("not-a-token").me()).rejects.toMatchObject({
      code: "unauthorized",
      status: 401,
    });
  });
});

describe("X client: connections", () => {
  it("keeps its connections alive: twenty look-ups one after the other open at most two", async () => {
    const { sandbox, client } = await setup({ sandbox: { rateLimits: false } });
    let connections = 0;
    sandbox.server.on("connection", () => {
      connections += 1;
    });
    const post = sandbox.world.fixtures.posts.giveaway;
    for (let check = 0; check < 20; check += 1) {
      const answer = await client.lookupPost(post, { tweetFields: ["id"] });
      expect(answer.found).toBe(true);
    }
    // Node's fetch (undici) keeps the sockets open and takes turns on them: no handshake per look-up.
    expect(connections).toBeGreaterThanOrEqual(1);
    expect(connections).toBeLessThanOrEqual(2);
  });
});
