import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { registerFaultRoutes } from "../shared/faults.ts";
import { acceptFormBodies } from "../shared/pages.ts";
import { listenOn, standaloneApp } from "../shared/standalone.ts";
import { type DiscordFaultKind, type DiscordFaultSpec, DiscordFaults } from "./faults.ts";
import {
  type DiscordOAuthApplication,
  DiscordOAuthStore,
  type DiscordTokenResponse,
  discordScopes,
  registerOAuthPages,
  registerTokenRoutes,
} from "./oauth.ts";
import { DiscordRateLimiter, type DiscordRateLimitOptions } from "./rate-limit.ts";
import { registerApiRoutes } from "./routes.ts";
import { DiscordWorld, sandboxApplicationId } from "./world.ts";

export const defaultDiscordBotToken = "dropfair-sandbox-discord-bot-token";
export const defaultDiscordClientId = sandboxApplicationId;
export const defaultDiscordClientSecret = "dropfair-sandbox-discord-client-secret";
export const defaultDiscordUserScopes = ["identify", "guilds", "guilds.members.read"];

/** The API is served under /api and under the versioned bases clients pin (Discord: /api/v10). */
export const discordApiBases = ["/api", "/api/v10", "/api/v9"] as const;

export type DiscordSandboxOptions = {
  /** Serve an existing world (several servers, one truth). */
  world?: DiscordWorld;
  /** Server time (ms): rate-limit windows, code and token expiry. Default Date.now. */
  clock?: () => number;
  /** The bot token `Authorization: Bot <token>` must carry. Default "dropfair-sandbox-discord-bot-token". */
  botToken?: string;
  /** OAuth2 applications. Default: one confidential client (the sandbox app's id and secret), any redirect URI. */
  applications?: DiscordOAuthApplication[];
  /** `false` turns counting off (headers still go out). Default: the sandbox's route limits and 50/s global. */
  rateLimits?: DiscordRateLimitOptions | false;
  /** Authorization code lifetime (ms). Default 10 minutes. */
  codeTtlMs?: number;
  /** Default 604,800 s (7 days), as on Discord. */
  accessTokenTtlSeconds?: number;
  /** Serve /_sandbox/* (fixtures, faults, tokens, membership) for tests in another process. Default true. */
  controlApi?: boolean;
};

/** What the routes share: the world, the faults, the limiter and the OAuth store. */
export type DiscordSandboxState = {
  world: DiscordWorld;
  faults: DiscordFaults;
  limiter: DiscordRateLimiter;
  oauth: DiscordOAuthStore;
  clock: () => number;
  botToken: string;
  clientId: string;
  clientSecret: string | undefined;
  /** An access token for a sandbox user, as if it had authorized the app (default scopes: what the platform asks). */
  issueUserToken(userIdOrUsername: string, scopes?: string[]): DiscordTokenResponse;
};

export type DiscordSandbox = FastifyInstance & DiscordSandboxState;

export function createDiscordSandboxState(options: DiscordSandboxOptions = {}): DiscordSandboxState {
  const clock = options.clock ?? Date.now;
  const world = options.world ?? new DiscordWorld();
  const applications = options.applications ?? [
    { clientId: defaultDiscordClientId, clientSecret: defaultDiscordClientSecret },
  ];
  const oauth = new DiscordOAuthStore({
    applications,
    clock,
    codeTtlMs: options.codeTtlMs ?? 10 * 60 * 1000,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 604_800,
  });
  return {
    world,
    faults: new DiscordFaults(clock),
    limiter: new DiscordRateLimiter(options.rateLimits ?? {}, clock),
    oauth,
    clock,
    botToken: options.botToken ?? defaultDiscordBotToken,
    clientId: applications[0]?.clientId ?? defaultDiscordClientId,
    clientSecret: applications[0]?.clientSecret,
    issueUserToken(userIdOrUsername, scopes = defaultDiscordUserScopes) {
      const user = world.user(userIdOrUsername) ?? world.userByUsername(userIdOrUsername);
      if (!user || user.bot) throw new Error(`no sandbox Discord user ${userIdOrUsername}`);
      return oauth.issueTokens(user.id, scopes);
    },
  };
}

/**
 * The sandbox as a Fastify plugin, to mount inside another server
 * (`app.register(discordSandboxPlugin(state), { prefix: "/sandbox/discord" })`). The authorize page is then at
 * `/sandbox/discord/oauth2/authorize` (Discord: https://discord.com/oauth2/authorize) and the API, token
 * endpoint included, at `/sandbox/discord/api` (Discord: https://discord.com/api/v10).
 */
export function discordSandboxPlugin(
  state: DiscordSandboxState,
  options: Pick<DiscordSandboxOptions, "controlApi"> = {},
): FastifyPluginAsync {
  return async (instance) => {
    const mountPrefix = instance.prefix;
    acceptFormBodies(instance);

    instance.setErrorHandler((error: unknown, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        return reply
          .status(status)
          .send({ message: `${status}: ${error instanceof Error ? error.message : "Bad Request"}`, code: 0 });
      }
      instance.log.error(error);
      return reply.status(500).send({ message: "500: Internal Server Error", code: 0 });
    });
    instance.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ message: "404: Not Found", code: 0 }),
    );

    registerOAuthPages(instance, { store: state.oauth, world: state.world, basePath: () => mountPrefix });
    for (const base of discordApiBases) {
      await instance.register(
        async (api) => {
          registerTokenRoutes(api, {
            store: state.oauth,
            faults: state.faults,
            clock: state.clock,
            prefix: () => mountPrefix,
          });
          registerApiRoutes(api, {
            world: state.world,
            oauth: state.oauth,
            limiter: state.limiter,
            faults: state.faults,
            clock: state.clock,
            botToken: state.botToken,
            prefix: () => mountPrefix,
          });
        },
        { prefix: base },
      );
    }
    if (options.controlApi ?? true) registerControlRoutes(instance, state);
  };
}

