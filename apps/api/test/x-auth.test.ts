// Sign in with X (OAuth 2.0 + PKCE) against the in-process X sandbox: T7 for X, logout (T6) and the X session
// token, sent as X-Twitter-Token or, when no wallet is signed in, as the bearer. The mounted sandboxes, a remote
// X and the X configuration are in x-auth-sandbox.test.ts; the shared setup is in x-auth-helper.ts.
import { createHash } from "node:crypto";
import { eq, xAccounts, xSessions, xSignInStates } from "@dropfair/db";
import { codeChallengeS256, createCodeVerifier } from "@dropfair/social/x-oauth";
import { describe, expect, it } from "vitest";
import { runPurgeExpiredXSignIns } from "../src/modules/x-auth/index.ts";
import { appOrigin, signIn } from "./helper.ts";
import { context, secondOrigin, useXAuthApp, withClockOffset } from "./x-auth-helper.ts";
import {
  approveOnConsentPage,
  signInWithX,
  signInWithXDetails,
  startXAuthorization,
  submitXCallback,
  xHeaders,
} from "./x-helper.ts";

useXAuthApp();

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

const stateInvalid =
  "This X sign-in is invalid, has expired or was already used. Please sign in with X again.";
const rejected =
  "X did not accept this sign-in (the authorization is invalid, expired or was already used). Please sign in with X again.";

describe("T7: callbacks that must not sign anyone in: the state", () => {
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
});

describe("T7: callbacks that must not sign anyone in: the code, and the answer in Chinese", () => {
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
