// The Discord client against a real Discord sandbox over HTTP, sharing one manual clock with it so that waiting
// out a rate limit takes no real time.
import {
  createDiscordSandbox,
  type DiscordSandbox,
  type DiscordSandboxOptions,
} from "@dropfair/sandbox/discord";
import { afterEach, describe, expect, it } from "vitest";
import {
  buildDiscordAuthorizeUrl,
  createDiscordClient,
  DiscordApiError,
  type DiscordClient,
  type DiscordClientOptions,
  DiscordError,
  DiscordOAuthError,
  DiscordRateLimitError,
  discordSignInScopes,
  isMissingPermissions,
  startDiscordAuthorization,
} from "../src/discord/index.ts";
import { createManualClock, type ManualClock, worldNow } from "./helpers.ts";

const redirectUri = "http://127.0.0.1:5173/auth/discord";

type Harness = {
  sandbox: DiscordSandbox;
  url: string;
  clock: ManualClock;
  client: DiscordClient;
  /** Status codes the sandbox answered, in order. */
  statuses: number[];
};

let running: DiscordSandbox | undefined;

afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function setup(
  options: { sandbox?: DiscordSandboxOptions; client?: Partial<DiscordClientOptions> } = {},
): Promise<Harness> {
  const clock = createManualClock(worldNow);
  const sandbox = createDiscordSandbox({ clock: clock.now, ...options.sandbox });
  const statuses: number[] = [];
  sandbox.addHook("onResponse", async (_request, reply) => {
    statuses.push(reply.statusCode);
  });
  await sandbox.listen({ port: 0, host: "127.0.0.1" });
  running = sandbox;
  const address = sandbox.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const client = createDiscordClient({
    apiBase: `${url}/api/v10`,
    botToken: sandbox.botToken,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret ?? "",
    clock,
    ...options.client,
  });
  return { sandbox, url, clock, client, statuses };
}

/** What a browser does on the authorize page: read the form, pick a user, post it, stop at the redirect. */
async function authorizeAs(authorizeUrl: string, userId: string): Promise<URL> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = /<form method="post" action="([^"]+)" aria-label="Choose an account">([\s\S]*?)<\/form>/.exec(
    html,
  );
  expect(form).not.toBeNull();
  const fields = new URLSearchParams();
  for (const input of (form?.[2] ?? "").matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(input[1] as string, (input[2] as string).replaceAll("&amp;", "&").replaceAll("&quot;", '"'));
  }
  expect(form?.[2]).toContain(`name="user_id" value="${userId}"`);
  fields.set("user_id", userId);
  const answer = await fetch(new URL(form?.[1] ?? "", authorizeUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields,
    redirect: "manual",
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("location") ?? "");
}

describe("buildDiscordAuthorizeUrl", () => {
  it("builds Discord's documented URL", () => {
    expect(
      buildDiscordAuthorizeUrl({
        authorizeBase: "https://discord.com/",
        clientId: "157730590492196864",
        scopes: ["identify", "guilds", "guilds.members.read"],
        state: "15773059ghq9183habn",
        redirectUri: "https://nicememe.website",
        prompt: "consent",
      }),
    ).toBe(
      "https://discord.com/oauth2/authorize?response_type=code&client_id=157730590492196864&scope=identify%20guilds%20guilds.members.read&state=15773059ghq9183habn&redirect_uri=https%3A%2F%2Fnicememe.website&prompt=consent",
    );
  });
});

