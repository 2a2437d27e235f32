// Tips (social-mining) campaigns (docs/tips.md): campaigns funded through the AirdropDistributor, joining with an
// X account, the leaderboard recomputed with `@dropfair/core/tips` and its snapshot file, bans and abuse reports.
// Other modules use only what is exported here.

export { type CollectionOutcome, collectCampaign } from "./collection.ts";
export type { BoundXAccount, TipsDependencies, TipsMissions } from "./dependencies.ts";
export { tipsErrors } from "./errors.ts";
export {
  advanceCampaigns,
  enqueueCollect,
  enqueueRecompute,
  handleCollect,
  handleRecompute,
  registerTipsJobs,
  type TipsJobDependencies,
  type TipsQueue,
} from "./jobs.ts";
export type { RecomputeStep } from "./leaderboard.ts";
export { type LiveTipsCampaign, type LiveTipsFilter, listLiveCampaigns } from "./repository.ts";
export { tipsRoutes } from "./routes.ts";
export { createTipsService, type TipsService } from "./service.ts";
