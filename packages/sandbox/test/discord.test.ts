import { createHash } from "node:crypto";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  createDiscordSandbox,
  createDiscordSandboxState,
  type DiscordSandbox,
  type DiscordSandboxOptions,
  discordSandboxPlugin,
} from "../src/discord/index.ts";

const now = Date.UTC(2026, 5, 15, 12, 0, 0);
const redirectUri = "http://localhost:5173/auth/discord";
const form = { "content-type": "application/x-www-form-urlencoded" };
let sandbox: DiscordSandbox | undefined;
let time = now;

function setup(options: DiscordSandboxOptions = {}): DiscordSandbox {
  time = now;
  sandbox = createDiscordSandbox({ clock: () => time, ...options });
  return sandbox;
}

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

// biome-ignore lint/suspicious/noExplicitAny: the assertions walk arbitrary JSON answers
type Json = any;

async function call(
  app: DiscordSandbox,
  method: "GET" | "PUT" | "DELETE",
  url: string,
  authorization?: string,
) {
  const response = await app.inject({
    method,
    url,
    headers: authorization === undefined ? {} : { authorization },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: (response.body ? response.json() : undefined) as Json,
  };
}

const asBot = (app: DiscordSandbox) => `Bot ${app.botToken}`;

function authorizeQuery(
  app: { clientId: string },
  overrides: Record<string, string | undefined> = {},
): string {
  const params: Record<string, string | undefined> = {
    response_type: "code",
    client_id: app.clientId,
    scope: "identify guilds guilds.members.read",
    state: "st4te",
    redirect_uri: redirectUri,
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  return search.toString();
}

/** Posts the consent form as `userId` and returns the redirect's URL. */
async function consent(
  app: DiscordSandbox,
  userId: string,
  overrides: Record<string, string | undefined> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: "/oauth2/authorize",
    headers: form,
    payload: `${authorizeQuery(app, overrides)}&user_id=${userId}`,
  });
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location));
}

