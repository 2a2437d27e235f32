import type { XSignInResult } from "@dropfair/schemas/auth";
import { apiRequest } from "../../../shared/api/client";

const wire = () => import("./wire-schemas");

/** POST /api/reg/socialmedia/twitter/callback with the state and code X sent back: our X session token. */
export function finishXSignIn(input: { state: string; code: string }): Promise<XSignInResult> {
  return apiRequest(
    "/socialmedia/twitter/callback",
    () => wire().then((schemas) => schemas.xSignInResultSchema),
    { base: "reg", method: "POST", anonymous: true, body: { state: input.state, code: input.code } },
  );
}
