// Achievements and badges: programmes, badges and their rules, a user's achievements, mint vouchers, mints read
// from the chain, token metadata. Other modules and the composition root use only what is exported here.
export type { BadgesDependencies } from "./dependencies.ts";
export { badgeErrors } from "./errors.ts";
export { indexMintsJob, registerBadgeJobs, runBadgeIndexer } from "./jobs.ts";
export { indexMints, type MintReaderDependencies } from "./mints.ts";
export { badgeRoutes } from "./routes.ts";
export type { BadgeSeedSettings } from "./seed.ts";
export { type BadgesService, createBadgesService } from "./service.ts";
export { type BadgeVoucherSigner, createBadgeVoucherSigner } from "./signer.ts";
