// Discord's wire shapes (API v10), parsed at the edge so the rest of the code gets types.
// Objects are not strict: Discord adds fields over time, and unknown ones are dropped, not fatal.
import { z } from "zod";

const snowflake = z.string().regex(/^[0-9]{1,20}$/);

export const discordUserSchema = z.object({
  id: snowflake,
  username: z.string(),
  /** "0" for users who migrated to unique usernames; bots keep four digits. */
  discriminator: z.string(),
  global_name: z.string().nullable().optional(),
  avatar: z.string().nullable(),
  bot: z.boolean().optional(),
  banner: z.string().nullable().optional(),
  accent_color: z.number().nullable().optional(),
  locale: z.string().optional(),
  mfa_enabled: z.boolean().optional(),
  flags: z.number().optional(),
  public_flags: z.number().optional(),
  premium_type: z.number().optional(),
  /** Only with the `email` scope. */
  email: z.string().nullable().optional(),
  verified: z.boolean().optional(),
});
export type DiscordUser = z.infer<typeof discordUserSchema>;

export const discordGuildMemberSchema = z.object({
  user: discordUserSchema.partial().extend({ id: snowflake }).optional(),
  nick: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
  /** Role ids; @everyone (id = the guild's) is never listed. */
  roles: z.array(snowflake),
  joined_at: z.string().nullable(),
  premium_since: z.string().nullable().optional(),
  deaf: z.boolean().optional(),
  mute: z.boolean().optional(),
  flags: z.number().optional(),
  /** True until the member passes membership screening. */
  pending: z.boolean().optional(),
  communication_disabled_until: z.string().nullable().optional(),
});
export type DiscordGuildMember = z.infer<typeof discordGuildMemberSchema>;

export const discordRoleSchema = z.object({
  id: snowflake,
  name: z.string(),
  color: z.number(),
  hoist: z.boolean(),
  icon: z.string().nullable().optional(),
  unicode_emoji: z.string().nullable().optional(),
  position: z.number(),
  /** A bit set as a decimal string. */
  permissions: z.string(),
  managed: z.boolean(),
  mentionable: z.boolean(),
  tags: z.record(z.string(), z.unknown()).optional(),
  flags: z.number().optional(),
});
export type DiscordRole = z.infer<typeof discordRoleSchema>;

export const discordPartialGuildSchema = z.object({
  id: snowflake,
  name: z.string(),
  icon: z.string().nullable(),
  banner: z.string().nullable().optional(),
  owner: z.boolean(),
  permissions: z.string(),
  features: z.array(z.string()),
  approximate_member_count: z.number().optional(),
  approximate_presence_count: z.number().optional(),
});
export type DiscordPartialGuild = z.infer<typeof discordPartialGuildSchema>;

/** `{code, message}`; form errors add a nested `errors` object. */
export const discordErrorBodySchema = z.object({
  code: z.number(),
  message: z.string(),
  errors: z.unknown().optional(),
});

export const discordRateLimitBodySchema = z.object({
  message: z.string(),
  /** Seconds, possibly fractional. */
  retry_after: z.number(),
  global: z.boolean().optional(),
  code: z.number().optional(),
});

export const discordTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
  /** Space-separated. */
  scope: z.string(),
});

export const discordOAuthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
