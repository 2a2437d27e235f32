import { apiRequest } from "../../../shared/api/client";

const wire = () => import("./wire-schemas");

/**
 * POST /api/reg/Authentication/logout: revokes the token. The token is passed explicitly because the local
 * session is cleared before the call finishes.
 */
export function logout(token: string): Promise<unknown> {
  return apiRequest("/Authentication/logout", () => wire().then((schemas) => schemas.ignoredContentSchema), {
    base: "reg",
    method: "POST",
    anonymous: true,
    headers: { Authorization: `Bearer ${token}` },
  });
}
