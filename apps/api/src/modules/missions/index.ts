// Missions: campaigns' ordered missions (X, Discord, Telegram), checks against the real upstreams, and
// completions recorded once with their EP credit. Other modules use only what is exported here.
export type { MissionCompletedEvent, MissionsDependencies } from "./dependencies.ts";
export { MissionUpstreamError, missionErrors } from "./errors.ts";
export type { AuditEntry, CampaignAccess } from "./manage.ts";
export { type MissionRouteOptions, missionRoutes } from "./routes.ts";
export { seedSandboxMissions } from "./seed.ts";
export {
  completedMissionCount,
  completedMissionIds,
  createMissionsService,
  isPlatformAchievements,
  liveMissionIds,
  type MissionsService,
} from "./service.ts";
export { allTipsMissionsDone, findTipsCampaign, tipsCampaignFor } from "./tips-campaigns.ts";
export { findWheelCampaign, wheelCampaignFor, wheelTicketCompletions } from "./wheel-campaigns.ts";
