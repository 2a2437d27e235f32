// Referral: user codes, the parent bound at the first sign-in, results, and referrers' rewards.
export { referralErrors } from "./errors.ts";
export { type LinksOf, type RewardOutcome, referralSourceKind } from "./rewards.ts";
export { referralRoutes } from "./routes.ts";
export { createReferralService, type ReferralService } from "./service.ts";
