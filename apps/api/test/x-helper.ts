// Test helpers for anything that needs X: an app with the X sandbox mounted in-process (sandbox mode), and
// "Sign in with X" through the real routes and the sandbox's consent page.
//
//   const context = await buildTestAppWithX();                  // app + sandbox, no rate limits
//   const token = await signInWithX(context, "sandbox_alice");   // "xs_…"
//   await context.app.inject({ url: "/api/bounty/…", headers: xHeaders(token) });
//   context.sandbox.world.fixtures.posts.giveaway;               // the sandbox's truth
//   context.app.x;                                               // the app-only X client modules use
import { createDiscordSandboxState, type DiscordSandboxState } from "@dropfair/sandbox/discord";
import { createTelegramSandboxState, type TelegramSandboxState } from "@dropfair/sandbox/telegram";
import { createXSandboxState, type XSandboxOptions, type XSandboxState } from "@dropfair/sandbox/x";
import type { XClientOptions } from "@dropfair/social/x";
import type { PublicClient } from "viem";
import type { App } from "../src/app.ts";
import { appOrigin, buildTestApp, type TestContext } from "./helper.ts";

type BuildTestAppOptions = NonNullable<Parameters<typeof buildTestApp>[0]>;

export type XTestContext = TestContext & {
  /** The sandbox mounted at /sandbox/x: `world` (fixtures and truth), `faults`, `oauth`, `issueUserToken`. */
  sandbox: XSandboxState;
  /** The Discord and Telegram sandboxes mounted at /sandbox/discord and /sandbox/telegram. */
  discordSandbox: DiscordSandboxState;
  telegramSandbox: TelegramSandboxState;
};

export type BuildTestAppWithXOptions = {
  environment?: Record<string, string>;
  chainClient?: (chainId: number) => PublicClient | undefined;
  now?: () => Date;
  /** Sandbox options (seed, clock, accounts…); rate limits are off unless given here. */
  sandbox?: XSandboxOptions;
  pickerJobs?: BuildTestAppOptions["pickerJobs"];
  pickerPayments?: BuildTestAppOptions["pickerPayments"];
  airdropImports?: BuildTestAppOptions["airdropImports"];
  airdropInlineListMaxLines?: BuildTestAppOptions["airdropInlineListMaxLines"];
  airdropInlineRequestMax?: BuildTestAppOptions["airdropInlineRequestMax"];
  /** Tuning of the app's X client (clock, retry policy, timeouts). */
  client?: Partial<Omit<XClientOptions, "baseUrl" | "bearerToken">>;
};

/**
 * The real app in sandbox mode (SANDBOX=on) with an in-process X sandbox mounted at /sandbox/x, and the app's
 * X client (`context.app.x`) and Sign in with X pointed at it. No port is opened: the app reaches the sandbox
 * through `inject`.
 */
export async function buildTestAppWithX(options: BuildTestAppWithXOptions = {}): Promise<XTestContext> {
  const sandbox = createXSandboxState({ rateLimits: false, ...options.sandbox });
  const discordSandbox = createDiscordSandboxState({ rateLimits: false });
  const telegramSandbox = createTelegramSandboxState();
  const context = await buildTestApp({
    social: { discordSandbox, telegramSandbox },
    environment: { SANDBOX: "on", SANDBOX_CONTROL_API: "true", ...options.environment },
    ...(options.chainClient ? { chainClient: options.chainClient } : {}),
    ...(options.now ? { now: options.now } : {}),
    x: { sandbox, ...(options.client ? { clientOptions: options.client } : {}) },
    pickerJobs: options.pickerJobs,
    pickerPayments: options.pickerPayments,
    airdropImports: options.airdropImports,
    airdropInlineListMaxLines: options.airdropInlineListMaxLines,
    airdropInlineRequestMax: options.airdropInlineRequestMax,
  });
  return { ...context, sandbox, discordSandbox, telegramSandbox };
}

/** Headers that carry an X session token, as the web app sends it. */
export function xHeaders(token: string): Record<string, string> {
  return { "x-twitter-token": token };
}

/** The cookie that binds a sign-in to the browser that started it. */
export const xSignInCookie = "dropfair_x_sign_in";

export type XAuthorization = {
  /** The consent page URL the API answered. */
  url: string;
  state: string;
  /** `name=value` of the sign-in cookie, for the callback's Cookie header. */
  cookie: string;
};

