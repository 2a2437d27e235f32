import { AuditTrailPage, useIsAdmin } from "../../features/admin";
import { hasLogin, useSession } from "../../features/auth";
import { PointsGrantsList } from "../../features/points";
import { usePointsSettings } from "../../shared/api/get-platform-config";

/** The administrators' audit trail, with the list of points granted and revoked below it. */
export function Component() {
  const signedIn = useSession(hasLogin);
  const isAdmin = useIsAdmin();
  const points = usePointsSettings();
  return (
    <AuditTrailPage signedIn={signedIn} isAdmin={isAdmin}>
      {points && <PointsGrantsList isAdmin={isAdmin} pointName={points.pointName} />}
    </AuditTrailPage>
  );
}
