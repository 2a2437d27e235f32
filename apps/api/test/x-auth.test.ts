// Sign in with X (OAuth 2.0 + PKCE) against the in-process X sandbox: T7 for X, logout (T6) and the X session
// token, sent as X-Twitter-Token or, when no wallet is signed in, as the bearer.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, xAccounts, xSessions, xSignInStates } from "@dropfair/db";
import { defaultDiscordClientId } from "@dropfair/sandbox/discord";
import { startXSandbox } from "@dropfair/sandbox/x";
import { codeChallengeS256, createCodeVerifier } from "@dropfair/social/x-oauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPurgeExpiredXSignIns } from "../src/modules/x-auth/index.ts";
import { ConfigError, parseConfig } from "../src/platform/config.ts";
import { appOrigin, buildTestApp, signIn } from "./helper.ts";
import {
  approveOnConsentPage,
  buildTestAppWithX,
  signInWithX,
  signInWithXDetails,
  startXAuthorization,
  submitXCallback,
  type XTestContext,
  xHeaders,
} from "./x-helper.ts";

let context: XTestContext;
let clockOffsetMs = 0;
const secondOrigin = "http://127.0.0.1:3000";

beforeAll(async () => {
  context = await buildTestAppWithX({
    now: () => new Date(Date.now() + clockOffsetMs),
    environment: { APP_ORIGINS: `${appOrigin},${secondOrigin}` },
  });
});
afterAll(async () => {
  await context.close();
});

async function withClockOffset<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
  clockOffsetMs = offsetMs;
  try {
    return await run();
  } finally {
    clockOffsetMs = 0;
  }
}

function get(url: string, headers: Record<string, string> = {}) {
  return context.app.inject({ method: "GET", url, headers });
}

function twitterInfo(headers: Record<string, string>) {
  return get("/api/reg/socialmedia/LoginStatusDetail/twitter", headers);
}

async function sessionCount() {
  return (await context.database.db.select().from(xSessions)).length;
}

/** authorize + consent, stopping before the callback. */
async function approved(username = "sandbox_alice", options: { returnTo?: string } = {}) {
  const authorization = await startXAuthorization(context.app, options);
  const back = await approveOnConsentPage(context.app, authorization.url, username);
  return { ...authorization, code: back.code ?? "", returnedState: back.state ?? "" };
}

function sha256Hex(text: string) {
  return createHash("sha256").update(text).digest("hex");
}

