// The X sandbox mounted in the app (its consent page and CSP, outside the rate limit and the OpenAPI document, its
// test controls, only in sandbox mode), a remote X in its own server, the X configuration, and the mounted
// sandboxes' consent pages. Sign in with X itself is in x-auth.test.ts; the shared setup is in x-auth-helper.ts.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultDiscordClientId } from "@dropfair/sandbox/discord";
import { startXSandbox } from "@dropfair/sandbox/x";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/platform/config.ts";
import { appOrigin, buildTestApp } from "./helper.ts";
import { context, useXAuthApp } from "./x-auth-helper.ts";
import {
  approveOnConsentPage,
  buildTestAppWithX,
  startXAuthorization,
  submitXCallback,
  xHeaders,
} from "./x-helper.ts";

useXAuthApp();

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

/** Required outside sandbox mode. */
const newsletter = { NEWSLETTER_SECRET: "x-tests-newsletter-secret-0123456789abcdef" };

describe("X configuration", () => {
  it("picks the sandbox, a remote X or none", () => {
    expect(parseConfig(newsletter).x.mode).toBe("off");
    expect(parseConfig({ SANDBOX_RPC_URL: "http://127.0.0.1:8545" }).x.mode).toBe("sandbox");
    expect(parseConfig({ SANDBOX: "on" }).x.mode).toBe("sandbox");
    expect(parseConfig({ ...newsletter, SANDBOX: "off" }).x.mode).toBe("off");
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
      parseConfig({ ...newsletter, X_BEARER_TOKEN: "t", X_SESSION_TTL_DAYS: "2", X_SPENDING_CAP: "5000" }).x,
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
