import { useIsAdmin } from "../../features/admin";
import { CreateGamePage } from "../../features/wheel";
import { useWheelViewer } from "./wheel-integrations";

/** game/create: a new lucky wheel game; administrators may make it a partner activity's. */
export function Component() {
  return <CreateGamePage viewer={useWheelViewer()} isAdmin={useIsAdmin()} />;
}
