// Points (EP) in the web app: the user's level and balance for the shell, and the points page (history,
// leaderboard, administrators' grants).
import { lazy } from "react";

export { pointsSummaryQueryOptions, usePointsSummary } from "./api/points-summary";
export { PointsGrantsList } from "./components/grants-list";
export { PointsPage } from "./components/points-page";

/** The level and balance badge of the user dropdown and the side menu; loaded on first render. */
export const PointsBadge = lazy(() => import("./components/points-badge"));
