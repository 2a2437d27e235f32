import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  advanceClock,
  authorizeQuery,
  call,
  consent,
  form,
  type Json,
  redirectUri,
  setup,
  token,
  useDiscordSandboxCleanup,
} from "./discord-helpers.ts";

useDiscordSandboxCleanup();

describe("Discord sandbox OAuth2: the authorize page", () => {
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
});

describe("Discord sandbox OAuth2: codes and tokens", () => {
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
    advanceClock(10 * 60 * 1000 + 1);
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
});

describe("Discord sandbox OAuth2: users/@me, refresh and revoke", () => {
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
