import { afterEach, describe, expect, it } from "vitest";
import { createXSandbox, type XSandbox, type XSandboxOptions } from "../src/x/index.ts";

const now = Date.UTC(2026, 5, 15, 12, 0, 0);
const day = 24 * 60 * 60 * 1000;
let sandbox: XSandbox | undefined;
let time = now;

function setup(options: XSandboxOptions = {}): XSandbox {
  time = now;
  sandbox = createXSandbox({ seed: "api-tests", now, benchEntrants: 2000, clock: () => time, ...options });
  return sandbox;
}

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

// biome-ignore lint/suspicious/noExplicitAny: the assertions walk arbitrary JSON answers
type Json = any;

async function get(app: XSandbox, url: string, token: string | null = app.appBearerToken) {
  const response = await app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, headers: response.headers, body: response.json() as Json };
}

describe("X sandbox API: auth and errors", () => {
  it("answers 401 with X's problem body without a valid bearer token", async () => {
    const app = setup();
    const url = `/2/tweets/${app.world.fixtures.posts.giveaway}`;
    for (const token of [null, "nope"]) {
      const { status, body, headers } = await get(app, url, token);
      expect(status).toBe(401);
      expect(body).toEqual({
        title: "Unauthorized",
        type: "about:blank",
        status: 401,
        detail: "Unauthorized",
      });
      expect(headers["content-type"]).toContain("application/problem+json");
    }
  });

  it("refuses app-only tokens on user-context endpoints and checks user scopes", async () => {
    const app = setup();
    const likers = `/2/tweets/${app.world.fixtures.posts.giveaway}/liking_users`;
    for (const url of [likers, "/2/users/me"]) {
      const { status, body } = await get(app, url);
      expect(status).toBe(403);
      expect(body.type).toBe("https://api.twitter.com/2/problems/unsupported-authentication");
    }
    const narrow = app.issueUserToken("sandbox_alice", ["tweet.read", "users.read"]).access_token;
    expect((await get(app, likers, narrow)).body).toEqual({
      title: "Forbidden",
      type: "about:blank",
      status: 403,
      detail: "Forbidden",
    });
    expect((await get(app, "/2/users/me", narrow)).body.data.username).toBe("sandbox_alice");
  });

  it("validates parameters with X's messages", async () => {
    const app = setup();
    const { giveaway } = app.world.fixtures.posts;
    const cases: [string, string][] = [
      [
        `/2/tweets/${giveaway}/retweeted_by?max_results=101`,
        "The `max_results` query parameter value [101] is not between 1 and 100",
      ],
      [
        `/2/tweets/${giveaway}/quote_tweets?max_results=5`,
        "The `max_results` query parameter value [5] is not between 10 and 100",
      ],
      [
        `/2/users/${app.world.fixtures.users.host.id}/followers?max_results=1001`,
        "The `max_results` query parameter value [1001] is not between 1 and 1000",
      ],
      ["/2/tweets/1.2", "The `id` query parameter value [1.2] does not match ^[0-9]{1,19}$"],
      [
        `/2/tweets/${giveaway}?tweet.fields=wrong_field`,
        "The `tweet.fields` query parameter value [wrong_field] is not one of [",
      ],
      [
        `/2/tweets/${giveaway}/retweeted_by?pagination_token=abc`,
        "The `pagination_token` query parameter value [abc] is not a valid token",
      ],
      [
        `/2/users?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`,
        "The number of values in the `ids` query parameter list [101] is not between 1 and 100",
      ],
      ["/2/users", "The `ids` query parameter can not be empty"],
    ];
    for (const [url, message] of cases) {
      const { status, body } = await get(app, url);
      expect(status, url).toBe(400);
      expect(body.type).toBe("https://api.twitter.com/2/problems/invalid-request");
      expect(body.title).toBe("Invalid Request");
      expect(body.errors[0].message).toContain(message);
    }
  });

  it("answers an unknown path like X", async () => {
    const app = setup();
    const { status, body } = await get(app, "/2/nothing/here");
    expect(status).toBe(404);
    expect(body).toEqual({ errors: [{ message: "Sorry, that page does not exist", code: 34 }] });
  });
});