describe("Sign in with X: the whole flow against the sandbox", () => {
  it("authorize → consent page → callback gives an xs_ token for the chosen account", async () => {
    const alice = context.sandbox.world.fixtures.users.alice;
    const before = await sessionCount();
    const result = await signInWithXDetails(context, "sandbox_alice", { returnTo: "/cn/picker2?tab=mine" });
    expect(result.token).toMatch(/^xs_[A-Za-z0-9_-]{43}$/);
    expect(result.account).toMatchObject({ id: alice.id, username: "sandbox_alice" });
    expect(result.account.avatar).toMatch(/^https?:\/\//);
    expect(result.returnTo).toBe("/cn/picker2?tab=mine");
    const weekFromNow = Date.now() / 1000 + 7 * 24 * 3600;
    expect(Math.abs(result.expireAt - weekFromNow)).toBeLessThan(60);
    expect(await sessionCount()).toBe(before + 1);

    // The token is stored hashed, never as is; the account row holds what X answered.
    const [row] = await context.database.db
      .select()
      .from(xSessions)
      .where(eq(xSessions.tokenHash, sha256Hex(result.token)));
    expect(row).toMatchObject({ xUserId: alice.id, project: "Dropfair", revokedAt: null });
    expect(row?.accessToken).toBeTruthy();
    expect(row?.refreshToken).toBeTruthy();
    const [account] = await context.database.db.select().from(xAccounts).where(eq(xAccounts.id, alice.id));
    expect(account).toMatchObject({ username: "sandbox_alice", name: result.account.name });
  });

  it("answers the X account on LoginStatusDetail/twitter, LoginStatusDetail and LoginStatus", async () => {
    const token = await signInWithX(context, "sandbox_carol");
    const carol = context.sandbox.world.fixtures.users.carol;
    const brief = await twitterInfo(xHeaders(token));
    expect(brief.statusCode).toBe(200);
    expect(brief.json().content).toMatchObject({ id: carol.id, username: "sandbox_carol" });
    expect(brief.json().content.name).toEqual(expect.any(String));
    expect(brief.json().content.avatar).toEqual(expect.any(String));

    const detail = await get("/api/reg/socialmedia/LoginStatusDetail", xHeaders(token));
    expect(detail.json().content).toEqual({ twitter: brief.json().content, discord: null, telegram: null });

    // With a wallet too: the wallet's status says X is signed in; without the X token it says not.
    const wallet = await signIn(context.app);
    const both = { authorization: `Bearer ${wallet.token}`, ...xHeaders(token) };
    expect((await get("/api/reg/socialmedia/LoginStatus", both)).json().content.twitter).toBe(true);
    const walletOnly = { authorization: `Bearer ${wallet.token}` };
    expect((await get("/api/reg/socialmedia/LoginStatus", walletOnly)).json().content.twitter).toBe(false);
    expect((await twitterInfo(walletOnly)).json()).toMatchObject({ typeCode: 1, content: null });
    expect((await twitterInfo(both)).json().content.username).toBe("sandbox_carol");
  });

  it("accepts the X token as the bearer when no wallet is signed in", async () => {
    const token = await signInWithX(context, "sandbox_bob");
    const answer = await twitterInfo({ authorization: `Bearer ${token}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().content.username).toBe("sandbox_bob");
    // An X token is not a wallet session.
    const status = await get("/api/reg/socialmedia/LoginStatus", { authorization: `Bearer ${token}` });
    expect(status.statusCode).toBe(401);
  });

  it("records the wallet session that started the sign-in", async () => {
    const wallet = await signIn(context.app);
    const authorization = await startXAuthorization(context.app, {
      headers: { authorization: `Bearer ${wallet.token}` },
    });
    const [row] = await context.database.db
      .select()
      .from(xSignInStates)
      .where(eq(xSignInStates.state, authorization.state));
    expect(row?.userId).toEqual(expect.any(Number));
    const anonymous = await startXAuthorization(context.app);
    const [other] = await context.database.db
      .select()
      .from(xSignInStates)
      .where(eq(xSignInStates.state, anonymous.state));
    expect(other?.userId).toBeNull();
  });

  it("the app's X client and a refreshed user token work against the mounted sandbox", async () => {
    const found = await context.app.x.lookupUserByUsername("dropfair_host");
    expect(found.found).toBe(true);

    const token = await signInWithX(context, "sandbox_alice");
    const hash = sha256Hex(token);
    // Let X's access token run out: the session stays, and the refresh token gets a new access token.
    await context.database.db
      .update(xSessions)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(xSessions.tokenHash, hash));
    const session = await context.app.xAuth.authenticate(token);
    expect(session?.accessToken).toBeNull();
    const fresh = await context.app.xAuth.freshAccessToken(session!);
    expect(fresh).toBeTruthy();
    expect(await context.app.x.withToken(fresh!).me()).toMatchObject({ username: "sandbox_alice" });
    const again = await context.app.xAuth.authenticate(token);
    expect(again?.accessToken).toBe(fresh);
  });
});

describe("authorize", () => {
  it("sends the browser to the sandbox consent page with PKCE S256 and a 10-minute state", async () => {
    const authorization = await startXAuthorization(context.app, { returnTo: "/picker2" });
    const url = new URL(authorization.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${appOrigin}/sandbox/x/i/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "dropfair-sandbox-client",
      redirect_uri: `${appOrigin}/auth/twitter`,
      scope: "tweet.read users.read follows.read like.read offline.access",
      code_challenge_method: "S256",
    });
    const [row] = await context.database.db
      .select()
      .from(xSignInStates)
      .where(eq(xSignInStates.state, authorization.state));
    expect(row).toBeDefined();
    expect(codeChallengeS256(row?.codeVerifier ?? "")).toBe(url.searchParams.get("code_challenge"));
    expect(row?.returnTo).toBe("/picker2");
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(10 * 60 * 1000);
    // The verifier never leaves the server.
    expect(authorization.url).not.toContain(row?.codeVerifier ?? "-");
  });

  it("returns to the app origin the browser is on, when it is one of ours", async () => {
    const ours = await startXAuthorization(context.app, { headers: { origin: secondOrigin } });
    expect(new URL(ours.url).searchParams.get("redirect_uri")).toBe(`${secondOrigin}/auth/twitter`);
    expect(new URL(ours.url).origin).toBe(secondOrigin);
    const foreign = await startXAuthorization(context.app, { headers: { origin: "https://evil.example" } });
    expect(new URL(foreign.url).searchParams.get("redirect_uri")).toBe(`${appOrigin}/auth/twitter`);
  });

  it("defaults returnTo to / and refuses anything that is not a path of this site", async () => {
    const authorization = await startXAuthorization(context.app);
    const [row] = await context.database.db
      .select()
      .from(xSignInStates)
      .where(eq(xSignInStates.state, authorization.state));
    expect(row?.returnTo).toBe("/");
    for (const returnTo of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "picker2",
      "/a\nb",
      `/${"a".repeat(3000)}`,
    ]) {
      const answer = await context.app.inject({
        method: "POST",
        url: "/api/reg/socialmedia/twitter/authorize",
        payload: { returnTo },
      });
      expect(answer.statusCode, returnTo).toBe(400);
      expect(answer.json().message).toBe("The return address must be a page of this site.");
    }
    const cn = await context.app.inject({
      method: "POST",
      url: "/api/reg/socialmedia/twitter/authorize",
      headers: { "accept-language": "zh-CN" },
      payload: { returnTo: "//evil.example" },
    });
    expect(cn.json().message).toBe("返回地址必须是本站的页面。");
  });
});

describe("T7: callbacks that must not sign anyone in", () => {
  const stateInvalid =
    "This X sign-in is invalid, has expired or was already used. Please sign in with X again.";
  const rejected =
    "X did not accept this sign-in (the authorization is invalid, expired or was already used). Please sign in with X again.";

  it("a missing state or code is a 400 with a clear message", async () => {
    const flow = await approved();
    const before = await sessionCount();
    const noState = await submitXCallback(context.app, { code: flow.code }, { cookie: flow.cookie });
    expect(noState.statusCode).toBe(400);
    expect(noState.json()).toMatchObject({ content: null, message: stateInvalid });
    const emptyState = await submitXCallback(
      context.app,
      { state: "", code: flow.code },
      { cookie: flow.cookie },
    );
    expect(emptyState.statusCode).toBe(400);
    const noCode = await submitXCallback(context.app, { state: flow.state }, { cookie: flow.cookie });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(rejected);
    expect(await sessionCount()).toBe(before);
    // None of that used the state up: the real callback still works.
    const ok = await submitXCallback(
      context.app,
      { state: flow.state, code: flow.code },
      { cookie: flow.cookie },
    );
    expect(ok.statusCode).toBe(200);
  });

  it("a forged state (never issued) is refused", async () => {
    const flow = await approved();
    const before = await sessionCount();
    const forged = "forged-state-000000000000000000000000";
    const answer = await submitXCallback(
      context.app,
      { state: forged, code: flow.code },
      { cookie: `dropfair_x_sign_in=${forged}` },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ typeCode: 422, message: stateInvalid });
    expect(await sessionCount()).toBe(before);
  });

  it("a state and code from another browser (login CSRF) are refused, and stay usable by their browser", async () => {
    const flow = await approved("sandbox_bob");
    const before = await sessionCount();
    const victim = await submitXCallback(context.app, { state: flow.state, code: flow.code });
    expect(victim.statusCode).toBe(400);
    expect(victim.json().typeCode).toBe(422);
    const otherBrowser = await startXAuthorization(context.app);
    const mixed = await submitXCallback(
      context.app,
      { state: flow.state, code: flow.code },
      { cookie: otherBrowser.cookie },
    );
    expect(mixed.statusCode).toBe(400);
    expect(await sessionCount()).toBe(before);
    const owner = await submitXCallback(
      context.app,
      { state: flow.state, code: flow.code },
      { cookie: flow.cookie },
    );
    expect(owner.statusCode).toBe(200);
  });

  it("an expired state (older than 10 minutes) is refused", async () => {
    const flow = await approved();
    const before = await sessionCount();
    const answer = await withClockOffset(10 * 60 * 1000 + 1000, () =>
      submitXCallback(context.app, { state: flow.state, code: flow.code }, { cookie: flow.cookie }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().typeCode).toBe(422);
    expect(await sessionCount()).toBe(before);
  });

  it("a reused state is refused: one session, however many replays, even concurrent ones", async () => {
    const flow = await approved();
    const before = await sessionCount();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        submitXCallback(context.app, { state: flow.state, code: flow.code }, { cookie: flow.cookie }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().typeCode).toBe(422);
    }
    const replay = await submitXCallback(
      context.app,
      { state: flow.state, code: flow.code },
      { cookie: flow.cookie },
    );
    expect(replay.statusCode).toBe(400);
    expect(await sessionCount()).toBe(before + 1);
  });

  it("a wrong PKCE verifier makes X refuse the code: 400, nothing created", async () => {
    const flow = await approved("sandbox_newbie");
    // The stored verifier no longer matches the challenge X saw (as if an attacker swapped the flow's secret).
    await context.database.db
      .update(xSignInStates)
      .set({ codeVerifier: createCodeVerifier() })
      .where(eq(xSignInStates.state, flow.state));
    const before = await sessionCount();
    const answer = await submitXCallback(
      context.app,
      { state: flow.state, code: flow.code },
      { cookie: flow.cookie },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ typeCode: 423, message: rejected });
    expect(await sessionCount()).toBe(before);
    const newbie = context.sandbox.world.fixtures.users.newbie;
    const accounts = await context.database.db.select().from(xAccounts).where(eq(xAccounts.id, newbie.id));
    expect(accounts).toHaveLength(0);
  });

  it("a reused code (already traded for tokens) is refused in a new sign-in", async () => {
    const first = await approved();
    const done = await submitXCallback(
      context.app,
      { state: first.state, code: first.code },
      { cookie: first.cookie },
    );
    expect(done.statusCode).toBe(200);
    const second = await startXAuthorization(context.app);
    const before = await sessionCount();
    const answer = await submitXCallback(
      context.app,
      { state: second.state, code: first.code },
      { cookie: second.cookie },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().typeCode).toBe(423);
    expect(await sessionCount()).toBe(before);
  });

  it("a made-up code is refused", async () => {
    const flow = await approved();
    const before = await sessionCount();
    const answer = await submitXCallback(
      context.app,
      { state: flow.state, code: "bm90LWEtcmVhbC1jb2Rl" },
      { cookie: flow.cookie },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().typeCode).toBe(423);
    expect(await sessionCount()).toBe(before);
  });

  it("answers in Chinese too", async () => {
    const answer = await submitXCallback(
      context.app,
      { state: "unknown-state-1234567890", code: "x" },
      { cookie: "dropfair_x_sign_in=unknown-state-1234567890", headers: { "accept-language": "zh-cn" } },
    );
    expect(answer.json().message).toBe("本次 X 登录无效、已过期或已被使用，请重新使用 X 登录。");
  });
});

describe("X sessions: logout, expiry and the purge job", () => {
  it("logout ends the X session at once and revokes the X tokens", async () => {
    const token = await signInWithX(context, "sandbox_alice");
    const [row] = await context.database.db
      .select()
      .from(xSessions)
      .where(eq(xSessions.tokenHash, sha256Hex(token)));
    const accessToken = row?.accessToken ?? "";
    expect(context.sandbox.oauth.authenticate(`Bearer ${accessToken}`)).toBeDefined();

    const out = await context.app.inject({
      method: "POST",
      url: "/api/reg/socialmedia/twitter/logout",
      headers: xHeaders(token),
    });
    expect(out.statusCode).toBe(200);
    const after = await twitterInfo(xHeaders(token));
    expect(after.statusCode).toBe(401);
    const again = await context.app.inject({
      method: "POST",
      url: "/api/reg/socialmedia/twitter/logout",
      headers: xHeaders(token),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ content: null, typeCode: 421, message: "Please sign in with X first." });
    expect(context.sandbox.oauth.authenticate(`Bearer ${accessToken}`)).toBeUndefined();
    const [revoked] = await context.database.db
      .select()
      .from(xSessions)
      .where(eq(xSessions.id, row?.id ?? 0));
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect(revoked?.accessToken).toBeNull();
  });

  it("logging out one X session leaves another one working; the bearer form logs out too", async () => {
    const first = await signInWithX(context, "sandbox_bob");
    const second = await signInWithX(context, "sandbox_bob");
    const out = await context.app.inject({
      method: "POST",
      url: "/api/reg/socialmedia/twitter/logout",
      headers: { authorization: `Bearer ${first}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await twitterInfo(xHeaders(first))).statusCode).toBe(401);
    expect((await twitterInfo(xHeaders(second))).statusCode).toBe(200);
  });

  it("requires an X session, with the message in en and cn", async () => {
    const wallet = await signIn(context.app);
    for (const [language, message] of [
      ["en-us", "Please sign in with X first."],
      ["zh-cn", "请先使用 X 登录。"],
    ] as const) {
      const answer = await context.app.inject({
        method: "POST",
        url: "/api/reg/socialmedia/twitter/logout",
        headers: { authorization: `Bearer ${wallet.token}`, "accept-language": language },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ content: null, typeCode: 421, message });
    }
    const forged = await twitterInfo(xHeaders(`xs_${"A".repeat(43)}`));
    expect(forged.statusCode).toBe(401);
  });

  it("treats an expired X session as absent", async () => {
    const token = await signInWithX(context, "sandbox_carol");
    expect((await twitterInfo(xHeaders(token))).statusCode).toBe(200);
    const answer = await withClockOffset(7 * 24 * 3600 * 1000 + 1000, () => twitterInfo(xHeaders(token)));
    expect(answer.statusCode).toBe(401);
  });

  it("the purge job removes expired states and sessions after the grace period and keeps live ones", async () => {
    const live = await signInWithX(context, "sandbox_alice");
    await startXAuthorization(context.app);
    expect(await runPurgeExpiredXSignIns(context.database.db, new Date())).toEqual({
      xSignInStates: 0,
      xSessions: 0,
    });
    const later = new Date(Date.now() + 9 * 24 * 3600 * 1000);
    const removed = await runPurgeExpiredXSignIns(context.database.db, later);
    expect(removed.xSignInStates).toBeGreaterThan(0);
    expect(removed.xSessions).toBeGreaterThan(0);
    expect(await context.database.db.select().from(xSignInStates)).toHaveLength(0);
    expect(await context.database.db.select().from(xSessions)).toHaveLength(0);
    expect((await twitterInfo(xHeaders(live))).statusCode).toBe(401);
  });
});

describe("the mounted X sandbox", () => {
  it("serves its consent page under its own strict CSP, not the app's", async () => {
    const authorization = await startXAuthorization(context.app);
    const url = new URL(authorization.url);
    const page = await context.app.inject({ url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${appOrigin}`);
    expect(csp).not.toContain("wasm-unsafe-eval");
    expect(page.body).toContain('action="/sandbox/x/i/oauth2/authorize"');
    const css = await context.app.inject({ url: "/sandbox/x/i/oauth2/sandbox.css" });
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toContain("text/css");
  });

  it("is outside the API's rate limit and its OpenAPI document, and offers its control API", async () => {
    const limited = await buildTestAppWithX({ environment: { RATE_LIMIT_PER_MINUTE: "2" } });
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const fixtures = await limited.app.inject({ url: "/sandbox/x/_sandbox/fixtures" });
        expect(fixtures.statusCode).toBe(200);
      }
      const spec = (await limited.app.inject("/api/docs/json")).json() as { paths: Record<string, unknown> };
      expect(Object.keys(spec.paths).some((path) => path.startsWith("/sandbox"))).toBe(false);
      expect(Object.keys(spec.paths)).toEqual(
        expect.arrayContaining([
          "/api/reg/socialmedia/twitter/authorize",
          "/api/reg/socialmedia/twitter/callback",
          "/api/reg/socialmedia/twitter/logout",
        ]),
      );
    } finally {
      await limited.close();
    }
  });

  it("is not shadowed by the web app's history fallback", async () => {
    const webDist = mkdtempSync(join(tmpdir(), "dropfair-web-"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Dropfair</title><div id=root></div>");
    const served = await buildTestAppWithX({ environment: { WEB_DIST_DIR: webDist } });
    try {
      const authorization = await startXAuthorization(served.app);
      const url = new URL(authorization.url);
      const page = await served.app.inject({ url: `${url.pathname}${url.search}` });
      expect(page.body).toContain("Sign in with X");
      const user = await served.app.inject({
        url: "/sandbox/x/2/users/by/username/dropfair_host",
        headers: { authorization: `Bearer ${served.sandbox.appBearerToken}` },
      });
      expect(user.statusCode).toBe(200);
      expect(user.json().data.username).toBe("dropfair_host");
      expect((await served.app.inject("/auth/twitter?state=a&code=b")).body).toContain("<div id=root>");
    } finally {
      await served.close();
    }
  });

  it("serves its test controls only when the test run asks for them (SANDBOX_CONTROL_API)", async () => {
    const quiet = await buildTestAppWithX({ environment: { SANDBOX_CONTROL_API: "false" } });
    try {
      for (const path of [
        "/sandbox/x/_sandbox/fixtures",
        "/sandbox/discord/_sandbox/fixtures",
        "/sandbox/telegram/_sandbox/fixtures",
      ])
        expect((await quiet.app.inject({ url: path })).statusCode, path).toBe(404);
      const minted = await quiet.app.inject({
        method: "POST",
        url: "/sandbox/x/_sandbox/tokens",
        payload: { username: "dropfair_host" },
      });
      expect(minted.statusCode).toBe(404);
      // The sandbox itself is still there.
      const user = await quiet.app.inject({
        url: "/sandbox/x/2/users/by/username/dropfair_host",
        headers: { authorization: `Bearer ${quiet.sandbox.appBearerToken}` },
      });
      expect(user.statusCode).toBe(200);
    } finally {
      await quiet.close();
    }
  });

  it("is not mounted outside sandbox mode, where Sign in with X answers 503 until configured", async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ url: "/sandbox/x/_sandbox/fixtures" })).statusCode).toBe(404);
      expect(plain.app.xSandbox).toBeUndefined();
      const answer = await plain.app.inject({
        method: "POST",
        url: "/api/reg/socialmedia/twitter/authorize",
        payload: {},
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        typeCode: 425,
        message: "Sign in with X is not available on this server.",
      });
      await expect(plain.app.x.lookupUserByUsername("dropfair_host")).rejects.toMatchObject({
        code: "unauthorized",
      });
    } finally {
      await plain.close();
    }
  });
});

describe("a remote X (X_API_BASE): a sandbox in its own server, confidential client", () => {
  it("signs in over HTTP with HTTP Basic client authentication", async () => {
    const remote = await startXSandbox({
      rateLimits: false,
      oauthClients: [{ clientId: "remote-client", clientSecret: "remote-secret" }],
      controlApi: false,
    });
    const app = await buildTestApp({
      environment: {
        X_API_BASE: remote.url,
        X_BEARER_TOKEN: remote.app.appBearerToken,
        X_CLIENT_ID: "remote-client",
        X_CLIENT_SECRET: "remote-secret",
      },
    });
    try {
      const authorization = await startXAuthorization(app.app);
      expect(authorization.url.startsWith(`${remote.url}/i/oauth2/authorize?`)).toBe(true);
      const back = await approveOnConsentPage(app.app, authorization.url, "sandbox_alice");
      const answer = await submitXCallback(
        app.app,
        { state: back.state, code: back.code },
        { cookie: authorization.cookie },
      );
      expect(answer.statusCode).toBe(200);
      const token = answer.json().content.token as string;
      const info = await app.app.inject({
        url: "/api/reg/socialmedia/LoginStatusDetail/twitter",
        headers: xHeaders(token),
      });
      expect(info.json().content.username).toBe("sandbox_alice");
      expect((await app.app.x.lookupUserByUsername("partner_labs")).found).toBe(true);
    } finally {
      await app.close();
      await remote.close();
    }
  });
});

describe("X configuration", () => {
  it("picks the sandbox, a remote X or none", () => {
    expect(parseConfig({}).x.mode).toBe("off");
    expect(parseConfig({ SANDBOX_RPC_URL: "http://127.0.0.1:8545" }).x.mode).toBe("sandbox");
    expect(parseConfig({ SANDBOX: "on" }).x.mode).toBe("sandbox");
    expect(parseConfig({ SANDBOX: "off" }).x.mode).toBe("off");
    // A sandbox chain with SANDBOX=off contradicts itself: refused at boot rather than half-mounted.
    expect(() => parseConfig({ SANDBOX: "off", SANDBOX_RPC_URL: "http://127.0.0.1:8545" })).toThrow(
      ConfigError,
    );
    const remote = parseConfig({ SANDBOX: "on", X_BEARER_TOKEN: "app-token", X_CLIENT_ID: "client" });
    expect(remote.x).toMatchObject({
      mode: "remote",
      apiBase: "https://api.x.com",
      clientId: "client",
      sessionTtlSeconds: 7 * 24 * 3600,
    });
    expect(
      parseConfig({ X_BEARER_TOKEN: "t", X_SESSION_TTL_DAYS: "2", X_SPENDING_CAP: "5000" }).x,
    ).toMatchObject({ sessionTtlSeconds: 2 * 24 * 3600, spendingCap: 5000 });
  });

  it("lists bad X variables", () => {
    let problems: string[] = [];
    try {
      parseConfig({ X_API_BASE: "ftp://x", X_SESSION_TTL_DAYS: "0", X_AUTHORIZE_BASE: "nope" });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems.map((problem) => problem.split(":")[0])).toEqual(
      expect.arrayContaining(["X_API_BASE", "X_SESSION_TTL_DAYS", "X_AUTHORIZE_BASE"]),
    );
    expect(() => parseConfig({ X_API_BASE: "https://api.x.com" })).toThrow(/X_BEARER_TOKEN/);
  });
});

describe("the mounted sandboxes' consent pages", () => {
  it("send browsers back only to our registered callbacks, as X and Discord do", async () => {
    // The sandbox states the app builds itself (no test overrides), as `npm start` runs them.
    const context = await buildTestApp({ environment: { SANDBOX: "on" } });
    try {
      const pages = [
        {
          url: "/sandbox/x/i/oauth2/authorize",
          clientId: "dropfair-sandbox-client",
          ours: "/auth/twitter",
          refusal: "The redirect_uri is not registered for this client.",
        },
        {
          url: "/sandbox/discord/oauth2/authorize",
          clientId: defaultDiscordClientId,
          ours: "/auth/discord",
          refusal: "Invalid OAuth2 redirect_uri",
        },
      ];
      for (const page of pages) {
        const query = (redirectUri: string) =>
          new URLSearchParams({
            response_type: "code",
            client_id: page.clientId,
            redirect_uri: redirectUri,
            scope: page.url.includes("discord") ? "identify" : "users.read tweet.read",
            state: "state-123",
            code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
            code_challenge_method: "S256",
          });
        const evil = await context.app.inject({ url: `${page.url}?${query("https://evil.example/cb")}` });
        expect(evil.statusCode, page.url).not.toBe(302);
        expect(evil.headers.location, page.url).toBeUndefined();
        expect(evil.body, page.url).toContain(page.refusal);
        const ours = await context.app.inject({ url: `${page.url}?${query(`${appOrigin}${page.ours}`)}` });
        expect(ours.statusCode, page.url).toBe(200);
        expect(ours.body, page.url).not.toContain(page.refusal);
      }
    } finally {
      await context.close();
    }
  });
});
