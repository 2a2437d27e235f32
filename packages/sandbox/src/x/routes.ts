// The X API v2 endpoints the platform uses, with X's paths, parameters, shapes, errors and headers. Each
// resource registers its own routes under ./routes/.
import type { FastifyInstance } from "fastify";
import type { RouteDependencies } from "./routes/context.ts";
import { registerSearchRoutes } from "./routes/search-recent.ts";
import { registerTweetRoutes } from "./routes/tweets.ts";
import { registerUserTweetRoutes } from "./routes/user-tweets.ts";
import { registerUserRoutes } from "./routes/users.ts";

export type { RouteDependencies } from "./routes/context.ts";

export function registerApiRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  registerTweetRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerUserTweetRoutes(app, deps);
}
