// Bot routes on a guild: member search and lookup, adding and removing a member's role, the role list.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { field } from "../../shared/pages.ts";
import { errors, formError, renderMember, renderRole } from "../wire.ts";
import { begin, botGuild, type DiscordRouteDependencies, fail } from "./context.ts";

/** The X-Audit-Log-Reason header, URL-decoded when it can be (Discord expects it encoded). */
function auditLogReason(request: FastifyRequest): string | undefined {
  const reasonHeader = request.headers["x-audit-log-reason"];
  if (typeof reasonHeader !== "string") return undefined;
  try {
    return decodeURIComponent(reasonHeader);
  } catch {
    return reasonHeader;
  }
}

function changeRole(deps: DiscordRouteDependencies, action: "add" | "remove") {
  const { world, clock } = deps;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { guildId, userId, roleId } = request.params as { guildId: string; userId: string; roleId: string };
    if (!begin(deps, request, reply, "guilds.members.roles", guildId, { bot: true })) return reply;
    const guild = botGuild(world, reply, { guild_id: guildId, user_id: userId, role_id: roleId });
    if (!guild) return reply;
    if (!world.user(userId)) return fail(reply, 404, errors.unknownUser);
    if (!guild.members.has(userId)) return fail(reply, 404, errors.unknownMember);
    if (!world.role(guildId, roleId)) return fail(reply, 404, errors.unknownRole);
    if (!world.botCanManageRole(guildId, roleId)) return fail(reply, 403, errors.missingPermissions);
    if (action === "add") world.addRole(guildId, userId, roleId);
    else world.removeRole(guildId, userId, roleId);
    const reason = auditLogReason(request);
    world.roleChanges.push({ guildId, userId, roleId, action, reason, at: clock() });
    return reply.status(204).send();
  };
}

/** A `limit` of 1 to 1000, default 1, with Discord's form errors otherwise; undefined after answering. */
function searchLimit(reply: FastifyReply, limitText: string | undefined): number | undefined {
  const limit = limitText === undefined ? 1 : Number(limitText);
  if (Number.isInteger(limit) && limit >= 1 && limit <= 1000) return limit;
  const [code, message] =
    Number.isInteger(limit) && limit > 1000
      ? ["NUMBER_TYPE_MAX", "int value should be less than or equal to 1000."]
      : ["NUMBER_TYPE_MIN", "int value should be greater than or equal to 1."];
  fail(reply, 400, formError("limit", code, message));
  return undefined;
}

export function registerGuildRoutes(app: FastifyInstance, deps: DiscordRouteDependencies): void {
  const { world } = deps;

  // Members whose username or nickname starts with `query`, case-insensitively.
  app.get("/guilds/:guildId/members/search", async (request, reply) => {
    const { guildId } = request.params as { guildId: string };
    if (!begin(deps, request, reply, "guilds.members.search", guildId, { bot: true })) return reply;
    const query = field(request.query, "query");
    const limitText = field(request.query, "limit");
    if (query === undefined || query === "")
      return fail(reply, 400, formError("query", "BASE_TYPE_REQUIRED", "This field is required"));
    const limit = searchLimit(reply, limitText);
    if (limit === undefined) return reply;
    const guild = botGuild(world, reply, { guild_id: guildId });
    if (!guild) return reply;
    return world.searchMembers(guildId, query, limit).map((member) => renderMember(world, member));
  });

  app.get("/guilds/:guildId/members/:userId", async (request, reply) => {
    const { guildId, userId } = request.params as { guildId: string; userId: string };
    if (!begin(deps, request, reply, "guilds.members.get", guildId, { bot: true })) return reply;
    const guild = botGuild(world, reply, { guild_id: guildId, user_id: userId });
    if (!guild) return reply;
    if (!world.user(userId)) return fail(reply, 404, errors.unknownUser);
    const member = guild.members.get(userId);
    if (!member) return fail(reply, 404, errors.unknownMember);
    return renderMember(world, member);
  });

  app.put("/guilds/:guildId/members/:userId/roles/:roleId", changeRole(deps, "add"));
  app.delete("/guilds/:guildId/members/:userId/roles/:roleId", changeRole(deps, "remove"));

  app.get("/guilds/:guildId/roles", async (request, reply) => {
    const { guildId } = request.params as { guildId: string };
    if (!begin(deps, request, reply, "guilds.roles", guildId, { bot: true })) return reply;
    const guild = botGuild(world, reply, { guild_id: guildId });
    if (!guild) return reply;
    return guild.roles.map(renderRole);
  });
}
