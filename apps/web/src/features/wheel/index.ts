// The lucky wheel's public surface: the game list, a game's page and the lucky-detail screen of partner
// activities, and what the app passes in. Each page is its own chunk; the wallet steps load only when a spin or a
// claim starts.
import { lazy } from "react";

export const GameListPage = lazy(() =>
  import("./components/game-list-page").then((module) => ({ default: module.GameListPage })),
);
export const GamePage = lazy(() =>
  import("./components/game-page").then((module) => ({ default: module.GamePage })),
);
export const CreateGamePage = lazy(() =>
  import("./components/create-game-page").then((module) => ({ default: module.CreateGamePage })),
);
export const LuckyDetailPage = lazy(() =>
  import("./components/lucky-detail-page").then((module) => ({ default: module.LuckyDetailPage })),
);

export type { LuckyActivity } from "./components/lucky-detail-page";
export type { WheelViewer } from "./model/integrations";