describe("X sandbox API: shapes", () => {
  it("serves a post with default fields, requested fields and expansions", async () => {
    const app = setup();
    const { giveaway } = app.world.fixtures.posts;
    const plain = await get(app, `/2/tweets/${giveaway}`);
    expect(Object.keys(plain.body.data).sort()).toEqual(["edit_history_tweet_ids", "id", "text"]);
    expect(plain.body.includes).toBeUndefined();

    const full = await get(
      app,
      `/2/tweets/${giveaway}?tweet.fields=created_at,public_metrics,author_id,conversation_id&expansions=author_id&user.fields=verified_type,created_at`,
    );
    expect(full.body.data).toMatchObject({
      id: giveaway,
      author_id: app.world.fixtures.users.host.id,
      conversation_id: giveaway,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      public_metrics: {
        retweet_count: expect.any(Number),
        reply_count: expect.any(Number),
        like_count: expect.any(Number),
        quote_count: expect.any(Number),
        bookmark_count: expect.any(Number),
        impression_count: expect.any(Number),
      },
    });
    expect(full.body.includes.users).toEqual([
      {
        id: app.world.fixtures.users.host.id,
        name: "Dropfair",
        username: "dropfair_host",
        verified_type: "business",
        created_at: expect.any(String),
      },
    ]);
  });

  it("reports a missing post as a resource-not-found partial error (200 by default, 404 on request)", async () => {
    const app = setup();
    const { deleted } = app.world.fixtures.posts;
    const answer = await get(app, `/2/tweets/${deleted}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      errors: [
        {
          value: deleted,
          detail: `Could not find tweet with id: [${deleted}].`,
          title: "Not Found Error",
          resource_type: "tweet",
          parameter: "id",
          resource_id: deleted,
          type: "https://api.twitter.com/2/problems/resource-not-found",
        },
      ],
    });
    await app.close();
    const strict = setup({ notFoundStatus: 404 });
    expect((await get(strict, `/2/tweets/${deleted}`)).status).toBe(404);
  });

  it("returns users with partial errors for deleted and suspended accounts", async () => {
    const app = setup();
    const { host, suspended, deleted } = app.world.fixtures.users;
    const { body } = await get(
      app,
      `/2/users?ids=${host.id},${suspended.id},${deleted.id},999&user.fields=created_at,description,location,profile_image_url,profile_banner_url,verified,verified_type,public_metrics,most_recent_tweet_id&expansions=most_recent_tweet_id&tweet.fields=created_at`,
    );
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: host.id,
      verified: true,
      most_recent_tweet_id: expect.any(String),
    });
    expect(body.includes.tweets[0]).toMatchObject({
      id: body.data[0].most_recent_tweet_id,
      created_at: expect.any(String),
    });
    expect(body.errors.map((error: { detail: string }) => error.detail)).toEqual([
      `User has been suspended: [${suspended.id}].`,
      `Could not find user with ids: [${deleted.id}].`,
      "Could not find user with ids: [999].",
    ]);
  });

  it("pages retweeters with next_token until the list ends; an empty list has no data key", async () => {
    const app = setup();
    const { giveaway } = app.world.fixtures.posts;
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const query = `max_results=100${token ? `&pagination_token=${token}` : ""}`;
      const { body } = await get(app, `/2/tweets/${giveaway}/retweeted_by?${query}`);
      seen.push(...(body.data ?? []).map((user: { id: string }) => user.id));
      expect(body.meta.result_count).toBe(body.data?.length ?? 0);
      token = body.meta.next_token;
      pages++;
    } while (token);
    expect(pages).toBe(Math.ceil(app.world.retweeterSeq(giveaway).length / 100));
    expect(seen).toEqual(app.world.retweeterIds(giveaway));

    const ordinary = app.world.user(200).mostRecentTweetId as string;
    expect((await get(app, `/2/tweets/${ordinary}/retweeted_by`)).body).toEqual({
      meta: { result_count: 0 },
    });
  });

  it("issues base32 follow tokens of 16 characters", async () => {
    const app = setup();
    const { body } = await get(app, `/2/users/${app.world.fixtures.users.host.id}/followers?max_results=10`);
    expect(body.meta.next_token).toMatch(/^[A-Z2-7]{16}$/);
    expect(body.data).toHaveLength(10);
  });
});

describe("X sandbox API: recent search", () => {
  it("returns conversation replies of the last 7 days only, newest first, with meta ids", async () => {
    const app = setup();
    const { giveaway } = app.world.fixtures.posts;
    const found: { id: string; created_at: string }[] = [];
    let token: string | undefined;
    do {
      const query = encodeURIComponent(`conversation_id:${giveaway} is:reply`);
      const { body } = await get(
        app,
        `/2/tweets/search/recent?query=${query}&max_results=50&tweet.fields=created_at${token ? `&next_token=${token}` : ""}`,
      );
      if (body.data) {
        expect(body.meta.newest_id).toBe(body.data[0].id);
        expect(body.meta.oldest_id).toBe(body.data[body.data.length - 1].id);
        found.push(...body.data);
      }
      token = body.meta.next_token;
    } while (token);
    const recent = app.world.replies(giveaway, { since: time - 7 * day });
    expect(found.map((tweet) => tweet.id)).toEqual(recent.map((tweet) => tweet.id));
    expect(app.world.replies(giveaway).length).toBeGreaterThan(recent.length);
  });

  it("follows the server clock: as time passes, replies fall out of the window", async () => {
    const app = setup();
    const { recent } = app.world.fixtures.posts;
    const count = async () => {
      const { body } = await get(
        app,
        `/2/tweets/search/recent?query=conversation_id:${recent}%20is:reply&max_results=100`,
      );
      return body.meta.result_count as number;
    };
    const before = await count();
    expect(before).toBeGreaterThan(0);
    time += 6 * day;
    const after = await count();
    expect(after).toBeLessThan(before);
    time += 3 * day;
    expect(await count()).toBe(0);
  });

  it("rejects a start_time before the window, and queries without a standalone operator", async () => {
    const app = setup();
    const { giveaway } = app.world.fixtures.posts;
    const old = await get(
      app,
      `/2/tweets/search/recent?query=conversation_id:${giveaway}&start_time=2026-06-01T00:00:00Z`,
    );
    expect(old.status).toBe(400);
    expect(old.body.errors[0].message).toBe(
      "Invalid 'start_time':'2026-06-01T00:00:00Z'. 'start_time' must be on or after 2026-06-08T12:00Z",
    );
    expect((await get(app, "/2/tweets/search/recent?query=is:reply")).status).toBe(400);
    const quotes = await get(
      app,
      `/2/tweets/search/recent?query=quotes_of_tweet_id:${giveaway}&max_results=100`,
    );
    expect(quotes.body.meta.result_count).toBeGreaterThan(0);
  });
});

describe("X sandbox API: rate limits", () => {
  it("sends x-rate-limit-* headers and answers 429 once the window is used up, until it resets", async () => {
    const app = setup({ rateLimits: { limits: { "tweets.lookup": { app: 2 } } } });
    const url = `/2/tweets/${app.world.fixtures.posts.giveaway}`;
    const first = await get(app, url);
    expect(first.headers["x-rate-limit-limit"]).toBe("2");
    expect(first.headers["x-rate-limit-remaining"]).toBe("1");
    expect(first.headers["x-rate-limit-reset"]).toBe(String((now + 15 * 60 * 1000) / 1000));
    await get(app, url);
    const limited = await get(app, url);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      title: "Too Many Requests",
      detail: "Too Many Requests",
      type: "about:blank",
      status: 429,
    });
    expect(limited.headers["x-rate-limit-remaining"]).toBe("0");
    // Per token: a user has a window of their own.
    expect((await get(app, url, app.issueUserToken("sandbox_alice").access_token)).status).toBe(200);
    time += 15 * 60 * 1000;
    expect((await get(app, url)).status).toBe(200);
  });

  it("scales its 15-minute windows down through the control API (benchmarks), and turns limits on and off", async () => {
    const app = setup({ rateLimits: { limits: { "tweets.lookup": { app: 1 } } } });
    const url = `/2/tweets/${app.world.fixtures.posts.giveaway}`;
    const control = (payload: unknown) =>
      app.inject({
        method: "POST",
        url: "/_sandbox/rate-limits",
        payload: payload as Record<string, unknown>,
      });
    expect((await control({ windowSeconds: 15 })).statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: "/_sandbox/rate-limits" })).json()).toEqual({
      windowSeconds: 15,
      enabled: true,
    });
    const first = await get(app, url);
    expect(first.headers["x-rate-limit-reset"]).toBe(String(now / 1000 + 15));
    expect((await get(app, url)).status).toBe(429);
    time += 15_000;
    expect((await get(app, url)).status).toBe(200);
    expect((await control({ enabled: false })).statusCode).toBe(204);
    expect((await get(app, url)).status).toBe(200);
    expect((await control({ windowSeconds: 0 })).statusCode).toBe(400);
    expect((await control({ enabled: "yes" })).statusCode).toBe(400);
  });

  it("can switch limits off for benchmarks (headers still sent)", async () => {
    const app = setup({ rateLimits: false });
    const url = `/2/tweets/${app.world.fixtures.posts.giveaway}/retweeted_by`;
    for (let i = 0; i < 100; i++) expect((await get(app, url)).status).toBe(200);
    expect((await get(app, url)).headers["x-rate-limit-remaining"]).toBe("75");
  });
});

describe("X sandbox API: faults", () => {
  it("injects 429, 5xx and broken cursors a set number of times", async () => {
    const app = setup();
    const { giveaway } = app.world.fixtures.posts;
    const url = `/2/tweets/${giveaway}/retweeted_by?max_results=10`;
    app.faults.inject({ path: /retweeted_by/, kind: "5xx", status: 502, times: 2 });
    expect((await get(app, url)).status).toBe(502);
    expect((await get(app, url)).body).toMatchObject({ title: "Bad Gateway", status: 502 });
    expect((await get(app, url)).status).toBe(200);

    app.faults.inject({ path: "retweeted_by", kind: "429", resetAfterSeconds: 90 });
    const limited = await get(app, url);
    expect(limited.status).toBe(429);
    expect(limited.headers["x-rate-limit-reset"]).toBe(String(now / 1000 + 90));

    const page1 = (await get(app, url)).body.meta.next_token as string;
    app.faults.inject({ path: /retweeted_by/, kind: "repeat-cursor" });
    const repeated = await get(app, `${url}&pagination_token=${page1}`);
    expect(repeated.body.meta.next_token).toBe(page1);
    const page2 = (await get(app, `${url}&pagination_token=${page1}`)).body.meta.next_token as string;
    app.faults.inject({ path: /retweeted_by/, kind: "loop-cursor" });
    const looped = await get(app, `${url}&pagination_token=${page2}`);
    expect(looped.body.meta.next_token).toBe(page1);
    expect(app.faults.log.map((event) => event.kind)).toEqual([
      "5xx",
      "5xx",
      "429",
      "repeat-cursor",
      "loop-cursor",
    ]);
    expect(app.faults.active()).toEqual([]);
  });

  it("deletes accounts ahead of the cursor; they then show up as partial errors", async () => {
    const app = setup();
    const { giveaway } = app.world.fixtures.posts;
    const before = app.world.retweeterIds(giveaway);
    app.faults.inject({ path: /retweeted_by/, kind: "delete-accounts", count: 4 });
    const first = await get(app, `/2/tweets/${giveaway}/retweeted_by?max_results=100`);
    const firstIds = first.body.data.map((user: { id: string }) => user.id);
    const after = app.world.retweeterIds(giveaway);
    expect(after).toHaveLength(before.length - 4);
    const gone = before.filter((id) => !after.includes(id));
    expect(gone.some((id) => firstIds.includes(id))).toBe(false);
  });

  it("takes faults over HTTP through the control API", async () => {
    const app = setup();
    const injected = await app.inject({
      method: "POST",
      url: "/_sandbox/faults",
      payload: { path: "quote_tweets$", kind: "5xx", times: 1 },
    });
    expect(injected.statusCode).toBe(201);
    const url = `/2/tweets/${app.world.fixtures.posts.giveaway}/quote_tweets`;
    expect((await get(app, url)).status).toBe(503);
    expect((await get(app, url)).status).toBe(200);
    const fixtures = await app.inject({ url: "/_sandbox/fixtures" });
    expect(fixtures.json()).toMatchObject({
      users: { host: { username: "dropfair_host" } },
      appBearerToken: app.appBearerToken,
    });
    const token = await app.inject({
      method: "POST",
      url: "/_sandbox/tokens",
      payload: { username: "sandbox_carol" },
    });
    expect((await get(app, "/2/users/me", token.json().access_token)).body.data.username).toBe(
      "sandbox_carol",
    );
  });

  it("answers a fault whose path is not a regular expression with 400, not 500", async () => {
    const app = setup();
    for (const path of ["(", "[a-", "a".repeat(501)]) {
      const refused = await app.inject({
        method: "POST",
        url: "/_sandbox/faults",
        payload: { path, kind: "5xx" },
      });
      expect(refused.statusCode, path.slice(0, 10)).toBe(400);
    }
  });
});

describe("X sandbox: mounting", () => {
  it("serves the same API under a prefix inside another Fastify app", async () => {
    const { default: Fastify } = await import("fastify");
    const { createXSandboxState, xSandboxPlugin } = await import("../src/x/index.ts");
    const state = createXSandboxState({ seed: "mounted", now, benchEntrants: 2000, clock: () => now });
    const host = Fastify();
    await host.register(xSandboxPlugin(state), { prefix: "/sandbox/x" });
    state.faults.inject({ path: /^\/2\/users\/me$/, kind: "5xx" });
    const token = state.issueUserToken("sandbox_alice").access_token;
    const me = () =>
      host.inject({ url: "/sandbox/x/2/users/me", headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(503);
    expect((await me()).json().data.username).toBe("sandbox_alice");
    await host.close();
  });
});

describe("X sandbox: standalone server", () => {
  it("listens on a free port and serves over real HTTP", async () => {
    const { startXSandbox } = await import("../src/x/index.ts");
    const running = await startXSandbox({ port: 0, seed: "standalone", benchEntrants: 1000 });
    try {
      const fixtures: Json = await fetch(`${running.url}/_sandbox/fixtures`).then((response) =>
        response.json(),
      );
      const answer = await fetch(`${running.url}/2/users/by/username/dropfair_host`, {
        headers: { authorization: `Bearer ${fixtures.appBearerToken}` },
      });
      expect(answer.headers.get("x-rate-limit-limit")).toBe("300");
      expect(((await answer.json()) as Json).data.id).toBe(fixtures.users.host.id);
    } finally {
      await running.close();
    }
  });
});
