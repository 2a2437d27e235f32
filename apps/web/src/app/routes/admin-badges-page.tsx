import { useIsAdmin } from "../../features/admin";
import { hasLogin, useSession } from "../../features/auth";
import { BadgesAdminPage } from "../../features/badges";

/** admin/badges: administrators create and edit achievement programmes and their badges. */
export function Component() {
  const signedIn = useSession(hasLogin);
  const token = useSession((state) => state.userToken);
  const viewer = signedIn ? (token ?? undefined) : undefined;
  const isAdmin = useIsAdmin();
  return <BadgesAdminPage signedIn={signedIn} isAdmin={isAdmin} viewer={viewer} />;
}
