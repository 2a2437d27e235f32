// What every Discord route does first: the Bot or Bearer auth scheme, injected faults, the global and
// per-route rate limits with Discord's X-RateLimit-* headers, and the guild checks of bot routes.
import type { FastifyReply, FastifyRequest } from "fastify";
import { pathBelow } from "../../shared/pages.ts";
import { sameText } from "../../shared/same-text.ts";
import { type DiscordFaults, sendFault, sendRateLimited, setBucketHeaders } from "../faults.ts";
import type { DiscordOAuthStore, UserPrincipal } from "../oauth.ts";
import type { DiscordRateLimiter, DiscordRouteKey } from "../rate-limit.ts";
import { type DiscordErrorBody, errors, notSnowflake } from "../wire.ts";
import { type DiscordSandboxGuild, type DiscordWorld, snowflakePattern } from "../world.ts";

export type BotPrincipal = { kind: "bot"; userId: string };
export type DiscordPrincipal = BotPrincipal | UserPrincipal;

export type DiscordRouteDependencies = {
  world: DiscordWorld;
  oauth: DiscordOAuthStore;
  limiter: DiscordRateLimiter;
  faults: DiscordFaults;
  clock: () => number;
  botToken: string;
  /** The sandbox's mount prefix, stripped before fault paths are matched. */
  prefix: () => string;
};

export const fail = (reply: FastifyReply, status: number, body: DiscordErrorBody) =>
  reply.status(status).send(body);

function authenticate(deps: DiscordRouteDependencies, request: FastifyRequest): DiscordPrincipal | undefined {
  const header = request.headers.authorization ?? "";
  const match = /^(Bot|Bearer)\s+(\S+)$/i.exec(header);
  if (!match) return undefined;
  const value = match[2] as string;
  if ((match[1] as string).toLowerCase() === "bot") {
    return sameText(value, deps.botToken) ? { kind: "bot", userId: deps.world.botUserId } : undefined;
  }
  return deps.oauth.authenticate(value);
}

/** Who may call a route: bots or not, and the OAuth2 scope a user token needs (none: users may not). */
export type RouteAccess = { bot: boolean; scope?: string };

function allowed(
  principal: DiscordPrincipal | undefined,
  accepts: RouteAccess,
): principal is DiscordPrincipal {
  if (!principal) return false;
  if (principal.kind === "bot") return accepts.bot;
  return accepts.scope !== undefined && principal.scopes.has(accepts.scope);
}

/**
 * Authentication, injected faults and the rate limits, in that order. Returns the principal, or undefined
 * when the reply has been sent.
 */
export function begin(
  deps: DiscordRouteDependencies,
  request: FastifyRequest,
  reply: FastifyReply,
  route: DiscordRouteKey,
  majorId: string,
  accepts: RouteAccess,
): DiscordPrincipal | undefined {
  const { limiter, faults, clock } = deps;
  const principal = authenticate(deps, request);
  if (!allowed(principal, accepts)) {
    fail(reply, 401, errors.unauthorized);
    return undefined;
  }
  const principalId = principal.kind === "bot" ? "bot" : `${principal.clientId}:${principal.userId}`;
  const bucketInfo = { limit: limiter.limitOf(route).limit, bucket: limiter.bucketOf(route) };

  const fault = faults.take(pathBelow(deps.prefix(), request.url));
  if (fault) {
    sendFault(reply, fault, clock(), bucketInfo);
    return undefined;
  }

  if (principal.kind === "bot") {
    const wait = limiter.takeGlobal(principalId);
    if (wait > 0) {
      sendRateLimited(reply, clock(), wait, "global");
      return undefined;
    }
  }
  const state = limiter.take(route, majorId, principalId);
  const now = clock();
  if (!state.allowed) {
    sendRateLimited(reply, now, state.resetAt - now, "user", state);
    return undefined;
  }
  setBucketHeaders(reply, { ...state, resetAfterMs: state.resetAt - now });
  return principal;
}

/** Path ids must be snowflakes (400 50035), the guild must exist (10004) and have the bot in it (50001). */
export function botGuild(
  world: DiscordWorld,
  reply: FastifyReply,
  ids: Record<string, string>,
): DiscordSandboxGuild | undefined {
  for (const [name, value] of Object.entries(ids)) {
    if (!snowflakePattern.test(value)) {
      fail(reply, 400, notSnowflake(name, value));
      return undefined;
    }
  }
  const guild = world.guild(ids.guild_id ?? "");
  if (!guild) {
    fail(reply, 404, errors.unknownGuild);
    return undefined;
  }
  if (!guild.members.has(world.botUserId)) {
    fail(reply, 403, errors.missingAccess);
    return undefined;
  }
  return guild;
}
