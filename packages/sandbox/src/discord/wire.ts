// Discord's JSON shapes as its API v10 sends them: users, guild members, roles, partial guilds, errors.
import type {
  DiscordSandboxGuild,
  DiscordSandboxMember,
  DiscordSandboxRole,
  DiscordSandboxUser,
  DiscordWorld,
} from "./world.ts";

export type DiscordErrorBody = { message: string; code: number; errors?: Record<string, unknown> };

export const errors = {
  unauthorized: { message: "401: Unauthorized", code: 0 },
  notFound: { message: "404: Not Found", code: 0 },
  unknownGuild: { message: "Unknown Guild", code: 10004 },
  unknownMember: { message: "Unknown Member", code: 10007 },
  unknownRole: { message: "Unknown Role", code: 10011 },
  unknownUser: { message: "Unknown User", code: 10013 },
  missingAccess: { message: "Missing Access", code: 50001 },
  missingPermissions: { message: "Missing Permissions", code: 50013 },
} as const satisfies Record<string, DiscordErrorBody>;

/** 400 50035 with the nested `_errors` shape Discord uses for one bad field. */
export function formError(name: string, code: string, message: string): DiscordErrorBody {
  return { message: "Invalid Form Body", code: 50035, errors: { [name]: { _errors: [{ code, message }] } } };
}

/** 400 50035 for a path parameter that is not a snowflake. */
export function notSnowflake(name: string, value: string): DiscordErrorBody {
  return formError(name, "NUMBER_TYPE_COERCE", `Value "${value}" is not snowflake.`);
}

export function renderUser(user: DiscordSandboxUser, scopes: ReadonlySet<string> | "bot") {
  const out: Record<string, unknown> = {
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    discriminator: user.discriminator,
    public_flags: user.flags,
    flags: user.flags,
    banner: null,
    accent_color: null,
    global_name: user.global_name,
    avatar_decoration_data: null,
    banner_color: null,
    mfa_enabled: user.mfa_enabled,
    locale: user.locale,
    premium_type: user.premium_type,
  };
  if (user.bot) out.bot = true;
  if (scopes !== "bot" && scopes.has("email")) {
    out.email = user.email;
    out.verified = user.verified;
  }
  if (scopes === "bot") out.verified = true;
  return out;
}

/** The public part of a user: what GET /users/{id} and a member's `user` carry. */
export function renderPublicUser(user: DiscordSandboxUser) {
  const out: Record<string, unknown> = {
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    discriminator: user.discriminator,
    public_flags: user.flags,
    flags: user.flags,
    banner: null,
    accent_color: null,
    global_name: user.global_name,
    avatar_decoration_data: null,
  };
  if (user.bot) out.bot = true;
  return out;
}

export function renderMember(world: DiscordWorld, member: DiscordSandboxMember) {
  const user = world.user(member.userId);
  return {
    avatar: null,
    banner: null,
    communication_disabled_until: null,
    flags: 0,
    joined_at: member.joinedAt,
    nick: member.nick,
    pending: member.pending,
    premium_since: member.premiumSince,
    roles: [...member.roles],
    unusual_dm_activity_until: null,
    user: user ? renderPublicUser(user) : { id: member.userId },
    mute: false,
    deaf: false,
  };
}

export function renderRole(role: DiscordSandboxRole) {
  const out: Record<string, unknown> = {
    id: role.id,
    name: role.name,
    description: null,
    permissions: role.permissions.toString(),
    position: role.position,
    color: role.color,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    hoist: role.hoist,
    managed: role.managed,
    mentionable: role.mentionable,
    icon: null,
    unicode_emoji: null,
    flags: 0,
  };
  if (role.botId) out.tags = { bot_id: role.botId };
  return out;
}

export function renderPartialGuild(
  world: DiscordWorld,
  guild: DiscordSandboxGuild,
  userId: string,
  withCounts: boolean,
) {
  const out: Record<string, unknown> = {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    banner: null,
    owner: guild.ownerId === userId,
    permissions: world.permissionsOf(guild.id, userId).toString(),
    features: guild.features,
  };
  if (withCounts) {
    out.approximate_member_count = guild.members.size;
    out.approximate_presence_count = Math.ceil(guild.members.size / 2);
  }
  return out;
}
