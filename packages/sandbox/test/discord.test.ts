import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createDiscordSandboxState, discordSandboxPlugin } from "../src/discord/index.ts";
import {
  advanceClock,
  asBot,
  authorizeQuery,
  call,
  now,
  setup,
  useDiscordSandboxCleanup,
} from "./discord-helpers.ts";

useDiscordSandboxCleanup();

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
    advanceClock(1500);
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
    advanceClock(2500);
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
