// The Discord REST routes the platform uses, with Discord's auth schemes, error codes and rate-limit
// headers. Each resource registers its own routes under ./routes/.
import type { FastifyInstance } from "fastify";
import type { DiscordRouteDependencies } from "./routes/context.ts";
import { registerGuildRoutes } from "./routes/guilds.ts";
import { registerUserRoutes } from "./routes/users.ts";

export type { BotPrincipal, DiscordPrincipal, DiscordRouteDependencies } from "./routes/context.ts";

export function registerApiRoutes(app: FastifyInstance, deps: DiscordRouteDependencies): void {
  registerUserRoutes(app, deps);
  registerGuildRoutes(app, deps);
}
