// Public surface of the Discord sandbox.
export type { ArmedFault, FiredFault } from "../shared/faults.ts";
export type { DiscordFaultKind, DiscordFaultSpec } from "./faults.ts";
export { DiscordFaults } from "./faults.ts";
export type {
  DiscordOAuthApplication,
  DiscordOAuthError,
  DiscordTokenResponse,
  UserPrincipal,
} from "./oauth.ts";
export { DiscordOAuthStore, discordScopes } from "./oauth.ts";
export type { DiscordRateLimitOptions, DiscordRouteKey, RouteLimit } from "./rate-limit.ts";
export { DiscordRateLimiter, defaultRouteLimits } from "./rate-limit.ts";
export type { DiscordPrincipal } from "./routes.ts";
export type {
  DiscordSandbox,
  DiscordSandboxOptions,
  DiscordSandboxState,
  RunningDiscordSandbox,
} from "./server.ts";
export {
  createDiscordSandbox,
  createDiscordSandboxState,
  defaultDiscordBotToken,
  defaultDiscordClientId,
  defaultDiscordClientSecret,
  defaultDiscordUserScopes,
  discordApiBases,
  discordSandboxPlugin,
  startDiscordSandbox,
} from "./server.ts";
export type {
  DiscordFixtures,
  DiscordGuildKey,
  DiscordRoleKey,
  DiscordSandboxGuild,
  DiscordSandboxMember,
  DiscordSandboxRole,
  DiscordSandboxUser,
  DiscordUserKey,
  RoleChange,
} from "./world.ts";
export {
  DiscordWorld,
  discordEpochMs,
  discordSnowflake,
  permissions,
  sandboxApplicationId,
} from "./world.ts";