/** A standalone Discord sandbox: `inject()` it in tests or `listen()` on a port. */
export function createDiscordSandbox(
  options: DiscordSandboxOptions & { logger?: boolean } = {},
): DiscordSandbox {
  const state = createDiscordSandboxState(options);
  return standaloneApp(state, discordSandboxPlugin(state, options), options.logger);
}

export type RunningDiscordSandbox = { app: DiscordSandbox; url: string; close(): Promise<void> };

/** Starts a sandbox on `port` (0 = any free port); `url` is its root (API at `${url}/api`). */
export async function startDiscordSandbox(
  options: DiscordSandboxOptions & { port?: number; host?: string; logger?: boolean } = {},
): Promise<RunningDiscordSandbox> {
  const app = createDiscordSandbox(options);
  const url = await listenOn(app, options);
  return { app, url, close: () => app.close() };
}

const faultKinds: DiscordFaultKind[] = ["429", "5xx"];

/** /_sandbox/*: fixtures, faults, tokens and membership for tests that run in another process. */
function registerControlRoutes(app: FastifyInstance, state: DiscordSandboxState): void {
  const { world } = state;

  app.get("/_sandbox/fixtures", async () => ({
    applicationId: world.fixtures.applicationId,
    clientId: state.clientId,
    botToken: state.botToken,
    users: world.fixtures.users,
    guilds: world.fixtures.guilds,
    roles: world.fixtures.roles,
  }));

  registerFaultRoutes(app, state.faults, {
    kinds: faultKinds,
    extend: (base, input) => {
      const spec: DiscordFaultSpec = { ...base };
      if (typeof input.retryAfterSeconds === "number") spec.retryAfterSeconds = input.retryAfterSeconds;
      if (input.scope === "user" || input.scope === "global" || input.scope === "shared")
        spec.scope = input.scope;
      if (typeof input.status === "number") spec.status = input.status;
      return spec;
    },
  });

  app.post("/_sandbox/tokens", async (request, reply) => {
    const input = (request.body ?? {}) as Record<string, unknown>;
    const scopes =
      typeof input.scope === "string" ? input.scope.split(" ").filter(Boolean) : defaultDiscordUserScopes;
    if (typeof input.user !== "string" || scopes.some((scope) => !(scope in discordScopes))) {
      return reply
        .status(400)
        .send({ error: "user (an id or username) and an optional space-separated scope are required" });
    }
    try {
      return state.issueUserToken(input.user, scopes);
    } catch (error) {
      return reply.status(404).send({ error: (error as Error).message });
    }
  });

  app.patch("/_sandbox/users/:userId", async (request, reply) => {
    const { userId } = request.params as { userId: string };
    const username = ((request.body ?? {}) as { username?: unknown }).username;
    if (typeof username !== "string" || !/^[a-z0-9_.]{2,32}$/.test(username))
      return reply.status(400).send({ error: "username (2–32 of a-z, 0-9, _ and .) is required" });
    try {
      world.rename(userId, username);
    } catch (error) {
      return reply.status(409).send({ error: (error as Error).message });
    }
    return reply.status(204).send();
  });

  const memberParams = (params: unknown) => params as { guildId: string; userId: string; roleId?: string };

  app.put("/_sandbox/guilds/:guildId/members/:userId", async (request, reply) => {
    const { guildId, userId } = memberParams(request.params);
    const roles = ((request.body ?? {}) as { roles?: unknown }).roles;
    if (!world.guild(guildId) || !world.user(userId))
      return reply.status(404).send({ error: "unknown guild or user" });
    world.join(guildId, userId, Array.isArray(roles) ? { roles: roles.map(String) } : {});
    return reply.status(204).send();
  });

  app.delete("/_sandbox/guilds/:guildId/members/:userId", async (request, reply) => {
    const { guildId, userId } = memberParams(request.params);
    world.leave(guildId, userId);
    return reply.status(204).send();
  });

  app.put("/_sandbox/guilds/:guildId/members/:userId/roles/:roleId", async (request, reply) => {
    const { guildId, userId, roleId } = memberParams(request.params);
    if (!world.member(guildId, userId) || !world.role(guildId, roleId ?? "")) {
      return reply.status(404).send({ error: "unknown member or role" });
    }
    world.addRole(guildId, userId, roleId ?? "");
    return reply.status(204).send();
  });

  app.delete("/_sandbox/guilds/:guildId/members/:userId/roles/:roleId", async (request, reply) => {
    const { guildId, userId, roleId } = memberParams(request.params);
    world.removeRole(guildId, userId, roleId ?? "");
    return reply.status(204).send();
  });
}
