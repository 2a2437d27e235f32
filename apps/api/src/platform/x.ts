// The app's one way to X: the app-only client the picker reads with, the OAuth settings of "Sign in with X",
// and, in sandbox mode, the X sandbox mounted in this very server.

import type { Db } from "@dropfair/db";
import {
  createXSandboxState,
  defaultClientId,
  type XSandboxState,
  xSandboxPlugin,
} from "@dropfair/sandbox/x";
import { createXClient, type XClient, type XClientOptions } from "@dropfair/social/x";
import { xOAuthEndpoints } from "@dropfair/social/x-oauth";
import type { FastifyInstance, HTTPMethods } from "fastify";
import type { AppConfig } from "./config.ts";
import { createXSpendingLedger } from "./x-spending.ts";

/** Where sandbox mode mounts the X sandbox: its API, token endpoint and consent page. */
export const xSandboxPrefix = "/sandbox/x";

export type XOAuthSettings = {
  clientId: string;
  /** Set for a confidential client (HTTP Basic at the token endpoint). */
  clientSecret: string | undefined;
  tokenUrl: string;
  revokeUrl: string;
  /** The consent page for a browser on `origin` (the sandbox's is served on the app's own origin). */
  authorizeUrl(origin: string): string;
  /** The HTTP client for the token and revoke endpoints (in sandbox mode: this server, in-process). */
  fetch: typeof fetch;
};

export type XIntegration = {
  mode: AppConfig["x"]["mode"];
  /** App-only client (bearer token): lookups of posts and users. `withToken` for a user's token. */
  client: XClient;
  /** Undefined when Sign in with X is not configured (no client id outside sandbox mode). */
  oauth: XOAuthSettings | undefined;
  /** The mounted sandbox (sandbox mode only): its world, faults and OAuth store. */
  sandbox: XSandboxState | undefined;
};

export type XIntegrationOverrides = {
  /** A ready client (tests): replaces the one built from the configuration. */
  client?: XClient;
  /** Sandbox mode: the sandbox to mount (default: a fresh one with the sandbox's defaults). */
  sandbox?: XSandboxState;
  /** Tuning of the client built from the configuration (clock, retry policy, timeouts). */
  clientOptions?: Partial<Omit<XClientOptions, "baseUrl" | "bearerToken">>;
};

/**
 * A `fetch` answered by `app.inject`: the in-process sandbox is reached without a socket, so it works before
 * `listen`, with PORT=0, and whatever interface the server binds.
 */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(item));
    }
    const bodyless = [101, 204, 205, 304].includes(response.statusCode);
    return new Response(bodyless ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

/** With X off, every call fails at once as "unauthorized" instead of reaching out to api.x.com without a token. */
const unconfiguredFetch: typeof fetch = async () =>
  new Response(
    JSON.stringify({
      title: "Unauthorized",
      type: "about:blank",
      status: 401,
      detail: "The X API is not configured on this server (X_API_BASE, X_BEARER_TOKEN).",
    }),
    { status: 401, headers: { "content-type": "application/problem+json" } },
  );

/** Where the month's X budget is kept (`X_SPENDING_CAP`): the app's database, shared by every process. */
export type XSpendingStore = { db: Db; now?: () => Date };

/**
 * Builds the X integration for `config.x.mode` and, in sandbox mode, mounts the sandbox at /sandbox/x with its
 * test-control API (`/_sandbox/*`) on. Outside sandbox mode nothing is mounted, so the control API never serves
 * real traffic. With `X_SPENDING_CAP`, every client spends from the month's budget in `store`.
 */
export async function installX(
  app: FastifyInstance,
  config: Pick<AppConfig, "x" | "appOrigins" | "sandboxControlApi">,
  store: XSpendingStore,
  overrides: XIntegrationOverrides = {},
): Promise<XIntegration> {
  const { x } = config;
  const spending = x.spendingCap
    ? {
        ledger: createXSpendingLedger({
          db: store.db,
          cap: x.spendingCap,
          now: store.now ?? (() => new Date()),
        }),
      }
    : {};

  if (x.mode === "sandbox") {
    // Like a real X app, the sandbox client sends browsers back only to our registered callbacks.
    const sandbox =
      overrides.sandbox ??
      createXSandboxState({
        oauthClients: [
          {
            clientId: defaultClientId,
            redirectUris: config.appOrigins.map((origin) => `${origin}/auth/twitter`),
          },
        ],
      });
    await app.register(xSandboxPlugin(sandbox, { controlApi: config.sandboxControlApi }), {
      prefix: xSandboxPrefix,
    });
    const fetchInProcess = inProcessFetch(app);
    const apiBase = `${config.appOrigins[0]}${xSandboxPrefix}`;
    const endpoints = xOAuthEndpoints(apiBase);
    const client =
      overrides.client ??
      createXClient({
        ...spending,
        ...overrides.clientOptions,
        baseUrl: apiBase,
        bearerToken: sandbox.appBearerToken,
        fetch: fetchInProcess,
      });
    return {
      mode: x.mode,
      client,
      sandbox,
      oauth: {
        clientId: sandbox.clientId,
        clientSecret: undefined,
        tokenUrl: endpoints.tokenUrl,
        revokeUrl: endpoints.revokeUrl,
        authorizeUrl: (origin) => xOAuthEndpoints(`${origin}${xSandboxPrefix}`, x.authorizeBase).authorizeUrl,
        fetch: fetchInProcess,
      },
    };
  }

  if (x.mode === "remote" && x.apiBase) {
    const apiBase = x.apiBase;
    const endpoints = xOAuthEndpoints(apiBase, x.authorizeBase);
    const client =
      overrides.client ??
      createXClient({
        ...spending,
        ...overrides.clientOptions,
        baseUrl: apiBase,
        bearerToken: x.bearerToken ?? "",
      });
    return {
      mode: x.mode,
      client,
      sandbox: undefined,
      oauth: x.clientId
        ? {
            clientId: x.clientId,
            clientSecret: x.clientSecret,
            tokenUrl: endpoints.tokenUrl,
            revokeUrl: endpoints.revokeUrl,
            authorizeUrl: () => endpoints.authorizeUrl,
            fetch: globalThis.fetch,
          }
        : undefined,
    };
  }

  return {
    mode: "off",
    client:
      overrides.client ??
      createXClient({ baseUrl: "https://api.x.com", bearerToken: "unconfigured", fetch: unconfiguredFetch }),
    sandbox: undefined,
    oauth: undefined,
  };
}
