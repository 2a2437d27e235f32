import {
  xAuthorizeBodySchema,
  xAuthorizeResultSchema,
  xCallbackBodySchema,
  xSignInResultSchema,
} from "@dropfair/schemas/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireXSession, xSessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { browserOrigin } from "../../platform/origin.ts";
import { type XAuthService, xSignInStateTtlSeconds } from "./service.ts";

/** Where the routes live, under the registration API: /api/reg/socialmedia/twitter/{authorize,callback,logout}. */
export const xAuthRoutePrefix = "/socialmedia/twitter";

/**
 * Sign in with X (OAuth 2.0 + PKCE). The state is also kept in an HttpOnly cookie of the browser that started
 * the sign-in, so a callback link made in another browser (login CSRF) is refused.
 */
export function xAuthRoutes(
  xAuth: XAuthService,
  dependencies: { project: string; appOrigins: string[]; signInRateLimit: number },
): FastifyPluginAsyncZod {
  const cookieName = `${dependencies.project.toLowerCase()}_x_sign_in`;
  const cookiePath = `/api/reg${xAuthRoutePrefix}`;
  return async (app) => {
    const rateLimit = { max: dependencies.signInRateLimit, timeWindow: "1 minute" };
    const tags = ["registration"];

    app.post(
      "/authorize",
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: "Start Sign in with X: returns X's consent page URL (OAuth 2.0 + PKCE, read-only scopes)",
          description:
            "Keeps the state and PKCE verifier server-side for 10 minutes and sets an HttpOnly cookie binding the state to this browser. X sends the browser back to {origin}/auth/twitter?state=…&code=…, where the web app calls /callback.",
          body: xAuthorizeBodySchema,
          response: responses(xAuthorizeResultSchema),
        },
      },
      async (request, reply) => {
        const origin = browserOrigin(request, dependencies.appOrigins);
        const { url, state } = await xAuth.authorize({
          origin,
          returnTo: request.body.returnTo,
          userId: request.session?.userId ?? null,
        });
        reply.setCookie(cookieName, state, {
          path: cookiePath,
          httpOnly: true,
          sameSite: "lax",
          secure: origin.startsWith("https:"),
          maxAge: xSignInStateTtlSeconds,
        });
        return ok({ url });
      },
    );

    app.post(
      "/callback",
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: "Finish Sign in with X: trade the code for an X session token (xs_…)",
          description:
            "The state works once. A missing, unknown, expired, reused or other-browser state, or a code X refuses (invalid, expired, reused, wrong PKCE verifier), answers 400 and creates nothing.",
          body: xCallbackBodySchema,
          response: responses(xSignInResultSchema),
        },
      },
      async (request, reply) => {
        const browserState = request.cookies[cookieName];
        reply.clearCookie(cookieName, { path: cookiePath });
        const result = await xAuth.callback({ ...request.body, browserState });
        return ok(result);
      },
    );

    app.post(
      "/logout",
      {
        onRequest: requireXSession,
        schema: {
          tags,
          summary: "End the X session (X-Twitter-Token); its X tokens are revoked at X too",
          security: [{ xToken: [] }, { bearer: [] }],
          response: responses(z.null()),
        },
      },
      async (request) => {
        await xAuth.logout(xSessionOf(request));
        return ok(null);
      },
    );
  };
}
