// Public surface of the Discord client.
export type { Clock } from "../shared/clock.ts";
export type { DiscordAuthorizeUrlInput } from "./authorize.ts";
export { buildDiscordAuthorizeUrl, discordSignInScopes, startDiscordAuthorization } from "./authorize.ts";
export type { DiscordClient, DiscordClientOptions, DiscordTokenSet, GuildListOptions } from "./client.ts";
export { createDiscordClient, isMissingPermissions } from "./client.ts";
export type { DiscordApiErrorDetails, DiscordErrorKind } from "./errors.ts";
export {
  DiscordApiError,
  DiscordError,
  DiscordOAuthError,
  DiscordRateLimitError,
  discordErrorCodes,
} from "./errors.ts";
export type { DiscordRetryPolicy } from "./http.ts";
export { defaultDiscordRetryPolicy } from "./http.ts";
export type { DiscordGuildMember, DiscordPartialGuild, DiscordRole, DiscordUser } from "./schemas.ts";
