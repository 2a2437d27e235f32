// Platform administration in the web app: whether the signed-in wallet may see administrator screens.
export { adminStatusQueryOptions, getAdminStatus, useIsAdmin } from "./api/admin-status";
