import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { registerFaultRoutes } from "../shared/faults.ts";
import { acceptFormBodies } from "../shared/pages.ts";
import { listenOn, standaloneApp } from "../shared/standalone.ts";
import { registerEngagementControlRoutes } from "./control-engagement.ts";
import { FaultController, type FaultKind, type FaultSpec } from "./faults.ts";
import {
  knownScopes,
  type OAuthClient,
  OAuthStore,
  registerOAuthRoutes,
  type TokenResponse,
} from "./oauth.ts";
import { RateLimiter, type RateLimitOptions } from "./rate-limit.ts";
import { registerApiRoutes } from "./routes.ts";
import { InvalidRequest, serverErrorProblem } from "./wire.ts";
import { type AccountStatus, XWorld, type XWorldOptions } from "./world.ts";

export const defaultAppBearerToken = "dropfair-sandbox-app-token";
export const defaultClientId = "dropfair-sandbox-client";
export const defaultUserScopes = ["tweet.read", "users.read", "follows.read", "like.read", "offline.access"];

export type XSandboxOptions = XWorldOptions & {
  /** Serve an existing world (several servers, one truth). */
  world?: XWorld;
  /** Server time (ms): rate-limit windows, the 7-day search window, code and token expiry. Default Date.now. */
  clock?: () => number;
  /** `false` turns limits off (for benchmarks); headers still go out. Default: X's 2026 limits. */
  rateLimits?: RateLimitOptions | false;
  /** App-only bearer tokens the server accepts. Default ["dropfair-sandbox-app-token"]. */
  appBearerTokens?: string[];
  /** OAuth clients. Default: one public client "dropfair-sandbox-client" accepting any redirect URI. */
  oauthClients?: OAuthClient[];
  /** HTTP status of "not found" single lookups: X answers 200 with `errors`; some doubles use 404. */
  notFoundStatus?: 200 | 404;
  /** Authorization code lifetime (ms). Default 30 s, as on X. */
  codeTtlMs?: number;
  /** Default 7200 s, as on X. */
  accessTokenTtlSeconds?: number;
  /** Serve /_sandbox/* (fixtures, faults, tokens) for tests in another process. Default true. */
  controlApi?: boolean;
};

/** What the routes share: the world, the faults, the limiter and the OAuth store. */
export type XSandboxState = {
  world: XWorld;
  faults: FaultController;
  limiter: RateLimiter;
  oauth: OAuthStore;
  clock: () => number;
  appBearerToken: string;
  clientId: string;
  /** A user access token for a sandbox account, as if it had signed in (default scopes: all the platform needs). */
  issueUserToken(userIdOrUsername: string, scopes?: string[]): TokenResponse;
};

export type XSandbox = FastifyInstance & XSandboxState;

export function createXSandboxState(options: XSandboxOptions = {}): XSandboxState {
  const clock = options.clock ?? Date.now;
  const world = options.world ?? new XWorld({ ...options, now: options.now ?? clock() });
  const appBearerTokens = options.appBearerTokens ?? [defaultAppBearerToken];
  const clients = options.oauthClients ?? [{ clientId: defaultClientId }];
  const oauth = new OAuthStore({
    clients,
    appBearerTokens,
    clock,
    codeTtlMs: options.codeTtlMs ?? 30_000,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 7200,
  });
  return {
    world,
    faults: new FaultController(clock),
    limiter: new RateLimiter(options.rateLimits ?? {}, clock),
    oauth,
    clock,
    appBearerToken: appBearerTokens[0] ?? defaultAppBearerToken,
    clientId: clients[0]?.clientId ?? defaultClientId,
    issueUserToken(userIdOrUsername, scopes = defaultUserScopes) {
      const index = /^[0-9]+$/.test(userIdOrUsername)
        ? world.indexOfId(userIdOrUsername)
        : world.indexOfUsername(userIdOrUsername.replace(/^@/, ""));
      if (index === undefined) throw new Error(`no sandbox account ${userIdOrUsername}`);
      return oauth.issueTokens(index, scopes);
    },
  };
}

/**
 * The routes as a Fastify plugin, to mount inside another server (`app.register(xSandboxPlugin(state),
 * { prefix: "/sandbox/x" })`); point the client's base URL at the prefix.
 */