/** POST /api/reg/socialmedia/twitter/authorize, as the web app does before sending the browser to X. */
export async function startXAuthorization(
  app: App,
  options: { returnTo?: string; headers?: Record<string, string> } = {},
): Promise<XAuthorization> {
  const response = await app.inject({
    method: "POST",
    url: "/api/reg/socialmedia/twitter/authorize",
    headers: { origin: appOrigin, ...options.headers },
    payload: options.returnTo === undefined ? {} : { returnTo: options.returnTo },
  });
  if (response.statusCode !== 200)
    throw new Error(`authorize answered ${response.statusCode}: ${response.body}`);
  const url = (response.json() as { content: { url: string } }).content.url;
  const state = new URL(url).searchParams.get("state") ?? "";
  const cookie = response.cookies.find((candidate) => candidate.name === xSignInCookie);
  if (!cookie) throw new Error("authorize set no sign-in cookie");
  return { url, state, cookie: `${cookie.name}=${cookie.value}` };
}

/**
 * What a browser does on the sandbox's consent page: load it, post the account form as `username`, and stop at
 * the redirect back to /auth/twitter. Pages on this app go through `inject`, others (a sandbox started with
 * `startXSandbox`) through `fetch`.
 */
export async function approveOnConsentPage(
  app: App,
  authorizeUrl: string,
  username: string,
): Promise<{ state: string | null; code: string | null; error: string | null; location: URL }> {
  const pageUrl = new URL(authorizeUrl);
  const local = pageUrl.origin === new URL(appOrigin).origin;
  const load = async (url: URL, init?: { method: "POST"; body: URLSearchParams }) => {
    if (local) {
      const response = await app.inject({
        method: init?.method ?? "GET",
        url: `${url.pathname}${url.search}`,
        ...(init
          ? {
              payload: init.body.toString(),
              headers: { "content-type": "application/x-www-form-urlencoded" },
            }
          : {}),
      });
      return { status: response.statusCode, body: response.body, location: response.headers.location };
    }
    const response = await fetch(url, {
      ...(init
        ? {
            method: "POST",
            body: init.body,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }
        : {}),
      redirect: "manual",
    });
    return {
      status: response.status,
      body: await response.text(),
      location: response.headers.get("location"),
    };
  };

  const page = await load(pageUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  const form = /<form method="post" action="([^"]+)" aria-label="Choose an account">([\s\S]*?)<\/form>/.exec(
    page.body,
  );
  if (!form) throw new Error("no account form on the consent page");
  const fields = new URLSearchParams();
  for (const input of (form[2] ?? "").matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(
      input[1] as string,
      (input[2] as string).replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&"),
    );
  }
  fields.set("username", username);
  const answer = await load(new URL(form[1] ?? "", pageUrl), { method: "POST", body: fields });
  if (answer.status !== 302 || typeof answer.location !== "string") {
    throw new Error(`consent form answered ${answer.status}, not a redirect`);
  }
  const location = new URL(answer.location);
  return {
    state: location.searchParams.get("state"),
    code: location.searchParams.get("code"),
    error: location.searchParams.get("error"),
    location,
  };
}

/** POST /api/reg/socialmedia/twitter/callback with the query X sent back, from the browser holding `cookie`. */
export function submitXCallback(
  app: App,
  body: Record<string, unknown>,
  options: { cookie?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/reg/socialmedia/twitter/callback",
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    payload: body,
  });
}

export type XSignIn = {
  token: string;
  expireAt: number;
  account: { id: string; username: string; name: string; avatar: string };
  returnTo: string;
};

/** The whole "Sign in with X" through the real routes and the consent page; returns the callback's answer. */
export async function signInWithXDetails(
  context: { app: App },
  username = "sandbox_alice",
  options: { returnTo?: string; headers?: Record<string, string> } = {},
): Promise<XSignIn> {
  const authorization = await startXAuthorization(context.app, options);
  const { state, code, error } = await approveOnConsentPage(context.app, authorization.url, username);
  if (!state || !code) throw new Error(`the consent page sent back no code (${error ?? "no error"})`);
  const response = await submitXCallback(context.app, { state, code }, { cookie: authorization.cookie });
  if (response.statusCode !== 200)
    throw new Error(`callback answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { content: XSignIn }).content;
}

/** Signs `username` (a sandbox account, default sandbox_alice) in with X and returns the `xs_…` session token. */
export async function signInWithX(context: { app: App }, username = "sandbox_alice"): Promise<string> {
  return (await signInWithXDetails(context, username)).token;
}
