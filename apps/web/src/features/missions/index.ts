// Missions in the web app: the reusable mission list (action link, Check, state, reward), the mission editor
// (add and remove a campaign's missions, for whoever manages it) and the achievement page's missions; campaign
// pages compose MissionList and MissionEditor with their own campaign and routes.

export { useCheckMission } from "./api/check-mission";
export { achievementMissionsQueryOptions, useAchievementMissions } from "./api/get-achievement-missions";
export { campaignMissionsQueryOptions, useCampaignMissions } from "./api/get-campaign-missions";
export { AchievementMissions, type PointsView } from "./components/achievement-missions";
export { MissionEditor, type MissionEditorProps } from "./components/mission-editor";
export { MissionList } from "./components/mission-list";
export type { MissionRewardKind } from "./model/mission-draft";
