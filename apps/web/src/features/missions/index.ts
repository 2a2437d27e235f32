// Missions in the web app: the reusable mission list (action link, Check, state, reward) and the achievement
// page's missions; campaign pages compose MissionList with their own campaign.

export { useCheckMission } from "./api/check-mission";
export { achievementMissionsQueryOptions, useAchievementMissions } from "./api/get-achievement-missions";
export { AchievementMissions, type PointsView } from "./components/achievement-missions";
export { MissionList } from "./components/mission-list";