async function token(app: DiscordSandbox, fields: Record<string, string>, path = "/api/oauth2/token") {
  const response = await app.inject({
    method: "POST",
    url: path,
    headers: form,
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

describe("Discord sandbox world", () => {
  it("has stable snowflakes, a guild whose @everyone role is the guild id, and members with roles", () => {
    const app = setup();
    const { users, guilds, roles } = app.world.fixtures;
    expect(users.alice).toEqual({ id: "722004973977731173", username: "sandbox_alice" });
    expect(guilds.sandbox).toEqual({ id: "837840745267331272", name: "Dropfair Sandbox" });
    expect(roles.airdropOg.id).toBe("837840745267331374");
    expect(app.clientId).toBe(users.bot.id);
    const sandboxGuild = app.world.guild(guilds.sandbox.id);
    expect(sandboxGuild?.roles.map((role) => role.name)).toEqual([
      "@everyone",
      "Member",
      "Verified",
      "Airdrop OG",
      "Dropfair Bot",
      "Moderator",
      "Admin",
    ]);
    expect(sandboxGuild?.roles[0]?.id).toBe(guilds.sandbox.id);
    expect([...(app.world.member(guilds.sandbox.id, users.alice.id)?.roles ?? [])]).toEqual([
      roles.member.id,
      roles.airdropOg.id,
    ]);
    expect(app.world.botCanManageRole(guilds.sandbox.id, roles.airdropOg.id)).toBe(true);
    expect(app.world.botCanManageRole(guilds.sandbox.id, roles.moderator.id)).toBe(false);
    expect(app.world.botCanManageRole(guilds.partner.id, roles.partnerHolder.id)).toBe(false);
    const ids = [...Object.values(users), ...Object.values(guilds), ...Object.values(roles)].map(
      (item) => item.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("Discord sandbox bot routes", () => {
  it("answers 401 with code 0 without the bot token, and to a user token on a bot route", async () => {
    const app = setup();
    const { guilds, users } = app.world.fixtures;
    const url = `/api/v10/guilds/${guilds.sandbox.id}/members/${users.alice.id}`;
    const user = app.issueUserToken("sandbox_alice").access_token;
    for (const authorization of [undefined, "Bot wrong", app.botToken, `Bearer ${user}`]) {
      const { status, body } = await call(app, "GET", url, authorization);
      expect(status).toBe(401);
      expect(body).toEqual({ message: "401: Unauthorized", code: 0 });
    }
  });

  it("serves a guild member with role ids and Discord's errors for everything else", async () => {
    const app = setup();
    const { guilds, users, roles } = app.world.fixtures;
    const bot = asBot(app);
    const member = await call(
      app,
      "GET",
      `/api/v10/guilds/${guilds.sandbox.id}/members/${users.alice.id}`,
      bot,
    );
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({
      user: { id: users.alice.id, username: "sandbox_alice", global_name: "Alice", discriminator: "0" },
      nick: "alice.eth",
      roles: [roles.member.id, roles.airdropOg.id],
      joined_at: "2022-01-10T12:34:56.789000+00:00",
      pending: false,
      deaf: false,
      mute: false,
    });
    expect(member.body.user.email).toBeUndefined();

    const cases: [string, number, Json][] = [
      [
        `/api/guilds/${guilds.sandbox.id}/members/${users.heidi.id}`,
        404,
        { message: "Unknown Member", code: 10007 },
      ],
      [
        `/api/guilds/${guilds.sandbox.id}/members/1000000000000000001`,
        404,
        { message: "Unknown User", code: 10013 },
      ],
      [
        `/api/guilds/1000000000000000001/members/${users.alice.id}`,
        404,
        { message: "Unknown Guild", code: 10004 },
      ],
      [
        `/api/guilds/${guilds.elsewhere.id}/members/${users.alice.id}`,
        403,
        { message: "Missing Access", code: 50001 },
      ],
      [
        `/api/guilds/${guilds.sandbox.id}/members/alice`,
        400,
        {
          message: "Invalid Form Body",
          code: 50035,
          errors: {
            user_id: {
              _errors: [{ code: "NUMBER_TYPE_COERCE", message: 'Value "alice" is not snowflake.' }],
            },
          },
        },
      ],
    ];
    for (const [url, status, body] of cases) {
      const answer = await call(app, "GET", url, bot);
      expect([url, answer.status, answer.body]).toEqual([url, status, body]);
    }
  });

  it("serves any user by id to the bot, with 10013 for an unknown one and 50035 for a bad id", async () => {
    const app = setup();
    const { users } = app.world.fixtures;
    const user = await call(app, "GET", `/api/v10/users/${users.heidi.id}`, asBot(app));
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({
      id: users.heidi.id,
      username: "sandbox_heidi",
      global_name: "Heidi",
      discriminator: "0",
    });
    expect(user.body.email).toBeUndefined();
    expect(user.headers["x-ratelimit-bucket"]).toBeTypeOf("string");
    expect((await call(app, "GET", `/api/users/${users.bot.id}`, asBot(app))).body.bot).toBe(true);
    const cases: [string, number, Json][] = [
      ["/api/users/1000000000000000001", 404, { message: "Unknown User", code: 10013 }],
      [
        "/api/users/heidi",
        400,
        {
          message: "Invalid Form Body",
          code: 50035,
          errors: {
            user_id: {
              _errors: [{ code: "NUMBER_TYPE_COERCE", message: 'Value "heidi" is not snowflake.' }],
            },
          },
        },
      ],
    ];
    for (const [url, status, body] of cases) {
      const answer = await call(app, "GET", url, asBot(app));
      expect([url, answer.status, answer.body]).toEqual([url, status, body]);
    }
    const userToken = app.issueUserToken("sandbox_alice").access_token;
    expect((await call(app, "GET", `/api/users/${users.heidi.id}`, `Bearer ${userToken}`)).status).toBe(401);
  });

  it("searches a guild's members by username or nickname prefix, case-insensitively, up to `limit`", async () => {
    const app = setup();
    const { guilds, users } = app.world.fixtures;
    const search = (guildId: string, query: string) =>
      call(app, "GET", `/api/v10/guilds/${guildId}/members/search?${query}`, asBot(app));
    const one = await search(guilds.sandbox.id, "query=SANDBOX_BOB");
    expect(one.status).toBe(200);
    expect(one.body.map((member: Json) => member.user.id)).toEqual([users.bob.id]);
    expect(one.body[0]).toMatchObject({ roles: expect.any(Array), joined_at: expect.any(String) });
    // The default limit is 1; a prefix finds every member it starts, and nicknames count.
    expect((await search(guilds.sandbox.id, "query=sandbox_")).body).toHaveLength(1);
    const many = await search(guilds.sandbox.id, "query=sandbox_&limit=1000");
    expect(many.body.map((member: Json) => member.user.username)).toEqual([
      "sandbox_alice",
      "sandbox_bob",
      "sandbox_carol",
      "sandbox_dave",
      "sandbox_erin",
      "sandbox_frank",
      "sandbox_grace",
    ]);
    expect((await search(guilds.sandbox.id, "query=alice.e&limit=5")).body[0].user.id).toBe(users.alice.id);
    // Heidi is on Discord but not in this server.
    expect((await search(guilds.sandbox.id, "query=sandbox_heidi&limit=5")).body).toEqual([]);

    const required = await search(guilds.sandbox.id, "limit=5");
    expect([required.status, required.body]).toEqual([
      400,
      {
        message: "Invalid Form Body",
        code: 50035,
        errors: { query: { _errors: [{ code: "BASE_TYPE_REQUIRED", message: "This field is required" }] } },
      },
    ]);
    const tooMany = await search(guilds.sandbox.id, "query=a&limit=1001");
    expect([tooMany.status, tooMany.body.code, Object.keys(tooMany.body.errors)]).toEqual([
      400,
      50035,
      ["limit"],
    ]);
    expect((await search(guilds.elsewhere.id, "query=sandbox_alice")).body).toEqual({
      message: "Missing Access",
      code: 50001,
    });
    expect((await search("1000000000000000001", "query=sandbox_alice")).body.code).toBe(10004);
  });

  it("renames a user through the control API; lookups by id follow the new name", async () => {
    const app = setup();
    const { guilds, users } = app.world.fixtures;
    const renamed = await app.inject({
      method: "PATCH",
      url: `/_sandbox/users/${users.bob.id}`,
      payload: { username: "bob_renamed" },
    });
    expect(renamed.statusCode).toBe(204);
    expect((await call(app, "GET", `/api/users/${users.bob.id}`, asBot(app))).body.username).toBe(
      "bob_renamed",
    );
    const found = await call(
      app,
      "GET",
      `/api/guilds/${guilds.sandbox.id}/members/search?query=bob_renamed`,
      asBot(app),
    );
    expect(found.body[0].user.id).toBe(users.bob.id);
    const taken = await app.inject({
      method: "PATCH",
      url: `/_sandbox/users/${users.bob.id}`,
      payload: { username: "sandbox_alice" },
    });
    expect(taken.statusCode).toBe(409);
  });

  it("grants a role below the bot's (204, idempotent, audited) and refuses one above with 50013", async () => {
    const app = setup();
    const { guilds, users, roles } = app.world.fixtures;
    const url = `/api/v10/guilds/${guilds.sandbox.id}/members/${users.bob.id}/roles/${roles.airdropOg.id}`;
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({
        method: "PUT",
        url,
        headers: { authorization: asBot(app), "x-audit-log-reason": encodeURIComponent("Won giveaway #42") },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
    }
    expect(app.world.member(guilds.sandbox.id, users.bob.id)?.roles.has(roles.airdropOg.id)).toBe(true);
    expect(app.world.roleChanges[0]).toMatchObject({
      guildId: guilds.sandbox.id,
      userId: users.bob.id,
      roleId: roles.airdropOg.id,
      action: "add",
      reason: "Won giveaway #42",
      at: now,
    });

    const refused: [string, number, Json][] = [
      [roles.moderator.id, 403, { message: "Missing Permissions", code: 50013 }],
      [roles.admin.id, 403, { message: "Missing Permissions", code: 50013 }],
      [roles.bot.id, 403, { message: "Missing Permissions", code: 50013 }],
      [guilds.sandbox.id, 403, { message: "Missing Permissions", code: 50013 }],
      [roles.partnerHolder.id, 404, { message: "Unknown Role", code: 10011 }],
      ["1000000000000000001", 404, { message: "Unknown Role", code: 10011 }],
    ];
    for (const [roleId, status, body] of refused) {
      const answer = await call(
        app,
        "PUT",
        `/api/guilds/${guilds.sandbox.id}/members/${users.bob.id}/roles/${roleId}`,
        asBot(app),
      );
      expect([roleId, answer.status, answer.body]).toEqual([roleId, status, body]);
    }
    // In Partner Labs the bot has no Manage Roles at all.
    const partner = await call(
      app,
      "PUT",
      `/api/guilds/${guilds.partner.id}/members/${users.heidi.id}/roles/${roles.partnerHolder.id}`,
      asBot(app),
    );
    expect(partner.body).toEqual({ message: "Missing Permissions", code: 50013 });
    const notMember = await call(
      app,
      "PUT",
      `/api/guilds/${guilds.sandbox.id}/members/${users.judy.id}/roles/${roles.airdropOg.id}`,
      asBot(app),
    );
    expect(notMember.body).toEqual({ message: "Unknown Member", code: 10007 });

    const removed = await call(app, "DELETE", url, asBot(app));
    expect(removed.status).toBe(204);
    expect(app.world.member(guilds.sandbox.id, users.bob.id)?.roles.has(roles.airdropOg.id)).toBe(false);
  });

  it("lists a guild's roles in position order with permissions as strings", async () => {
    const app = setup();
    const { guilds, roles } = app.world.fixtures;
    const { status, body } = await call(app, "GET", `/api/guilds/${guilds.sandbox.id}/roles`, asBot(app));
    expect(status).toBe(200);
    expect(body.map((role: Json) => [role.name, role.position])).toEqual([
      ["@everyone", 0],
      ["Member", 1],
      ["Verified", 2],
      ["Airdrop OG", 3],
      ["Dropfair Bot", 4],
      ["Moderator", 5],
      ["Admin", 6],
    ]);
    const botRole = body.find((role: Json) => role.id === roles.bot.id);
    expect(botRole).toMatchObject({ managed: true, tags: { bot_id: app.world.botUserId } });
    expect(BigInt(botRole.permissions) & (1n << 28n)).toBe(1n << 28n);
    expect((await call(app, "GET", `/api/guilds/${guilds.elsewhere.id}/roles`, asBot(app))).body.code).toBe(
      50001,
    );
  });
});

describe("Discord sandbox rate limits and faults", () => {
  it("sends X-RateLimit-* headers and a 429 with retry_after once a bucket is spent", async () => {
    const app = setup({ rateLimits: { routes: { "guilds.members.get": { limit: 2, windowMs: 4000 } } } });
    const { guilds, users } = app.world.fixtures;
    const url = `/api/guilds/${guilds.sandbox.id}/members/${users.alice.id}`;
    const first = await call(app, "GET", url, asBot(app));
    expect(first.headers).toMatchObject({
      "x-ratelimit-limit": "2",
      "x-ratelimit-remaining": "1",
      "x-ratelimit-reset": ((now + 4000) / 1000).toFixed(3),
      "x-ratelimit-reset-after": "4.000",
    });
    expect(first.headers["x-ratelimit-bucket"]).toMatch(/^[0-9a-f]{32}$/);
    expect((await call(app, "GET", url, asBot(app))).headers["x-ratelimit-remaining"]).toBe("0");
    time += 1500;
    const limited = await call(app, "GET", url, asBot(app));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "You are being rate limited.", retry_after: 2.5, global: false });
    expect(limited.headers).toMatchObject({
      "retry-after": "3",
      "x-ratelimit-scope": "user",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset-after": "2.500",
    });
    // Buckets are per guild: another guild's member lookups are unaffected.
    const other = await call(
      app,
      "GET",
      `/api/guilds/${guilds.partner.id}/members/${users.heidi.id}`,
      asBot(app),
    );
    expect(other.status).toBe(200);
    time += 2500;
    expect((await call(app, "GET", url, asBot(app))).status).toBe(200);
  });

  it("enforces the global limit per bot", async () => {
    const app = setup({ rateLimits: { globalPerSecond: 3 } });
    const { guilds } = app.world.fixtures;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(app, "GET", `/api/guilds/${guilds.sandbox.id}/roles`, asBot(app))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await call(app, "GET", "/api/users/@me", asBot(app));
    expect(limited.body).toEqual({ message: "You are being rate limited.", retry_after: 1, global: true });
    expect(limited.headers).toMatchObject({ "x-ratelimit-global": "true", "x-ratelimit-scope": "global" });
  });

  it("injects 429s (user, global, shared) and 5xx, a bounded number of times", async () => {
    const app = setup();
    const { guilds, users } = app.world.fixtures;
    const url = `/api/guilds/${guilds.sandbox.id}/members/${users.alice.id}`;
    app.faults.inject({ path: /\/members\//, kind: "429", retryAfterSeconds: 64.57 });
    const limited = await call(app, "GET", url, asBot(app));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: "You are being rate limited.",
      retry_after: 64.57,
      global: false,
    });
    expect(limited.headers["retry-after"]).toBe("65");

    app.faults.inject({ path: /\/members\//, kind: "429", scope: "shared" });
    expect((await call(app, "GET", url, asBot(app))).body.message).toBe(
      "The resource is being rate limited.",
    );
    app.faults.inject({ path: /\/members\//, kind: "5xx", times: 2 });
    expect((await call(app, "GET", url, asBot(app))).status).toBe(502);
    expect((await call(app, "GET", url, asBot(app))).status).toBe(502);
    expect((await call(app, "GET", url, asBot(app))).status).toBe(200);
    expect(app.faults.log.map((event) => event.kind)).toEqual(["429", "429", "5xx", "5xx"]);
  });
});

describe("Discord sandbox OAuth2", () => {
  it("renders an authorize page without scripts that lists sandbox users and the scopes asked for", async () => {
    const app = setup();
    const page = await app.inject({ url: `/oauth2/authorize?${authorizeQuery(app)}` });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:5173");
    expect(page.body).not.toMatch(/<script|style=|onclick=/i);
    expect(page.body).toContain(`value="${app.world.fixtures.users.alice.id}"`);
    expect(page.body).not.toContain(`name="user_id" value="${app.world.fixtures.users.bot.id}"`);
    expect(page.body).toContain("Know what servers you&#39;re in");
    expect((await app.inject({ url: "/oauth2/sandbox.css" })).headers["content-type"]).toContain("text/css");
  });

  it("shows a page for an unknown application or redirect_uri, and redirects other errors to the app", async () => {
    const app = setup({
      applications: [{ clientId: "123456789012345678", clientSecret: "s", redirectUris: [redirectUri] }],
    });
    const unknown = await app.inject({ url: `/oauth2/authorize?${authorizeQuery(app, { client_id: "1" })}` });
    expect([unknown.statusCode, unknown.body.includes("Unknown Application")]).toEqual([400, true]);
    const badRedirect = await app.inject({
      url: `/oauth2/authorize?${authorizeQuery(app, { redirect_uri: "http://evil.test/cb" })}`,
    });
    expect([badRedirect.statusCode, badRedirect.body.includes("Invalid OAuth2 redirect_uri")]).toEqual([
      400,
      true,
    ]);
    const badScope = await app.inject({
      url: `/oauth2/authorize?${authorizeQuery(app, { scope: "identify admin" })}`,
    });
    const location = new URL(String(badScope.headers.location));
    expect(location.searchParams.get("error")).toBe("invalid_scope");
    expect(location.searchParams.get("state")).toBe("st4te");

    const cancelled = await app.inject({
      method: "POST",
      url: "/oauth2/authorize",
      headers: form,
      payload: `${authorizeQuery(app)}&decision=cancel`,
    });
    const back = new URL(String(cancelled.headers.location));
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("st4te");
  });

  it("exchanges a code once, with Discord's invalid_grant / invalid_client answers for the rest", async () => {
    const app = setup();
    const { alice } = app.world.fixtures.users;
    const callback = await consent(app, alice.id);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get("state")).toBe("st4te");
    const code = callback.searchParams.get("code") ?? "";
    expect(code).toMatch(/^[A-Za-z0-9]{30}$/);
    const client = { client_id: app.clientId, client_secret: app.clientSecret ?? "" };
    const exchange = { ...client, grant_type: "authorization_code", code, redirect_uri: redirectUri };

    expect(await token(app, { ...exchange, client_secret: "wrong" })).toEqual({
      status: 401,
      body: { error: "invalid_client" },
    });
    expect(await token(app, { ...exchange, redirect_uri: "http://localhost:5173/other" })).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: 'Invalid "redirect_uri" in request.' },
    });
    const granted = await token(app, exchange, "/api/v10/oauth2/token");
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      token_type: "Bearer",
      expires_in: 604800,
      scope: "identify guilds guilds.members.read",
    });
    expect(granted.body.refresh_token).toEqual(expect.any(String));
    expect(await token(app, exchange)).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: 'Invalid "code" in request.' },
    });

    // HTTP Basic works too; a JSON body is not read at all.
    const second = (await consent(app, alice.id)).searchParams.get("code") ?? "";
    const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64");
    const json = await app.inject({
      method: "POST",
      url: "/api/oauth2/token",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
      payload: JSON.stringify({ grant_type: "authorization_code", code: second, redirect_uri: redirectUri }),
    });
    expect(json.json()).toEqual({
      error: "unsupported_grant_type",
      error_description: "Unsupported grant type",
    });
    const viaBasic = await app.inject({
      method: "POST",
      url: "/api/oauth2/token",
      headers: { ...form, authorization: `Basic ${basic}` },
      payload: new URLSearchParams({
        grant_type: "authorization_code",
        code: second,
        redirect_uri: redirectUri,
      }).toString(),
    });
    expect(viaBasic.statusCode).toBe(200);
  });

  it("expires codes after 10 minutes and checks a PKCE verifier when a challenge was sent", async () => {
    const app = setup();
    const { carol } = app.world.fixtures.users;
    const client = { client_id: app.clientId, client_secret: app.clientSecret ?? "" };
    const late = (await consent(app, carol.id)).searchParams.get("code") ?? "";
    time += 10 * 60 * 1000 + 1;
    expect(
      (
        await token(app, {
          ...client,
          grant_type: "authorization_code",
          code: late,
          redirect_uri: redirectUri,
        })
      ).body.error,
    ).toBe("invalid_grant");

    const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const code =
      (
        await consent(app, carol.id, { code_challenge: challenge, code_challenge_method: "S256" })
      ).searchParams.get("code") ?? "";
    const exchange = { ...client, grant_type: "authorization_code", code, redirect_uri: redirectUri };
    expect((await token(app, { ...exchange, code_verifier: "x".repeat(43) })).body).toEqual({
      error: "invalid_grant",
      error_description: 'Invalid "code_verifier" in request.',
    });
    expect((await token(app, { ...exchange, code_verifier: verifier })).status).toBe(200);
  });

  it("serves users/@me by scope, rotates refresh tokens and revokes the whole authorization", async () => {
    const app = setup();
    const { users, guilds } = app.world.fixtures;
    const tokens = app.issueUserToken("sandbox_alice", [
      "identify",
      "email",
      "guilds",
      "guilds.members.read",
    ]);
    const bearer = `Bearer ${tokens.access_token}`;
    const me = await call(app, "GET", "/api/users/@me", bearer);
    expect(me.body).toMatchObject({
      id: users.alice.id,
      username: "sandbox_alice",
      email: "sandbox_alice@sandbox.dropfair.test",
      verified: true,
    });
    const narrow = app.issueUserToken(users.alice.id, ["identify"]).access_token;
    expect((await call(app, "GET", "/api/users/@me", `Bearer ${narrow}`)).body.email).toBeUndefined();
    expect((await call(app, "GET", "/api/users/@me/guilds", `Bearer ${narrow}`)).status).toBe(401);

    const mine = await call(app, "GET", "/api/users/@me/guilds?with_counts=true", bearer);
    expect(mine.body.map((guild: Json) => guild.name)).toEqual([
      "Dropfair Sandbox",
      "Partner Labs",
      "Elsewhere DAO",
    ]);
    expect(mine.body[0]).toMatchObject({
      owner: false,
      permissions: expect.any(String),
      approximate_member_count: 9,
    });
    const member = await call(app, "GET", `/api/users/@me/guilds/${guilds.sandbox.id}/member`, bearer);
    expect(member.body.roles).toHaveLength(2);
    const bob = `Bearer ${app.issueUserToken("sandbox_bob").access_token}`;
    expect((await call(app, "GET", `/api/users/@me/guilds/${guilds.partner.id}/member`, bob)).body).toEqual({
      message: "Unknown Guild",
      code: 10004,
    });

    const client = { client_id: app.clientId, client_secret: app.clientSecret ?? "" };
    const refreshed = await token(app, {
      ...client,
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(
      (await token(app, { ...client, grant_type: "refresh_token", refresh_token: tokens.refresh_token }))
        .body,
    ).toEqual({ error: "invalid_grant", error_description: 'Invalid "refresh_token" in request.' });

    const revoke = await app.inject({
      method: "POST",
      url: "/api/oauth2/token/revoke",
      headers: form,
      payload: new URLSearchParams({ ...client, token: refreshed.body.refresh_token }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    for (const accessToken of [tokens.access_token, refreshed.body.access_token]) {
      expect((await call(app, "GET", "/api/users/@me", `Bearer ${accessToken}`)).status).toBe(401);
    }
  });
});

describe("Discord sandbox mounting and control API", () => {
  it("mounts under a prefix: pages post to the prefixed path, the API answers below it", async () => {
    const host = Fastify();
    const state = createDiscordSandboxState({ rateLimits: false });
    await host.register(discordSandboxPlugin(state), { prefix: "/sandbox/discord" });
    const page = await host.inject({ url: `/sandbox/discord/oauth2/authorize?${authorizeQuery(state)}` });
    expect(page.body).toContain('action="/sandbox/discord/oauth2/authorize"');
    expect(page.body).toContain('href="/sandbox/discord/oauth2/sandbox.css"');
    const me = await host.inject({
      url: "/sandbox/discord/api/v10/users/@me",
      headers: { authorization: `Bot ${state.botToken}` },
    });
    expect(me.json()).toMatchObject({ id: state.world.botUserId, bot: true });
    state.faults.inject({ path: "/api/v10/users/@me", kind: "5xx", status: 503 });
    expect(
      (
        await host.inject({
          url: "/sandbox/discord/api/v10/users/@me",
          headers: { authorization: `Bot ${state.botToken}` },
        })
      ).statusCode,
    ).toBe(503);
    expect((await host.inject({ url: "/sandbox/discord/api/nope" })).json()).toEqual({
      message: "404: Not Found",
      code: 0,
    });
    await host.close();
  });

  it("serves fixtures, faults, tokens and membership over HTTP", async () => {
    const app = setup();
    const { guilds, users, roles } = app.world.fixtures;
    const fixtures = (await app.inject({ url: "/_sandbox/fixtures" })).json();
    expect(fixtures).toMatchObject({
      clientId: app.clientId,
      botToken: app.botToken,
      guilds: { sandbox: guilds.sandbox },
    });
    const fault = await app.inject({
      method: "POST",
      url: "/_sandbox/faults",
      payload: { path: "/roles$", kind: "429", retryAfterSeconds: 2 },
    });
    expect(fault.statusCode).toBe(201);
    expect((await call(app, "GET", `/api/guilds/${guilds.sandbox.id}/roles`, asBot(app))).status).toBe(429);
    const issued = await app.inject({
      method: "POST",
      url: "/_sandbox/tokens",
      payload: { user: "sandbox_judy", scope: "identify" },
    });
    expect((await call(app, "GET", "/api/users/@me", `Bearer ${issued.json().access_token}`)).body.id).toBe(
      users.judy.id,
    );
    const joined = await app.inject({
      method: "PUT",
      url: `/_sandbox/guilds/${guilds.sandbox.id}/members/${users.judy.id}`,
      payload: { roles: [roles.verified.id] },
    });
    expect(joined.statusCode).toBe(204);
    expect(
      (await call(app, "GET", `/api/guilds/${guilds.sandbox.id}/members/${users.judy.id}`, asBot(app))).body
        .roles,
    ).toEqual([roles.verified.id]);
    await app.inject({
      method: "DELETE",
      url: `/_sandbox/guilds/${guilds.sandbox.id}/members/${users.judy.id}`,
    });
    expect(
      (await call(app, "GET", `/api/guilds/${guilds.sandbox.id}/members/${users.judy.id}`, asBot(app))).body
        .code,
    ).toBe(10007);
  });
});