export function xSandboxPlugin(
  state: XSandboxState,
  options: Pick<XSandboxOptions, "notFoundStatus" | "controlApi"> = {},
): FastifyPluginAsync {
  return async (instance) => {
    const prefix = () => instance.prefix;
    acceptFormBodies(instance);

    instance.setErrorHandler((error: unknown, _request, reply) => {
      if (error instanceof InvalidRequest) {
        return reply.status(400).type("application/problem+json; charset=utf-8").send(error.toProblem());
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        const detail = error instanceof Error ? error.message : "Bad Request";
        return reply
          .status(status)
          .type("application/problem+json; charset=utf-8")
          .send({ title: "Invalid Request", detail, type: "about:blank", status });
      }
      instance.log.error(error);
      return reply.status(500).type("application/problem+json; charset=utf-8").send(serverErrorProblem(500));
    });

    instance.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ errors: [{ message: "Sorry, that page does not exist", code: 34 }] }),
    );

    registerApiRoutes(instance, { ...state, notFoundStatus: options.notFoundStatus ?? 200, prefix });
    registerOAuthRoutes(instance, { store: state.oauth, world: state.world, basePath: prefix });
    if (options.controlApi ?? true) registerControlRoutes(instance, state);
  };
}

/** A standalone X API v2 sandbox: `inject()` it in tests or `listen()` on a port. */
export function createXSandbox(options: XSandboxOptions & { logger?: boolean } = {}): XSandbox {
  const state = createXSandboxState(options);
  return standaloneApp(state, xSandboxPlugin(state, options), options.logger);
}

export type RunningXSandbox = { app: XSandbox; url: string; close(): Promise<void> };

/** Starts a sandbox on `port` (0 = any free port) and returns its base URL. */
export async function startXSandbox(
  options: XSandboxOptions & { port?: number; host?: string; logger?: boolean } = {},
): Promise<RunningXSandbox> {
  const app = createXSandbox(options);
  const url = await listenOn(app, options);
  return { app, url, close: () => app.close() };
}

const faultKinds: FaultKind[] = [
  "429",
  "usage-cap",
  "5xx",
  "repeat-cursor",
  "loop-cursor",
  "delete-accounts",
];
const statuses: AccountStatus[] = ["active", "suspended", "deleted"];

/** /_sandbox/*: fixtures, faults, tokens and account status for tests that run in another process. */
function registerControlRoutes(app: FastifyInstance, state: XSandboxState): void {
  const { world } = state;

  app.get("/_sandbox/fixtures", async () => ({
    seed: world.seed,
    now: new Date(world.now).toISOString(),
    appBearerToken: state.appBearerToken,
    clientId: state.clientId,
    users: world.fixtures.users,
    posts: world.fixtures.posts,
  }));

  registerFaultRoutes(app, state.faults, {
    kinds: faultKinds,
    extend: (base, input) => {
      const spec: FaultSpec = { ...base };
      if (typeof input.status === "number") spec.status = input.status;
      if (typeof input.resetAfterSeconds === "number") spec.resetAfterSeconds = input.resetAfterSeconds;
      if (input.body === "v1" || input.body === "problem") spec.body = input.body;
      if (typeof input.count === "number") spec.count = input.count;
      return spec;
    },
  });

  app.post("/_sandbox/tokens", async (request, reply) => {
    const input = (request.body ?? {}) as Record<string, unknown>;
    const scopes =
      typeof input.scope === "string" ? input.scope.split(" ").filter(Boolean) : defaultUserScopes;
    if (
      typeof input.username !== "string" ||
      scopes.some((scope) => !(knownScopes as readonly string[]).includes(scope))
    ) {
      return reply
        .status(400)
        .send({ error: "username (string) and an optional space-separated scope are required" });
    }
    try {
      return state.issueUserToken(input.username, scopes);
    } catch (error) {
      return reply.status(404).send({ error: (error as Error).message });
    }
  });

  registerEngagementControlRoutes(app, world);

  // The rate limits' window length (X's is 15 minutes; benchmarks scale it down) and whether they are on.
  app.get("/_sandbox/rate-limits", async () => {
    const { windowMs, enabled } = state.limiter.settings;
    return { windowSeconds: windowMs / 1000, enabled };
  });
  app.post("/_sandbox/rate-limits", async (request, reply) => {
    const input = (request.body ?? {}) as Record<string, unknown>;
    const { windowSeconds, enabled } = input;
    const validWindow =
      windowSeconds === undefined ||
      (typeof windowSeconds === "number" && Number.isFinite(windowSeconds) && windowSeconds > 0);
    if (!validWindow || (enabled !== undefined && typeof enabled !== "boolean")) {
      return reply
        .status(400)
        .send({ error: "windowSeconds (a positive number) and enabled (a boolean) are optional" });
    }
    state.limiter.configure({
      ...(typeof windowSeconds === "number" ? { windowMs: windowSeconds * 1000 } : {}),
      ...(typeof enabled === "boolean" ? { enabled } : {}),
    });
    return reply.status(204).send();
  });

  app.post("/_sandbox/accounts/:id/status", async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const status = ((request.body ?? {}) as Record<string, unknown>).status as AccountStatus;
    if (!statuses.includes(status) || world.indexOfId(id) === undefined) {
      return reply
        .status(400)
        .send({ error: "a known account id and status (active, suspended, deleted) are required" });
    }
    world.setUserStatus(id, status);
    return reply.status(204).send();
  });
}
