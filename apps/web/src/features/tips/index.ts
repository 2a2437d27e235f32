// The tips feature's public surface: the campaign list, a campaign's page (leaderboard, formula, joining and the
// organizer's tools), the ban list and the create/edit form, and what the app passes in. Each page is its own
// chunk; the wallet steps load only when the creator funds a prize.
import { lazy } from "react";

export const TipsListPage = lazy(() =>
  import("./components/campaign-list-page").then((module) => ({ default: module.CampaignListPage })),
);

export type { TipsViewer } from "./model/integrations";
export const TipsCampaignPage = lazy(() =>
  import("./components/campaign-page").then((module) => ({ default: module.CampaignPage })),
);
export const TipsBanListPage = lazy(() =>
  import("./components/ban-list-page").then((module) => ({ default: module.BanListPage })),
);
export const TipsCreatePage = lazy(() =>
  import("./components/create-page").then((module) => ({ default: module.CreatePage })),
);
