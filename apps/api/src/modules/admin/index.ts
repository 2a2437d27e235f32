// Platform administration: who the administrators are (`ADMIN_ADDRESSES`) and the audit trail every
// administrator action writes in the same transaction as its change (see docs/security.md).
export { type AdminAccess, createAdminAccess } from "./access.ts";
export { adminErrors } from "./errors.ts";
export { type AdminActionInput, recordAdminAction } from "./repository.ts";
export { type AdminFigures, adminRoutes } from "./routes.ts";
