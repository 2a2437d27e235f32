export { adminActions } from "./admin.ts";
export type {
  AirdropEventUndo,
  AirdropParticipantImportPhase,
  AirdropParticipantImportState,
} from "./airdrop.ts";
export {
  airdropChainEvents,
  airdropIndexerCursors,
  airdropMerkleChunks,
  airdropParticipantImports,
  airdropParticipants,
  airdrops,
} from "./airdrop.ts";
export { sessions, signInNonces, users } from "./auth.ts";
export {
  badgeImages,
  badgeIndexerCursors,
  badgeListEntries,
  badgeMints,
  badgeProgrammes,
  badges,
  badgeVouchers,
} from "./badges.ts";
export { feedbackReports, newsletterSubscriptions } from "./feedback.ts";
export { missionCampaigns, missionCompletions, missions } from "./missions.ts";
export type { NewsLink, NewsRequirement } from "./news.ts";
export { newsEntries } from "./news.ts";
export type { PickerFilters, PickerFollowTarget, PickerProgress } from "./picker.ts";
export {
  idempotencyKeys,
  pickerAdmins,
  pickerBans,
  pickerCursors,
  pickerDraws,
  pickerEntries,
  pickerFollowers,
  pickerMemberships,
  pickerPosters,
  pickers,
} from "./picker.ts";
export {
  pointsBalanceCounts,
  pointsBalanceDeltas,
  pointsGrants,
  pointsLedger,
  pointsTotals,
} from "./points.ts";
export { rateLimitCounters } from "./rate-limits.ts";
export { referralCodes, referralIdentities, referralLinks, referralRewards } from "./referral.ts";
export { socialLinkStates, socialLinks } from "./social-links.ts";
export {
  tipsCampaigns,
  tipsClaims,
  tipsCollections,
  tipsHelpers,
  tipsParticipants,
  tipsReports,
  tipsSnapshots,
  tipsStandings,
  tipsTweets,
} from "./tips.ts";
export {
  wheelChainCursors,
  wheelClaims,
  wheelGames,
  wheelPrizes,
  wheelSpins,
  wheelTicketGrants,
} from "./wheel.ts";
export { xAccounts, xSessions, xSignInStates } from "./x-auth.ts";
export { xSpendingMonths } from "./x-spending.ts";
