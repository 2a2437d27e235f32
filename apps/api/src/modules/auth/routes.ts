import { isEvmAddress, toChecksumAddress } from "@dropfair/core/address";
import {
  loginBodySchema,
  loginResultSchema,
  loginStatusDetailSchema,
  loginStatusSchema,
  signMessageParamsSchema,
  signMessageQuerySchema,
  twitterBriefSchema,
} from "@dropfair/schemas/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireSession, sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { errors } from "../../platform/errors.ts";
import type { AuthService } from "./service.ts";

function checksummed(address: string) {
  if (!isEvmAddress(address)) throw errors.invalidAddress();
  return toChecksumAddress(address);
}

function requestOrigin(origin: string | undefined, referer: string | undefined): string | undefined {
  for (const candidate of [origin, referer]) {
    if (!candidate) continue;
    try {
      return new URL(candidate).origin;
    } catch {
      // not a URL: try the next header
    }
  }
  return undefined;
}

const loginBodyWithMessage = loginBodySchema.extend({
  /** Optional: the exact message that was signed. Without it, the wallet's latest issued message is used. */
  message: z.string().max(8192).optional(),
});

export function authRoutes(auth: AuthService, signInRateLimit: number): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = { max: signInRateLimit, timeWindow: "1 minute" };

    app.get(
      "/Authentication/signMsg/:project/:address",
      {
        config: { rateLimit },
        schema: {
          tags: ["registration"],
          summary: "Issue a Sign-In with Ethereum (EIP-4361) message with a single-use nonce",
          params: signMessageParamsSchema,
          querystring: signMessageQuerySchema,
          response: responses(z.string()),
        },
      },
      async (request) => {
        const message = await auth.issueMessage({
          project: request.params.project,
          address: checksummed(request.params.address),
          chainId: request.query.chainId,
          origin: requestOrigin(request.headers.origin, request.headers.referer),
        });
        return ok(message);
      },
    );

    app.put(
      "/Authentication/login/:project/:address",
      {
        config: { rateLimit },
        schema: {
          tags: ["registration"],
          summary: "Verify the signed sign-in message and open a session",
          params: signMessageParamsSchema,
          body: loginBodyWithMessage,
          response: responses(loginResultSchema),
        },
      },
      async (request) => {
        const result = await auth.login({
          project: request.params.project,
          address: checksummed(request.params.address),
          signature: request.body.signature,
          message: request.body.message,
          parent: request.body.parent,
        });
        return ok(result);
      },
    );

    app.post(
      "/Authentication/logout",
      {
        preHandler: requireSession,
        schema: {
          tags: ["registration"],
          summary: "Revoke the current bearer token",
          security: [{ bearer: [] }],
          response: responses(z.null()),
        },
      },
      async (request) => {
        await auth.logout(sessionOf(request));
        return ok(null);
      },
    );

    app.get(
      "/socialmedia/LoginStatus",
      {
        preHandler: requireSession,
        schema: {
          tags: ["registration"],
          summary: "Who is signed in, and which social accounts are bound",
          security: [{ bearer: [] }],
          response: responses(loginStatusSchema),
        },
      },
      async (request) => {
        const session = sessionOf(request);
        return ok({
          address: session.address,
          project: session.project,
          twitter: false,
          discord: false,
          telegram: false,
        });
      },
    );

    app.get(
      "/socialmedia/LoginStatusDetail",
      {
        preHandler: requireSession,
        schema: {
          tags: ["registration"],
          summary: "Details of the bound X (Twitter) and Discord accounts, null when not bound",
          security: [{ bearer: [] }],
          response: responses(loginStatusDetailSchema),
        },
      },
      async () => ok({ twitter: null, discord: null }),
    );

    app.get(
      "/socialmedia/LoginStatusDetail/twitter",
      {
        preHandler: requireSession,
        schema: {
          tags: ["registration"],
          summary: "Name and avatar of the bound X account, null when not bound",
          security: [{ bearer: [] }],
          response: responses(twitterBriefSchema),
        },
      },
      async () => ok(null),
    );
  };
}
