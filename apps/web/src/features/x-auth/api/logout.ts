import { apiRequest } from "../../../shared/api/client";

const wire = () => import("./wire-schemas");

/**
 * POST /api/reg/socialmedia/twitter/logout: ends the X session. The token is passed explicitly because the local
 * X sign-in is cleared before the call finishes.
 */
export function postXLogout(token: string): Promise<unknown> {
  return apiRequest(
    "/socialmedia/twitter/logout",
    () => wire().then((schemas) => schemas.ignoredContentSchema),
    { base: "reg", method: "POST", anonymous: true, headers: { "X-Twitter-Token": token } },
  );
}
