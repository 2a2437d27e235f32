import { GameListPage } from "../../features/wheel";
import { useWheelViewer } from "./wheel-integrations";

/** game: the lucky wheel games, all or the signed-in wallet's. */
export function Component() {
  return <GameListPage viewer={useWheelViewer()} />;
}
