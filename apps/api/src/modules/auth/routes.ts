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
import { requireAnySession, requireSession, sessionOf, type XSession } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { errors } from "../../platform/errors.ts";
import type { AuthService } from "./service.ts";

function checksummed(address: string) {
  if (!isEvmAddress(address)) throw errors.invalidAddress();
  return toChecksumAddress(address);
}

/** The X account of the request's X session, as login status shows it ("Twitter info": name, avatar). */
function twitterInfo(xSession: XSession | null) {
  if (!xSession) return null;
  return {
    id: xSession.xUserId,
    username: xSession.username,
    name: xSession.name,
    avatar: xSession.avatarUrl ?? "",
  };
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

/** The Discord and Telegram accounts bound to a wallet user (the social-links module). */
export type LinkedAccounts = (userId: number) => Promise<{
  discord?: { accountId: string; username: string | null; displayName: string; avatarUrl: string | null };
  telegram?: { accountId: string; username: string | null; displayName: string; avatarUrl: string | null };
}>;

export function authRoutes(
  auth: AuthService,
  signInRateLimit: number,
  linkedAccounts: LinkedAccounts,
): FastifyPluginAsyncZod {
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
        // A parent that is not a user code is ignored, so a bad one (control characters too) fails nothing.
        config: { rateLimit, ignoredBadBodyFields: ["parent"] },
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
        onRequest: requireSession,
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
        onRequest: requireSession,
        schema: {
          tags: ["registration"],
          summary: "Who is signed in, and which social accounts are bound",
          security: [{ bearer: [] }],
          response: responses(loginStatusSchema),
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const links = await linkedAccounts(session.userId);
        return ok({
          address: session.address,
          project: session.project,
          twitter: request.xSession !== null,
          discord: links.discord !== undefined,
          telegram: links.telegram !== undefined,
        });
      },
    );

    app.get(
      "/socialmedia/LoginStatusDetail",
      {
        onRequest: requireAnySession,
        schema: {
          tags: ["registration"],
          summary:
            "The X account signed in with X-Twitter-Token, and the Discord and Telegram accounts bound to the wallet; each null when absent",
          security: [{ bearer: [] }, { xToken: [] }],
          response: responses(loginStatusDetailSchema),
        },
      },
      async (request) => {
        const links = request.session ? await linkedAccounts(request.session.userId) : {};
        return ok({
          twitter: twitterInfo(request.xSession),
          discord: links.discord
            ? {
                id: links.discord.accountId,
                username: links.discord.username ?? "",
                avatar: links.discord.avatarUrl,
              }
            : null,
          telegram: links.telegram
            ? {
                id: links.telegram.accountId,
                username: links.telegram.username,
                name: links.telegram.displayName,
                avatar: links.telegram.avatarUrl,
              }
            : null,
        });
      },
    );

    app.get(
      "/socialmedia/LoginStatusDetail/twitter",
      {
        onRequest: requireAnySession,
        schema: {
          tags: ["registration"],
          summary: "Name and avatar of the X account signed in with X-Twitter-Token, null when none",
          security: [{ bearer: [] }, { xToken: [] }],
          response: responses(twitterBriefSchema),
        },
      },
      async (request) => ok(twitterInfo(request.xSession)),
    );
  };
}
