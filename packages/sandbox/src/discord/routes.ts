// The Discord REST routes the platform uses (INTEGRATIONS.md §2.2–2.4), with Discord's auth schemes, error
// codes and rate-limit headers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { field, pathBelow } from "../shared/pages.ts";
import { sameText } from "../shared/same-text.ts";
import { type DiscordFaults, headerSeconds, sendFault, sendRateLimited } from "./faults.ts";
import type { DiscordOAuthStore, UserPrincipal } from "./oauth.ts";
import type { DiscordRateLimiter, DiscordRouteKey } from "./rate-limit.ts";
import {
  type DiscordErrorBody,
  errors,
  formError,
  notSnowflake,
  renderMember,
  renderPartialGuild,
  renderPublicUser,
  renderRole,
  renderUser,
} from "./wire.ts";
import { type DiscordSandboxGuild, type DiscordWorld, snowflakePattern } from "./world.ts";

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

export function registerApiRoutes(app: FastifyInstance, deps: DiscordRouteDependencies): void {
  const { world, oauth, limiter, faults, clock } = deps;

  const fail = (reply: FastifyReply, status: number, body: DiscordErrorBody) =>
    reply.status(status).send(body);

  const authenticate = (request: FastifyRequest): DiscordPrincipal | undefined => {
    const header = request.headers.authorization ?? "";
    const match = /^(Bot|Bearer)\s+(\S+)$/i.exec(header);
    if (!match) return undefined;
    const value = match[2] as string;
    if ((match[1] as string).toLowerCase() === "bot") {
      return sameText(value, deps.botToken) ? { kind: "bot", userId: world.botUserId } : undefined;
    }
    return oauth.authenticate(value);
  };

  /**
   * Authentication, injected faults and the rate limits, in that order. Returns the principal, or undefined
   * when the reply has been sent. `accepts` lists who may call the route.
   */
  const begin = (
    request: FastifyRequest,
    reply: FastifyReply,
    route: DiscordRouteKey,
    majorId: string,
    accepts: { bot: boolean; scope?: string },
  ): DiscordPrincipal | undefined => {
    const principal = authenticate(request);
    if (
      !principal ||
      (principal.kind === "bot" && !accepts.bot) ||
      (principal.kind === "user" && (accepts.scope === undefined || !principal.scopes.has(accepts.scope)))
    ) {
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
    reply.header("x-ratelimit-limit", String(state.limit));
    reply.header("x-ratelimit-remaining", String(state.remaining));
    reply.header("x-ratelimit-reset", headerSeconds(state.resetAt));
    reply.header("x-ratelimit-reset-after", headerSeconds(state.resetAt - now));
    reply.header("x-ratelimit-bucket", state.bucket);
    return principal;
  };

  /** Path ids must be snowflakes (400 50035), the guild must exist (10004) and have the bot in it (50001). */
  const botGuild = (reply: FastifyReply, ids: Record<string, string>): DiscordSandboxGuild | undefined => {
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
  };

  app.get("/users/@me", async (request, reply) => {
    const principal = begin(request, reply, "users.me", "@me", { bot: true, scope: "identify" });
    if (!principal) return reply;
    const user = world.user(principal.userId);
    if (!user) return fail(reply, 404, errors.unknownUser);
    return renderUser(user, principal.kind === "bot" ? "bot" : principal.scopes);
  });

  app.get("/users/:userId", async (request, reply) => {
    const { userId } = request.params as { userId: string };
    if (!begin(request, reply, "users.get", "", { bot: true })) return reply;
    if (!snowflakePattern.test(userId)) return fail(reply, 400, notSnowflake("user_id", userId));
    const user = world.user(userId);
    if (!user) return fail(reply, 404, errors.unknownUser);
    return renderPublicUser(user);
  });

  app.get("/users/@me/guilds", async (request, reply) => {
    const principal = begin(request, reply, "users.me.guilds", "@me", { bot: true, scope: "guilds" });
    if (!principal) return reply;
    const query = request.query;
    const limitText = field(query, "limit");
    const limit = limitText === undefined ? 200 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      return fail(reply, 400, {
        message: "Invalid Form Body",
        code: 50035,
        errors: {
          limit: {
            _errors: [{ code: "NUMBER_TYPE_MAX", message: "int value should be less than or equal to 200." }],
          },
        },
      });
    }
    const before = field(query, "before");
    const after = field(query, "after");
    for (const [name, value] of Object.entries({ before, after })) {
      if (value !== undefined && !snowflakePattern.test(value))
        return fail(reply, 400, notSnowflake(name, value));
    }
    const withCounts = field(query, "with_counts") === "true";
    let guilds = world.guildsOf(principal.userId);
    if (after) guilds = guilds.filter((guild) => BigInt(guild.id) > BigInt(after));
    if (before) guilds = guilds.filter((guild) => BigInt(guild.id) < BigInt(before)).slice(-limit);
    return guilds
      .slice(0, limit)
      .map((guild) => renderPartialGuild(world, guild, principal.userId, withCounts));
  });

  app.get("/users/@me/guilds/:guildId/member", async (request, reply) => {
    const { guildId } = request.params as { guildId: string };
    const principal = begin(request, reply, "users.me.guild.member", guildId, {
      bot: false,
      scope: "guilds.members.read",
    });
    if (!principal) return reply;
    // Not a member (or no such guild): Unknown Guild, as Discord answers (INTEGRATIONS.md §2.2).
    const member = world.member(guildId, principal.userId);
    if (!member) return fail(reply, 404, errors.unknownGuild);
    return renderMember(world, member);
  });

  // Members whose username or nickname starts with `query`, case-insensitively; `limit` 1–1000, default 1.
  app.get("/guilds/:guildId/members/search", async (request, reply) => {
    const { guildId } = request.params as { guildId: string };
    if (!begin(request, reply, "guilds.members.search", guildId, { bot: true })) return reply;
    const query = field(request.query, "query");
    const limitText = field(request.query, "limit");
    const limit = limitText === undefined ? 1 : Number(limitText);
    if (query === undefined || query === "")
      return fail(reply, 400, formError("query", "BASE_TYPE_REQUIRED", "This field is required"));
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      const [code, message] =
        Number.isInteger(limit) && limit > 1000
          ? ["NUMBER_TYPE_MAX", "int value should be less than or equal to 1000."]
          : ["NUMBER_TYPE_MIN", "int value should be greater than or equal to 1."];
      return fail(reply, 400, formError("limit", code, message));
    }
    const guild = botGuild(reply, { guild_id: guildId });
    if (!guild) return reply;
    return world.searchMembers(guildId, query, limit).map((member) => renderMember(world, member));
  });

  app.get("/guilds/:guildId/members/:userId", async (request, reply) => {
    const { guildId, userId } = request.params as { guildId: string; userId: string };
    if (!begin(request, reply, "guilds.members.get", guildId, { bot: true })) return reply;
    const guild = botGuild(reply, { guild_id: guildId, user_id: userId });
    if (!guild) return reply;
    if (!world.user(userId)) return fail(reply, 404, errors.unknownUser);
    const member = guild.members.get(userId);
    if (!member) return fail(reply, 404, errors.unknownMember);
    return renderMember(world, member);
  });

  const changeRole = (action: "add" | "remove") => async (request: FastifyRequest, reply: FastifyReply) => {
    const { guildId, userId, roleId } = request.params as { guildId: string; userId: string; roleId: string };
    if (!begin(request, reply, "guilds.members.roles", guildId, { bot: true })) return reply;
    const guild = botGuild(reply, { guild_id: guildId, user_id: userId, role_id: roleId });
    if (!guild) return reply;
    if (!world.user(userId)) return fail(reply, 404, errors.unknownUser);
    if (!guild.members.has(userId)) return fail(reply, 404, errors.unknownMember);
    if (!world.role(guildId, roleId)) return fail(reply, 404, errors.unknownRole);
    if (!world.botCanManageRole(guildId, roleId)) return fail(reply, 403, errors.missingPermissions);
    if (action === "add") world.addRole(guildId, userId, roleId);
    else world.removeRole(guildId, userId, roleId);
    const reasonHeader = request.headers["x-audit-log-reason"];
    let reason: string | undefined;
    if (typeof reasonHeader === "string") {
      try {
        reason = decodeURIComponent(reasonHeader);
      } catch {
        reason = reasonHeader;
      }
    }
    world.roleChanges.push({ guildId, userId, roleId, action, reason, at: clock() });
    return reply.status(204).send();
  };

  app.put("/guilds/:guildId/members/:userId/roles/:roleId", changeRole("add"));
  app.delete("/guilds/:guildId/members/:userId/roles/:roleId", changeRole("remove"));

  app.get("/guilds/:guildId/roles", async (request, reply) => {
    const { guildId } = request.params as { guildId: string };
    if (!begin(request, reply, "guilds.roles", guildId, { bot: true })) return reply;
    const guild = botGuild(reply, { guild_id: guildId });
    if (!guild) return reply;
    return guild.roles.map(renderRole);
  });
}
