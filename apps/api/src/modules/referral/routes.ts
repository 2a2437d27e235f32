import {
  changeReferralCodeBodySchema,
  referralCodeSchema,
  referralLookupParamsSchema,
  referralLookupSchema,
  referralMeSchema,
  referralResultsQuerySchema,
  referralResultsSchema,
} from "@dropfair/schemas/referral";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireSession, sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { AppError } from "../../platform/errors.ts";
import type { ReferralService } from "./service.ts";

/** The referral API under /api/bounty/referral: the signed-in user's code and results, and the code look-up. */
export function referralRoutes(
  service: ReferralService,
  options: { lookupRateLimitPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["referral"];
    const security = [{ bearer: [] }];

    app.get(
      "/me",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: "The signed-in user's referral code, share link path and totals",
          response: responses(referralMeSchema),
        },
      },
      async (request) => ok(await service.me(sessionOf(request).userId)),
    );

    app.put(
      "/me/code",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary:
            "Change the signed-in user's code: 4-16 of lowercase letters, digits, _ and -, unique, no reserved word",
          body: changeReferralCodeBodySchema,
          response: responses(referralCodeSchema),
        },
      },
      async (request) => ok(await service.changeCode(sessionOf(request).userId, request.body.code)),
    );

    app.get(
      "/me/results",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary:
            "The users the signed-in user referred (newest first): account, level, missions, reward; totals",
          querystring: referralResultsQuerySchema,
          response: responses(referralResultsSchema),
        },
      },
      async (request) => ok(await service.results(sessionOf(request).userId, request.query)),
    );

    app.get(
      "/codes/:code",
      {
        config: { rateLimit: { max: options.lookupRateLimitPerMinute, timeWindow: "1 minute" } },
        schema: {
          tags,
          summary:
            "Whether a referral code exists, with its holder's short address; look-ups of unknown codes are throttled per client",
          params: referralLookupParamsSchema,
          response: responses(referralLookupSchema),
        },
      },
      async (request, reply) => {
        // The answer changes when the code does; a cache must not keep it.
        reply.header("cache-control", "no-store");
        try {
          return ok(await service.lookup(request.ip, request.params.code));
        } catch (error) {
          if (error instanceof AppError && typeof error.params.retryAfterSeconds === "number")
            reply.header("retry-after", String(error.params.retryAfterSeconds));
          throw error;
        }
      },
    );
  };
}
