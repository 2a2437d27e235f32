// Achievements and badges in the web app: the wallet's badges with Mint and "mint all" (the achievement page's
// board), a programme's page (the early-bird one among them), one badge's page, the drops, and the administrators'
// screen for programmes and badges.
export { achievementsQueryOptions, useAchievements } from "./api/get-achievements";
export { BadgesAdminPage } from "./components/admin-page";
export { BadgeBoard } from "./components/badge-board";
export { BadgeDetailPage } from "./components/badge-detail-page";
export { DropsPage } from "./components/drops-page";
export { ProgrammePage } from "./components/programme-page";
