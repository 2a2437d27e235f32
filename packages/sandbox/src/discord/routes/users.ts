// User routes: the current user, any user by id, the current user's guilds and its member object in one.
import type { FastifyInstance, FastifyReply } from "fastify";
import { field } from "../../shared/pages.ts";
import {
  errors,
  notSnowflake,
  renderMember,
  renderPartialGuild,
  renderPublicUser,
  renderUser,
} from "../wire.ts";
import { snowflakePattern } from "../world.ts";
import { begin, type DiscordRouteDependencies, fail } from "./context.ts";

function invalidGuildLimit(reply: FastifyReply) {
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

function registerMyGuilds(app: FastifyInstance, deps: DiscordRouteDependencies): void {
  const { world } = deps;
  app.get("/users/@me/guilds", async (request, reply) => {
    const principal = begin(deps, request, reply, "users.me.guilds", "@me", { bot: true, scope: "guilds" });
    if (!principal) return reply;
    const query = request.query;
    const limitText = field(query, "limit");
    const limit = limitText === undefined ? 200 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return invalidGuildLimit(reply);
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
}

export function registerUserRoutes(app: FastifyInstance, deps: DiscordRouteDependencies): void {
  const { world } = deps;

  app.get("/users/@me", async (request, reply) => {
    const principal = begin(deps, request, reply, "users.me", "@me", { bot: true, scope: "identify" });
    if (!principal) return reply;
    const user = world.user(principal.userId);
    if (!user) return fail(reply, 404, errors.unknownUser);
    return renderUser(user, principal.kind === "bot" ? "bot" : principal.scopes);
  });

  app.get("/users/:userId", async (request, reply) => {
    const { userId } = request.params as { userId: string };
    if (!begin(deps, request, reply, "users.get", "", { bot: true })) return reply;
    if (!snowflakePattern.test(userId)) return fail(reply, 400, notSnowflake("user_id", userId));
    const user = world.user(userId);
    if (!user) return fail(reply, 404, errors.unknownUser);
    return renderPublicUser(user);
  });

  registerMyGuilds(app, deps);

  app.get("/users/@me/guilds/:guildId/member", async (request, reply) => {
    const { guildId } = request.params as { guildId: string };
    const principal = begin(deps, request, reply, "users.me.guild.member", guildId, {
      bot: false,
      scope: "guilds.members.read",
    });
    if (!principal) return reply;
    // Discord answers Unknown Guild both for a guild that does not exist and for one the user is not in.
    const member = world.member(guildId, principal.userId);
    if (!member) return fail(reply, 404, errors.unknownGuild);
    return renderMember(world, member);
  });
}
