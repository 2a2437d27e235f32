// The request hooks (rate limits, authentication, draining) decide on the route Fastify will run, not on the raw
// URL: an encoded, doubled or dotted spelling of an API path that still reaches an API route gets exactly what
// the plain path gets.
import { eq, idempotencyKeys } from "@dropfair/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { airdropDraftBody } from "./builders.ts";
import { buildTestApp, newWallet, signIn, type TestContext } from "./helper.ts";

/** Spellings of `/api/...` that a router might still send to the same route. */
function spellingsOf(path: string): string[] {
  const rest = path.slice("/api".length);
  return [path, `/%61pi${rest}`, `/%61%70%69${rest}`, `//api${rest}`, `/api/.${rest}`, `/API${rest}`];
}

describe("hooks decide on the matched route", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp({ environment: { SIGN_IN_RATE_LIMIT_PER_MINUTE: "5" } });
  });
  afterAll(async () => {
    await context.close();
  });

  it("rate-limits sign-in under every spelling that reaches the sign-in route", async () => {
    const address = newWallet().address;
    for (const [index, spelling] of spellingsOf(
      `/api/reg/Authentication/login/Dropfair/${address}`,
    ).entries()) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt++) {
        const response = await context.app.inject({
          method: "PUT",
          url: spelling,
          payload: { signature: "0x00" },
          // One client per spelling, so each spelling starts from a fresh count.
          remoteAddress: `10.0.0.${index + 1}`,
        });
        statuses.push(response.statusCode);
      }
      // Either the router does not know this spelling at all, or it is the sign-in route and its limit holds.
      if (statuses.every((status) => status === 404)) continue;
      expect(statuses.slice(5), spelling).toEqual([429, 429, 429]);
    }
  });

  it("reads the bearer token under every spelling that reaches a bounty route", async () => {
    const { token } = await signIn(context.app);
    for (const spelling of spellingsOf("/api/bounty/airdrop/")) {
      const response = await context.app.inject({
        method: "POST",
        url: spelling,
        headers: { authorization: `Bearer ${token}` },
        payload: airdropDraftBody(),
      });
      if (response.statusCode === 404) continue;
      // The signed-in caller's draft is created, never refused with "sign in first".
      expect(response.statusCode, spelling).toBe(200);
    }
  });

  it("the encoded spelling reaches the API routes (so the checks above are not vacuous)", async () => {
    const response = await context.app.inject({ method: "GET", url: "/%61pi/bounty/platform/config" });
    expect(response.statusCode).toBe(200);
  });
});

describe("request ids and caching", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  it("keeps a short plain X-Request-Id and replaces a long or strange one", async () => {
    const plain = await context.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "abc-123" },
    });
    expect(plain.headers["x-request-id"]).toBe("abc-123");
    for (const given of ["a".repeat(5000), "<script>", "line\tbreak"]) {
      const response = await context.app.inject({
        method: "GET",
        url: "/healthz",
        headers: { "x-request-id": given },
      });
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("marks answers to a signed-in caller no-store, and leaves public answers their own caching", async () => {
    const { token } = await signIn(context.app);
    const mine = await context.app.inject({
      method: "GET",
      url: "/api/reg/socialmedia/LoginStatus",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["cache-control"]).toBe("no-store");
    const anonymous = await context.app.inject({ method: "GET", url: "/api/bounty/platform/config" });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers["cache-control"]).toBe("public, max-age=60");
  });
});

