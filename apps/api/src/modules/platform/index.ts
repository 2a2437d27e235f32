// Operations and public settings: liveness, readiness and the platform configuration the web app reads.
export { type HealthProbe, healthRoutes, platformConfigRoutes } from "./routes.ts";