describe("Sign in with Discord against the sandbox", () => {
  it("runs the round trip: authorize page → code → tokens → users/@me, guilds, member; refresh; revoke", async () => {
    const { sandbox, url, client, clock } = await setup();
    const { alice } = sandbox.world.fixtures.users;
    const start = startDiscordAuthorization({
      authorizeBase: url,
      clientId: sandbox.clientId,
      redirectUri,
      scopes: [...discordSignInScopes, "email"],
    });
    const callback = await authorizeAs(start.url, alice.id);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get("state")).toBe(start.state);

    const tokens = await client.exchangeCode({
      code: callback.searchParams.get("code") ?? "",
      redirectUri,
      ...(start.codeVerifier ? { codeVerifier: start.codeVerifier } : {}),
    });
    expect(tokens).toMatchObject({
      tokenType: "Bearer",
      expiresIn: 604800,
      scopes: ["identify", "guilds", "guilds.members.read", "email"],
    });
    expect(tokens.expiresAt).toBe(clock.now() + 604_800_000);

    const me = await client.getCurrentUser(tokens.accessToken);
    expect(me).toMatchObject({
      id: alice.id,
      username: "sandbox_alice",
      global_name: "Alice",
      discriminator: "0",
    });
    expect(me.email).toBe("sandbox_alice@sandbox.dropfair.test");
    const guilds = await client.getCurrentUserGuilds(tokens.accessToken, { withCounts: true });
    expect(guilds.map((guild) => guild.name)).toEqual(["Dropfair Sandbox", "Partner Labs", "Elsewhere DAO"]);
    const { sandbox: home, partner } = sandbox.world.fixtures.guilds;
    const member = await client.getCurrentUserGuildMember(tokens.accessToken, home.id);
    expect(member?.roles).toContain(sandbox.world.fixtures.roles.airdropOg.id);

    const bob = sandbox.issueUserToken("sandbox_bob").access_token;
    expect(await client.getCurrentUserGuildMember(bob, partner.id)).toBeNull();

    const refreshed = await client.refreshToken(tokens.refreshToken ?? "");
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    await expect(client.refreshToken(tokens.refreshToken ?? "")).rejects.toMatchObject({
      status: 400,
      error: "invalid_grant",
    });
    await client.revokeToken(refreshed.accessToken, { tokenTypeHint: "access_token" });
    const revoked = await client.getCurrentUser(refreshed.accessToken).catch((error) => error);
    expect(revoked).toBeInstanceOf(DiscordApiError);
    expect(revoked).toMatchObject({ status: 401, code: 0, kind: "api" });
  });

  it("refuses a reused code, a wrong redirect_uri and a wrong client secret with Discord's bodies", async () => {
    const { sandbox, url, client } = await setup();
    const { carol } = sandbox.world.fixtures.users;
    const start = startDiscordAuthorization({
      authorizeBase: url,
      clientId: sandbox.clientId,
      redirectUri,
      scopes: discordSignInScopes,
      pkce: false,
    });
    expect(start.codeVerifier).toBeUndefined();
    const code = (await authorizeAs(start.url, carol.id)).searchParams.get("code") ?? "";

    const wrongRedirect = await client
      .exchangeCode({ code, redirectUri: `${redirectUri}/x` })
      .catch((e) => e);
    expect(wrongRedirect).toBeInstanceOf(DiscordOAuthError);
    expect(wrongRedirect).toMatchObject({
      status: 400,
      error: "invalid_grant",
      errorDescription: 'Invalid "redirect_uri" in request.',
      kind: "oauth",
    });

    const wrongSecret = createDiscordClient({
      apiBase: `${url}/api`,
      botToken: sandbox.botToken,
      clientId: sandbox.clientId,
      clientSecret: "not-the-secret",
    });
    await expect(wrongSecret.exchangeCode({ code, redirectUri })).rejects.toMatchObject({
      status: 401,
      error: "invalid_client",
    });

    expect((await client.exchangeCode({ code, redirectUri })).accessToken).toEqual(expect.any(String));
    await expect(client.exchangeCode({ code, redirectUri })).rejects.toMatchObject({
      status: 400,
      error: "invalid_grant",
      errorDescription: 'Invalid "code" in request.',
    });
  });

  it("sends the PKCE verifier and is refused with another one", async () => {
    const { sandbox, url, client } = await setup();
    const start = startDiscordAuthorization({
      authorizeBase: url,
      clientId: sandbox.clientId,
      redirectUri,
      scopes: ["identify"],
    });
    const code =
      (await authorizeAs(start.url, sandbox.world.fixtures.users.dave.id)).searchParams.get("code") ?? "";
    await expect(
      client.exchangeCode({ code, redirectUri, codeVerifier: "A".repeat(43) }),
    ).rejects.toMatchObject({
      error: "invalid_grant",
      errorDescription: 'Invalid "code_verifier" in request.',
    });
    const tokens = await client.exchangeCode({ code, redirectUri, codeVerifier: start.codeVerifier ?? "" });
    expect((await client.getCurrentUser(tokens.accessToken)).username).toBe("sandbox_dave");
  });
});

