// Under /api/bounty/missions: a campaign's missions with the caller's state, the check, and the administrators'
// editing of the platform's achievement missions (audited).
import type { DbWriter, Tx } from "@dropfair/db";
import {
  campaignIdParamsSchema,
  campaignMissionsSchema,
  missionCheckBodySchema,
  missionCheckResultSchema,
  missionCreateBodySchema,
  missionIdParamsSchema,
  missionReorderBodySchema,
  missionSchema,
  missionUpdateBodySchema,
} from "@dropfair/schemas/missions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Session, sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { extraRateLimit } from "../../platform/rate-limits.ts";
import type { AdminAccess, AdminActionInput } from "../admin/index.ts";
import { MissionUpstreamError, missionErrors } from "./errors.ts";
import type { CampaignAccess } from "./manage.ts";
import { isPlatformAchievements, type MissionsService } from "./service.ts";

export type MissionRouteOptions = {
  admin: AdminAccess;
  recordAdminAction: (db: DbWriter, input: AdminActionInput) => Promise<void>;
  rateLimit: { perUserPerMinute: number; perIpPerMinute: number };
};

export function missionRoutes(service: MissionsService, options: MissionRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["missions"];
    const security = [{ bearer: [] }];
    // Per user, on top of the route's per-IP limit.
    const perUserLimit = extraRateLimit(app, {
      max: options.rateLimit.perUserPerMinute,
      timeWindow: "1 minute",
      keyOf: (request) => `mission-check-user:${request.session?.userId ?? request.ip}`,
    });
    const loginRequired = async (request: { session: Session | null }) => {
      if (!request.session) throw missionErrors.loginRequired();
    };

    app.get(
      "/achievement",
      {
        schema: {
          tags,
          summary: "The platform's achievement missions, each with the caller's state (done when signed in)",
          response: responses(campaignMissionsSchema),
        },
      },
      async (request) => ok(await service.achievements(request.session?.userId ?? null)),
    );

    app.get(
      "/campaigns/:campaignId",
      {
        schema: {
          tags,
          summary: "A campaign's missions in order, each with the caller's state",
          params: campaignIdParamsSchema,
          response: responses(campaignMissionsSchema),
        },
      },
      async (request) =>
        ok(await service.campaign(request.params.campaignId, request.session?.userId ?? null)),
    );

    app.post(
      "/:missionId/check",
      {
        onRequest: loginRequired,
        preHandler: perUserLimit,
        config: { rateLimit: { max: options.rateLimit.perIpPerMinute, timeWindow: "1 minute" } },
        schema: {
          tags,
          security,
          summary:
            "Check a mission with X, Discord or Telegram and record it once (X missions need Sign in with X; " +
            "424 with Retry-After when the upstream did not answer)",
          params: missionIdParamsSchema,
          body: missionCheckBodySchema,
          response: responses(missionCheckResultSchema),
        },
      },
      async (request, reply) => {
        const actor = { userId: sessionOf(request).userId, xSession: request.xSession };
        try {
          return ok(await service.check(actor, request.params.missionId, { tweetId: request.body?.tweetId }));
        } catch (error) {
          if (error instanceof MissionUpstreamError)
            reply.header("retry-after", String(error.retryAfterSeconds));
          throw error;
        }
      },
    );

    registerAdminRoutes(app, service, options);
  };
}

/** The administrators' editing of the platform's achievement missions (audited). */
function registerAdminRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: MissionsService,
  options: MissionRouteOptions,
) {
  const tags = ["missions"];
  const security = [{ bearer: [] }];
  const { admin } = options;
  // Administrators edit the platform's achievement programme only, and every change is audited.
  const adminAccess: CampaignAccess = {
    authorize: (actor, campaign) => admin.isAdmin(actor.address) && isPlatformAchievements(campaign),
    audit: (tx: Tx, actor: Session, entry) =>
      options.recordAdminAction(tx, { actorUserId: actor.userId, ...entry }),
  };
  app.post(
    "/achievement/missions",
    {
      onRequest: admin.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Add a mission at the end of the platform's achievements (administrators; audited)",
        body: missionCreateBodySchema,
        response: responses(missionSchema),
      },
    },
    async (request) => {
      const campaign = await service.platformAchievementCampaign();
      return ok(await service.create(adminAccess, sessionOf(request), campaign.id, request.body));
    },
  );

  app.put(
    "/achievement/order",
    {
      onRequest: admin.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Reorder the platform's achievement missions (all of their ids, in the new order)",
        body: missionReorderBodySchema,
        response: responses(z.array(missionSchema)),
      },
    },
    async (request) => {
      const campaign = await service.platformAchievementCampaign();
      return ok(await service.reorder(adminAccess, sessionOf(request), campaign.id, request.body.missionIds));
    },
  );

  app.patch(
    "/:missionId",
    {
      onRequest: admin.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Edit a platform achievement mission: title, parameters (of its kind) or rewards (audited)",
        params: missionIdParamsSchema,
        body: missionUpdateBodySchema,
        response: responses(missionSchema),
      },
    },
    async (request) =>
      ok(await service.edit(adminAccess, sessionOf(request), request.params.missionId, request.body)),
  );

  app.delete(
    "/:missionId",
    {
      onRequest: admin.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Delete a platform achievement mission (its completions and credits stay; audited)",
        params: missionIdParamsSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await service.remove(adminAccess, sessionOf(request), request.params.missionId);
      return ok(null);
    },
  );
}
