import { useIsAdmin } from "../../features/admin";
import { hasLogin, useSession } from "../../features/auth";
import { PointsPage } from "../../features/points";

export function Component() {
  const signedIn = useSession(hasLogin);
  const isAdmin = useIsAdmin();
  return <PointsPage signedIn={signedIn} isAdmin={isAdmin} />;
}
