import { afterEach, describe, expect, it } from "vitest";
import { createXClient, XOAuthError } from "../src/x/index.ts";
import {
  buildAuthorizeUrl,
  codeChallengeS256,
  createCodeVerifier,
  exchangeCode,
  refreshAccessToken,
  revokeToken,
  signInScopes,
  startAuthorization,
  xOAuthEndpoints,
} from "../src/x/oauth.ts";
import { type Harness, startHarness } from "./helpers.ts";

const redirectUri = "http://127.0.0.1:5173/auth/twitter";
let harness: Harness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** What a browser does on the consent page: read the form, pick an account, post it, stop at the redirect. */
async function signInAs(authorizeUrl: string, username: string): Promise<URL> {
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
  expect(form?.[2]).toContain(`value="${username}"`);
  fields.set("username", username);
  const action = new URL(form?.[1] ?? "", authorizeUrl);
  const answer = await fetch(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields,
    redirect: "manual",
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("location") ?? "");
}

describe("PKCE helpers", () => {
  it("computes the S256 challenge of RFC 7636's example", () => {
    expect(codeChallengeS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
    expect(createCodeVerifier()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("builds the authorize URL as X documents it", () => {
    const url = buildAuthorizeUrl({
      authorizeUrl: "https://x.com/i/oauth2/authorize",
      clientId: "M1M5R3BMVy13QmpScXkzTUt5OE46MTpjaQ",
      redirectUri: "https://www.example.com",
      scopes: ["tweet.read", "users.read", "follows.read", "like.read", "offline.access"],
      state: "state",
      codeChallenge: "challenge",
    });
    expect(url).toBe(
      "https://x.com/i/oauth2/authorize?response_type=code&client_id=M1M5R3BMVy13QmpScXkzTUt5OE46MTpjaQ&redirect_uri=https%3A%2F%2Fwww.example.com&scope=tweet.read%20users.read%20follows.read%20like.read%20offline.access&state=state&code_challenge=challenge&code_challenge_method=S256",
    );
    expect(xOAuthEndpoints("https://api.x.com")).toEqual({
      authorizeUrl: "https://x.com/i/oauth2/authorize",
      tokenUrl: "https://api.x.com/2/oauth2/token",
      revokeUrl: "https://api.x.com/2/oauth2/revoke",
    });
  });
});

describe("Sign in with X against the sandbox (OAuth 2.0 + PKCE over HTTP)", () => {
  it("runs the round trip: consent form → code → token → users/me, then refresh and revoke", async () => {
    harness = await startHarness();
    const { sandbox, url, clock } = harness;
    const endpoints = xOAuthEndpoints(url);
    const start = startAuthorization({
      authorizeUrl: endpoints.authorizeUrl,
      clientId: sandbox.clientId,
      redirectUri,
      scopes: signInScopes,
    });
    const callback = await signInAs(start.url, "sandbox_alice");
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get("state")).toBe(start.state);
    const code = callback.searchParams.get("code") ?? "";

    const common = { tokenUrl: endpoints.tokenUrl, clientId: sandbox.clientId, clock };
    const tokens = await exchangeCode({ ...common, code, redirectUri, codeVerifier: start.codeVerifier });
    expect(tokens).toMatchObject({ tokenType: "bearer", expiresIn: 7200, scopes: [...signInScopes] });
    expect(tokens.expiresAt).toBe(clock.now() + 7_200_000);
    expect(tokens.refreshToken).toBeTruthy();

    const client = createXClient({ baseUrl: url, bearerToken: tokens.accessToken, clock });
    expect(await client.me()).toMatchObject({
      username: "sandbox_alice",
      id: sandbox.world.fixtures.users.alice.id,
    });

    const refreshed = await refreshAccessToken({ ...common, refreshToken: tokens.refreshToken ?? "" });
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    await expect(
      refreshAccessToken({ ...common, refreshToken: tokens.refreshToken ?? "" }),
    ).rejects.toBeInstanceOf(XOAuthError);
    expect(await client.withToken(refreshed.accessToken).me()).toMatchObject({ username: "sandbox_alice" });

    await revokeToken({
      revokeUrl: endpoints.revokeUrl,
      clientId: sandbox.clientId,
      token: refreshed.accessToken,
    });
    await expect(client.withToken(refreshed.accessToken).me()).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("rejects a wrong code_verifier and a reused code", async () => {
    harness = await startHarness();
    const { sandbox, url } = harness;
    const endpoints = xOAuthEndpoints(url);
    const start = startAuthorization({
      authorizeUrl: endpoints.authorizeUrl,
      clientId: sandbox.clientId,
      redirectUri,
      scopes: ["tweet.read", "users.read"],
    });
    const code = (await signInAs(start.url, "sandbox_carol")).searchParams.get("code") ?? "";
    const common = { tokenUrl: endpoints.tokenUrl, clientId: sandbox.clientId, code, redirectUri };

    const wrong = await exchangeCode({ ...common, codeVerifier: createCodeVerifier() }).catch((e) => e);
    expect(wrong).toBeInstanceOf(XOAuthError);
    expect(wrong).toMatchObject({
      status: 400,
      error: "invalid_request",
      errorDescription: "Value passed for the code verifier was invalid.",
    });

    const tokens = await exchangeCode({ ...common, codeVerifier: start.codeVerifier });
    expect(tokens.refreshToken).toBeUndefined(); // no offline.access, no refresh token

    const reused = await exchangeCode({ ...common, codeVerifier: start.codeVerifier }).catch((e) => e);
    expect(reused).toMatchObject({
      error: "invalid_request",
      errorDescription: "Value passed for the authorization code was invalid.",
    });
  });

  it("expires codes after 30 seconds and reports a denied consent", async () => {
    harness = await startHarness();
    const { sandbox, url, clock } = harness;
    const endpoints = xOAuthEndpoints(url);
    const start = startAuthorization({
      authorizeUrl: endpoints.authorizeUrl,
      clientId: sandbox.clientId,
      redirectUri,
      scopes: ["tweet.read", "users.read"],
    });
    const code = (await signInAs(start.url, "sandbox_bob")).searchParams.get("code") ?? "";
    clock.advance(31_000);
    await expect(
      exchangeCode({
        tokenUrl: endpoints.tokenUrl,
        clientId: sandbox.clientId,
        code,
        redirectUri,
        codeVerifier: start.codeVerifier,
      }),
    ).rejects.toMatchObject({ error: "invalid_request" });

    const denied = await fetch(new URL("/i/oauth2/authorize", url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `${new URL(start.url).search.slice(1)}&decision=deny`,
      redirect: "manual",
    });
    const location = new URL(denied.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe(start.state);
  });

  it("authenticates a confidential client with HTTP Basic", async () => {
    harness = await startHarness({
      sandbox: {
        oauthClients: [{ clientId: "confidential", clientSecret: "s3cret", redirectUris: [redirectUri] }],
      },
    });
    const { url } = harness;
    const endpoints = xOAuthEndpoints(url);
    const start = startAuthorization({
      authorizeUrl: endpoints.authorizeUrl,
      clientId: "confidential",
      redirectUri,
      scopes: ["tweet.read", "users.read"],
    });
    const code = (await signInAs(start.url, "dropfair_host")).searchParams.get("code") ?? "";
    const input = { tokenUrl: endpoints.tokenUrl, clientId: "confidential", code, redirectUri };
    await expect(exchangeCode({ ...input, codeVerifier: start.codeVerifier })).rejects.toMatchObject({
      status: 401,
      error: "unauthorized_client",
    });
    const tokens = await exchangeCode({ ...input, clientSecret: "s3cret", codeVerifier: start.codeVerifier });
    const me = await createXClient({ baseUrl: url, bearerToken: tokens.accessToken }).me();
    expect(me.username).toBe("dropfair_host");
  });
});
