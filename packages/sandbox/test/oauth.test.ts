import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createXSandbox, type XSandbox } from "../src/x/index.ts";

const redirectUri = "http://localhost:5173/auth/twitter";
const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const challenge = createHash("sha256").update(verifier).digest("base64url");
let sandbox: XSandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function setup(): XSandbox {
  sandbox = createXSandbox({ seed: "oauth-tests", benchEntrants: 1000 });
  return sandbox;
}

function authorizeQuery(overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    response_type: "code",
    client_id: "dropfair-sandbox-client",
    redirect_uri: redirectUri,
    scope: "tweet.read users.read offline.access",
    state: "st4te",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  return search.toString();
}

const form = { "content-type": "application/x-www-form-urlencoded" };

describe("X sandbox OAuth 2.0", () => {
  it("renders a consent page without scripts, under a strict CSP", async () => {
    const app = setup();
    const page = await app.inject({ url: `/i/oauth2/authorize?${authorizeQuery()}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:5173");
    expect(csp).not.toContain("unsafe-inline");
    expect(page.body).not.toMatch(/<script|<style|style=|onclick=/i);
    expect(page.body).toContain('value="sandbox_alice"');
    expect(page.body).toContain('value="dropfair_host"');
    expect(page.body).not.toContain('value="sandbox_banned"');
    const css = await app.inject({ url: "/i/oauth2/sandbox.css" });
    expect(css.headers["content-type"]).toContain("text/css");
  });

  it("shows an error page for an unknown client, and redirects other errors to the app", async () => {
    const app = setup();
    const unknown = await app.inject({ url: `/i/oauth2/authorize?${authorizeQuery({ client_id: "nope" })}` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers.location).toBeUndefined();
    const noChallenge = await app.inject({
      url: `/i/oauth2/authorize?${authorizeQuery({ code_challenge: undefined })}`,
    });
    expect(noChallenge.statusCode).toBe(302);
    const location = new URL(String(noChallenge.headers.location));
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("state")).toBe("st4te");
    const badScope = await app.inject({
      url: `/i/oauth2/authorize?${authorizeQuery({ scope: "tweet.read all" })}`,
    });
    expect(new URL(String(badScope.headers.location)).searchParams.get("error")).toBe("invalid_scope");
  });

  it("exchanges a code once, checks the verifier and rotates refresh tokens", async () => {
    const app = setup();
    const unknownUser = await app.inject({
      method: "POST",
      url: "/i/oauth2/authorize",
      headers: form,
      payload: `${authorizeQuery()}&decision=approve&username=nobody_at_all`,
    });
    expect(unknownUser.statusCode).toBe(200);
    expect(unknownUser.body).toContain("No active sandbox account @nobody_at_all.");

    const approved = await app.inject({
      method: "POST",
      url: "/i/oauth2/authorize",
      headers: form,
      payload: `${authorizeQuery()}&decision=approve&username=sandbox_alice`,
    });
    expect(approved.statusCode).toBe(302);
    const callback = new URL(String(approved.headers.location));
    const code = callback.searchParams.get("code") ?? "";
    const exchange = (extra: string) =>
      app.inject({
        method: "POST",
        url: "/2/oauth2/token",
        headers: form,
        payload: `grant_type=authorization_code&client_id=dropfair-sandbox-client&redirect_uri=${encodeURIComponent(redirectUri)}&code=${code}${extra}`,
      });

    const wrong = await exchange(`&code_verifier=${"x".repeat(43)}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: "invalid_request",
      error_description: "Value passed for the code verifier was invalid.",
    });

    const tokens = await exchange(`&code_verifier=${verifier}`);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({
      token_type: "bearer",
      expires_in: 7200,
      scope: "tweet.read users.read offline.access",
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });

    const reused = await exchange(`&code_verifier=${verifier}`);
    expect(reused.json()).toEqual({
      error: "invalid_request",
      error_description: "Value passed for the authorization code was invalid.",
    });

    const refresh = (token: string) =>
      app.inject({
        method: "POST",
        url: "/2/oauth2/token",
        headers: form,
        payload: `grant_type=refresh_token&client_id=dropfair-sandbox-client&refresh_token=${token}`,
      });
    const refreshed = await refresh(tokens.json().refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect((await refresh(tokens.json().refresh_token)).statusCode).toBe(400);

    const unsupported = await app.inject({
      method: "POST",
      url: "/2/oauth2/token",
      headers: form,
      payload: "grant_type=client_credentials&client_id=dropfair-sandbox-client",
    });
    expect(unsupported.json().error).toBe("unsupported_grant_type");
  });
});