describe("Discord bot: membership and roles", () => {
  it("reads guild members (null when not a member) and throws for a guild the bot cannot see", async () => {
    const { sandbox, url, client } = await setup();
    const { guilds, users, roles } = sandbox.world.fixtures;
    const alice = await client.getGuildMember(guilds.sandbox.id, users.alice.id);
    expect(alice).toMatchObject({
      nick: "alice.eth",
      roles: [roles.member.id, roles.airdropOg.id],
      pending: false,
    });
    expect(alice?.user?.id).toBe(users.alice.id);
    expect((await client.getGuildMember(guilds.sandbox.id, users.frank.id))?.pending).toBe(true);
    expect(await client.getGuildMember(guilds.sandbox.id, users.heidi.id)).toBeNull();
    expect(await client.getGuildMember(guilds.sandbox.id, "1000000000000000001")).toBeNull();

    const hidden = await client.getGuildMember(guilds.elsewhere.id, users.alice.id).catch((error) => error);
    expect(hidden).toBeInstanceOf(DiscordApiError);
    expect(hidden).toMatchObject({ status: 403, code: 50001, discordMessage: "Missing Access" });
    await expect(client.getGuildMember("1000000000000000001", users.alice.id)).rejects.toMatchObject({
      status: 404,
      code: 10004,
    });
    await expect(client.getGuildMember(guilds.sandbox.id, "../roles")).rejects.toThrow(TypeError);

    const wrongBot = createDiscordClient({
      apiBase: `${url}/api`,
      botToken: "not-the-bot",
      clientId: sandbox.clientId,
    });
    await expect(wrongBot.getGuildRoles(guilds.sandbox.id)).rejects.toMatchObject({ status: 401, code: 0 });
  });

  it("looks users up by id (null for 10013 Unknown User) and searches a guild's members", async () => {
    const { sandbox, client, statuses } = await setup();
    const { guilds, users } = sandbox.world.fixtures;
    expect(await client.getUser(users.heidi.id)).toMatchObject({
      id: users.heidi.id,
      username: "sandbox_heidi",
    });
    expect(await client.getUser("1000000000000000001")).toBeNull();
    expect(statuses).toEqual([200, 404]);
    await expect(client.getUser("../users/@me")).rejects.toThrow(TypeError);

    const found = await client.searchGuildMembers(guilds.sandbox.id, "Sandbox_B", { limit: 10 });
    expect(found.map((member) => member.user?.username)).toEqual(["sandbox_bob"]);
    expect(await client.searchGuildMembers(guilds.sandbox.id, "sandbox_heidi", { limit: 10 })).toEqual([]);
    // The query is sent encoded, whatever it holds.
    expect(await client.searchGuildMembers(guilds.sandbox.id, "a&limit=1000")).toEqual([]);
    await expect(client.searchGuildMembers(guilds.elsewhere.id, "sandbox_alice")).rejects.toMatchObject({
      status: 403,
      code: 50001,
    });
  });

  it("waits out a 429 on the member search and gives up on a server that keeps failing", async () => {
    const { sandbox, client, clock, statuses } = await setup();
    const { guilds, users } = sandbox.world.fixtures;
    sandbox.faults.inject({ path: /\/members\/search$/, kind: "429", retryAfterSeconds: 0.75 });
    expect(await client.searchGuildMembers(guilds.sandbox.id, "sandbox_alice")).toHaveLength(1);
    expect(statuses).toEqual([429, 200]);
    expect(clock.sleeps).toEqual([750]);

    sandbox.faults.inject({ path: /\/users\//, kind: "5xx", status: 503, times: Number.POSITIVE_INFINITY });
    const down = await client.getUser(users.alice.id).catch((error) => error);
    expect(down).toBeInstanceOf(DiscordApiError);
    expect(down).toMatchObject({ status: 503 });
    expect(statuses.slice(2)).toEqual([503, 503, 503]);
  });

  it("grants a role below the bot's and reports 50013 for one above it", async () => {
    const { sandbox, client } = await setup();
    const { guilds, users, roles } = sandbox.world.fixtures;
    await client.addMemberRole(guilds.sandbox.id, users.bob.id, roles.airdropOg.id, {
      reason: "Won giveaway #42",
    });
    await client.addMemberRole(guilds.sandbox.id, users.bob.id, roles.airdropOg.id);
    expect((await client.getGuildMember(guilds.sandbox.id, users.bob.id))?.roles).toContain(
      roles.airdropOg.id,
    );
    expect(sandbox.world.roleChanges.map((change) => change.reason)).toEqual(["Won giveaway #42", undefined]);

    const above = await client
      .addMemberRole(guilds.sandbox.id, users.bob.id, roles.moderator.id)
      .catch((error) => error);
    expect(above).toBeInstanceOf(DiscordApiError);
    expect(above).toMatchObject({ status: 403, code: 50013, discordMessage: "Missing Permissions" });
    expect(isMissingPermissions(above)).toBe(true);
    await expect(
      client.addMemberRole(guilds.sandbox.id, users.judy.id, roles.airdropOg.id),
    ).rejects.toMatchObject({ code: 10007 });
    await expect(
      client.addMemberRole(guilds.sandbox.id, users.bob.id, roles.partnerHolder.id),
    ).rejects.toMatchObject({ code: 10011 });

    await client.removeMemberRole(guilds.sandbox.id, users.bob.id, roles.airdropOg.id);
    expect((await client.getGuildMember(guilds.sandbox.id, users.bob.id))?.roles).not.toContain(
      roles.airdropOg.id,
    );
  });

  it("lists a guild's roles", async () => {
    const { sandbox, client } = await setup();
    const roles = await client.getGuildRoles(sandbox.world.fixtures.guilds.sandbox.id);
    expect(roles.map((role) => role.name)).toEqual([
      "@everyone",
      "Member",
      "Verified",
      "Airdrop OG",
      "Dropfair Bot",
      "Moderator",
      "Admin",
    ]);
    expect(roles.find((role) => role.name === "Admin")?.permissions).toBe(String(1 << 3));
  });
});

describe("Discord client: rate limits, server errors, timeouts", () => {
  it("waits out a 429's retry_after and retries, a bounded number of times", async () => {
    const { sandbox, client, clock, statuses } = await setup();
    const { guilds, users } = sandbox.world.fixtures;
    sandbox.faults.inject({ path: /\/members\//, kind: "429", retryAfterSeconds: 2.5, times: 2 });
    expect(await client.getGuildMember(guilds.sandbox.id, users.alice.id)).not.toBeNull();
    expect(statuses).toEqual([429, 429, 200]);
    expect(clock.sleeps).toEqual([2500, 2500]);

    sandbox.faults.inject({
      path: /\/members\//,
      kind: "429",
      retryAfterSeconds: 1,
      times: Number.POSITIVE_INFINITY,
    });
    const error = await client.getGuildMember(guilds.sandbox.id, users.alice.id).catch((e) => e);
    expect(error).toBeInstanceOf(DiscordRateLimitError);
    expect(error).toMatchObject({
      kind: "rate-limited",
      status: 429,
      retryAfterMs: 1000,
      global: false,
      scope: "user",
    });
    expect(statuses.slice(3)).toEqual([429, 429, 429, 429]);
  });

  it("does not wait longer than the policy allows, and honours a global 429 for every route", async () => {
    const { sandbox, url, client, clock, statuses } = await setup();
    const { guilds, users } = sandbox.world.fixtures;
    sandbox.faults.inject({ path: /\/roles$/, kind: "429", retryAfterSeconds: 3600 });
    const error = await client.getGuildRoles(guilds.sandbox.id).catch((e) => e);
    expect(error).toMatchObject({ kind: "rate-limited", retryAfterMs: 3_600_000 });
    expect(clock.sleeps).toEqual([]);
    // The bucket is known to be spent for an hour: the next call fails without a request.
    await expect(client.getGuildRoles(guilds.sandbox.id)).rejects.toBeInstanceOf(DiscordRateLimitError);
    expect(statuses).toEqual([429]);

    // A global 429 holds back every route of the bot until it is over.
    const impatient = createDiscordClient({
      apiBase: `${url}/api`,
      botToken: sandbox.botToken,
      clientId: sandbox.clientId,
      clock,
      retry: { maxRateLimitRetries: 0 },
    });
    sandbox.faults.inject({ path: /\/members\//, kind: "429", scope: "global", retryAfterSeconds: 2 });
    await expect(impatient.getGuildMember(guilds.sandbox.id, users.alice.id)).rejects.toMatchObject({
      global: true,
      scope: "global",
    });
    await impatient.getGuildRoles(guilds.partner.id);
    expect(clock.sleeps).toEqual([2000]);
    expect(statuses).toEqual([429, 429, 200]);
  });

  it("waits for a spent bucket's reset instead of earning a 429", async () => {
    const { sandbox, client, clock, statuses } = await setup({
      sandbox: { rateLimits: { routes: { "guilds.members.get": { limit: 2, windowMs: 10_000 } } } },
    });
    const { guilds, users } = sandbox.world.fixtures;
    for (const user of [users.alice, users.bob, users.carol]) {
      await client.getGuildMember(guilds.sandbox.id, user.id);
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect(clock.sleeps).toEqual([10_000]);
    // Buckets are per guild: another guild does not wait.
    await client.getGuildMember(guilds.partner.id, users.heidi.id);
    expect(clock.sleeps).toEqual([10_000]);
  });

  it("retries 5xx with backoff on safe requests, never on a code exchange", async () => {
    const { sandbox, client, clock, statuses } = await setup();
    const { guilds } = sandbox.world.fixtures;
    sandbox.faults.inject({ path: /\/roles$/, kind: "5xx", times: 2 });
    expect(await client.getGuildRoles(guilds.sandbox.id)).toHaveLength(7);
    expect(clock.sleeps).toEqual([500, 1000]);

    sandbox.faults.inject({ path: /\/roles$/, kind: "5xx", status: 503, times: Number.POSITIVE_INFINITY });
    const failed = await client.getGuildRoles(guilds.sandbox.id).catch((e) => e);
    expect(failed).toMatchObject({ kind: "api", status: 503 });
    sandbox.faults.clear();

    statuses.length = 0;
    sandbox.faults.inject({ path: /oauth2\/token$/, kind: "5xx" });
    const exchange = await client.exchangeCode({ code: "whatever", redirectUri }).catch((e) => e);
    expect(exchange).toBeInstanceOf(DiscordApiError);
    expect(statuses).toEqual([502]);
  });

  it("times out a request that never answers", async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
      });
    const clock = createManualClock(worldNow);
    const client = createDiscordClient({
      apiBase: "http://127.0.0.1:9/api",
      botToken: "t",
      clientId: "1",
      fetch: hanging,
      clock,
      timeoutMs: 30,
      retry: { maxServerRetries: 1 },
    });
    const error = await client.getGuildRoles("837840745267331272").catch((e) => e);
    expect(error).toBeInstanceOf(DiscordError);
    expect(error).toMatchObject({ kind: "timeout" });
    expect(clock.sleeps).toEqual([500]);
  });
});
