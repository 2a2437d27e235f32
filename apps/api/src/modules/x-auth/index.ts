// Sign in with X: OAuth 2.0 with PKCE, our own X sessions and fresh user-context tokens.
export { purgeExpiredXSignInsJob, registerXAuthJobs, runPurgeExpiredXSignIns } from "./jobs.ts";
export { xAuthRoutePrefix, xAuthRoutes } from "./routes.ts";
export { createXAuthService, type XAuthService } from "./service.ts";
