import { apiRequest } from "../../../shared/api/client";

const wire = () => import("./wire-schemas");

/**
 * POST /api/reg/socialmedia/twitter/authorize: starts Sign in with X and answers X's consent page URL. The server
 * keeps the state and PKCE verifier and binds the state to this browser with an HttpOnly cookie.
 */
export function authorizeX(input: { returnTo: string }): Promise<{ url: string }> {
  return apiRequest(
    "/socialmedia/twitter/authorize",
    () => wire().then((schemas) => schemas.xAuthorizeResultSchema),
    { base: "reg", method: "POST", body: { returnTo: input.returnTo } },
  );
}
