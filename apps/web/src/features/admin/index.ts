// Platform administration in the web app: whether the signed-in wallet may see administrator screens, and the
// audit trail of administrators' actions.
export { adminStatusQueryOptions, getAdminStatus, useIsAdmin } from "./api/admin-status";
export { AuditTrailPage } from "./components/audit-trail-page";
