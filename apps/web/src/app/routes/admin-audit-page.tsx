import { AuditTrailPage, useIsAdmin } from "../../features/admin";
import { hasLogin, useSession } from "../../features/auth";

export function Component() {
  const signedIn = useSession(hasLogin);
  const isAdmin = useIsAdmin();
  return <AuditTrailPage signedIn={signedIn} isAdmin={isAdmin} />;
}
