// Wallet sign-in (Sign-In with Ethereum): messages, sessions, login status.
export { purgeExpiredSignInsJob, registerAuthJobs, runPurgeExpiredSignIns } from "./jobs.ts";
export { authRoutes, type LinkedAccounts } from "./routes.ts";
export { type AuthService, createAuthService } from "./service.ts";