describe("metrics behind a token", () => {
  let context: TestContext;
  const token = "scrape-token-0123456789";
  beforeAll(async () => {
    context = await buildTestApp({ environment: { METRICS_TOKEN: token } });
  });
  afterAll(async () => {
    await context.close();
  });

  it("serves a remote scraper with the token and refuses a wrong one", async () => {
    const remote = { url: "/metrics", remoteAddress: "203.0.113.7" };
    const withToken = await context.app.inject({ ...remote, headers: { authorization: `Bearer ${token}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain("http_requests_total");
    const wrong = await context.app.inject({
      ...remote,
      headers: { authorization: "Bearer not-the-token-at-all" },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await context.app.inject(remote)).statusCode).toBe(401);
  });
});

describe("refusals before any route runs are the envelope too", () => {
  let context: TestContext;
  let base: string;
  beforeAll(async () => {
    context = await buildTestApp();
    base = await context.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await context.close();
  });

  it("answers a malformed URL escape with 400 and the envelope", async () => {
    const response = await context.app.inject({ method: "GET", url: "/api/bounty/airdrop/%zz" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ content: null, typeCode: 400 });
  });

  it("answers an 80 KB URL and a 20 KB header with 431 and the envelope", async () => {
    const longUrl = await fetch(`${base}/api/bounty/airdrop?search=${"a".repeat(80 * 1024)}`);
    expect(longUrl.status).toBe(431);
    expect(await longUrl.json()).toEqual({
      content: null,
      typeCode: 400,
      message: "The request's URL or headers are too large.",
    });
    const bigHeader = await fetch(`${base}/api/bounty/airdrop`, {
      headers: { "x-padding": "b".repeat(20 * 1024) },
    });
    expect(bigHeader.status).toBe(431);
    expect(await bigHeader.json()).toMatchObject({ content: null, typeCode: 400 });
  });
});

describe("idempotency keys", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  async function keysNamed(key: string) {
    return context.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  }

  it("are kept for signed-in callers only, each in their own scope", async () => {
    for (const attempt of [1, 2]) {
      const anonymous = await context.app.inject({
        method: "POST",
        url: "/api/bounty/airdrop",
        headers: { "idempotency-key": "anon-key" },
        payload: airdropDraftBody(),
      });
      expect(anonymous.statusCode, `attempt ${attempt}`).toBe(401);
      expect(anonymous.headers["idempotent-replayed"]).toBeUndefined();
    }
    expect(await keysNamed("anon-key")).toEqual([]);

    const { token } = await signIn(context.app);
    const signedIn = await context.app.inject({
      method: "POST",
      url: "/api/bounty/airdrop",
      headers: { "idempotency-key": "my-key", authorization: `Bearer ${token}` },
      payload: airdropDraftBody(),
    });
    expect(signedIn.statusCode).toBe(200);
    const [stored] = await keysNamed("my-key");
    expect(stored?.scope).toMatch(/^wallet:\d+$/);
    expect(stored?.statusCode).toBe(200);
  });
});

describe("control characters", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  it("are refused with 400 in a path, a query, a JSON field and a login signature, never a 500", async () => {
    const { token, wallet } = await signIn(context.app);
    const attacks = [
      { method: "GET" as const, url: "/api/bounty/picker/seed/%00", field: "path.id" },
      { method: "GET" as const, url: "/api/bounty/picker?search=%00", field: "query.search" },
      { method: "GET" as const, url: "/api/bounty/airdrop?keyword=a%07b", field: "query.keyword" },
      {
        method: "POST" as const,
        url: "/api/bounty/airdrop",
        payload: airdropDraftBody({ title: "Free\u0000drop" }),
        headers: { authorization: `Bearer ${token}` },
        field: "body.title",
      },
      {
        method: "PUT" as const,
        url: `/api/reg/Authentication/login/Dropfair/${wallet.address}`,
        payload: { signature: "0x00\u0000", parent: "abcd" },
        field: "body.signature",
      },
    ];
    for (const { field, ...attack } of attacks) {
      for (const [language, text] of [
        ["en-us", `The request contains a control character (${field}).`],
        ["zh-cn", `请求中含有控制字符（${field}）。`],
      ] as const) {
        const response = await context.app.inject({
          ...attack,
          headers: { ...attack.headers, "accept-language": language },
        });
        expect(response.statusCode, attack.url).toBe(400);
        expect(response.json(), attack.url).toEqual({ content: null, typeCode: 400, message: text });
      }
    }
  });

  it("half a surrogate pair in a JSON string is refused with 400 too (PGlite failed on it with a 500)", async () => {
    const { token } = await signIn(context.app);
    for (const title of ["中\udfff", "\ud800 drop"]) {
      for (const [language, text] of [
        ["en-us", "The request contains text that is not valid Unicode (body.title)."],
        ["zh-cn", "请求中含有无效的 Unicode 文本（body.title）。"],
      ] as const) {
        const response = await context.app.inject({
          method: "POST",
          url: "/api/bounty/airdrop",
          headers: {
            authorization: `Bearer ${token}`,
            "accept-language": language,
            "content-type": "application/json",
          },
          payload: JSON.stringify(airdropDraftBody({ title })),
        });
        expect(response.statusCode, title).toBe(400);
        expect(response.json(), title).toEqual({ content: null, typeCode: 400, message: text });
      }
    }
    const emoji = await context.app.inject({
      method: "POST",
      url: "/api/bounty/airdrop",
      headers: { authorization: `Bearer ${token}` },
      payload: airdropDraftBody({ title: "Drop 😀 中" }),
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().content.title).toBe("Drop 😀 中");
  });

  it("leave tabs and line breaks of pasted text alone", async () => {
    const { token } = await signIn(context.app);
    const response = await context.app.inject({
      method: "POST",
      url: "/api/bounty/airdrop",
      headers: { authorization: `Bearer ${token}` },
      payload: airdropDraftBody({ title: "Line\tone", description: "First line\r\nsecond line" }),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("X-Forwarded-For and the rate limit (T11)", () => {
  const signInFrom = async (context: TestContext, remoteAddress: string, forwardedFor: string) =>
    context.app.inject({
      method: "PUT",
      url: `/api/reg/Authentication/login/Dropfair/${newWallet().address}`,
      payload: { signature: "0x00" },
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("is ignored without trusted proxies: rotating the header does not buy new attempts", async () => {
    const context = await buildTestApp({ environment: { SIGN_IN_RATE_LIMIT_PER_MINUTE: "3" } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++)
        statuses.push((await signInFrom(context, "192.0.2.10", `198.51.100.${attempt}`)).statusCode);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await context.close();
    }
  });

  it("is read only from a trusted proxy; the same header from anyone else changes nothing", async () => {
    const context = await buildTestApp({
      environment: { SIGN_IN_RATE_LIMIT_PER_MINUTE: "3", TRUSTED_PROXIES: "192.0.2.1" },
    });
    try {
      // Behind the proxy, each client has its own limit.
      for (let client = 0; client < 5; client++)
        expect((await signInFrom(context, "192.0.2.1", `198.51.100.${client}`)).statusCode).toBe(401);
      // A caller that is not the proxy cannot pose as many clients.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++)
        statuses.push((await signInFrom(context, "192.0.2.99", `203.0.113.${attempt}`)).statusCode);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await context.close();
    }
  });
});
