import {
  leaderboardQuerySchema,
  leaderboardSchema,
  pointsGrantBodySchema,
  pointsGrantResultSchema,
  pointsGrantsPageSchema,
  pointsGrantsQuerySchema,
  pointsHistoryPageSchema,
  pointsHistoryQuerySchema,
  pointsSummarySchema,
} from "@dropfair/schemas/points";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireSession, sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import type { AdminAccess } from "../admin/index.ts";
import type { PointsService } from "./service.ts";

/** Under /api/bounty/points: the signed-in user's balance and history, the leaderboard, administrators' grants. */
export function pointsRoutes(service: PointsService, admin: AdminAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["points"];
    const security = [{ bearer: [] }];

    app.get(
      "/me",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: "The signed-in wallet's points, level and progress to the next level",
          response: responses(pointsSummarySchema),
        },
      },
      async (request) => ok(await service.summary(sessionOf(request).userId)),
    );

    app.get(
      "/me/history",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: "The signed-in wallet's ledger rows, newest first, paged",
          querystring: pointsHistoryQuerySchema,
          response: responses(pointsHistoryPageSchema),
        },
      },
      async (request) => ok(await service.history(sessionOf(request).userId, request.query)),
    );

    app.get(
      "/leaderboard",
      {
        schema: {
          tags,
          summary: "The highest balances (public), and the signed-in wallet's own rank",
          querystring: leaderboardQuerySchema,
          response: responses(leaderboardSchema),
        },
      },
      async (request) => ok(await service.leaderboard(request.query.limit, request.session)),
    );

    app.post(
      "/admin/grants",
      {
        onRequest: admin.requireAdmin,
        schema: {
          tags,
          security,
          summary: "Grant points to a user, or revoke with a negative amount (administrators only; audited)",
          body: pointsGrantBodySchema,
          response: responses(pointsGrantResultSchema),
        },
      },
      async (request) => ok(await service.grant(sessionOf(request), request.body)),
    );

    app.get(
      "/admin/grants",
      {
        onRequest: admin.requireAdmin,
        schema: {
          tags,
          security,
          summary: "Administrators' grants and revocations, newest first (administrators only)",
          querystring: pointsGrantsQuerySchema,
          response: responses(pointsGrantsPageSchema),
        },
      },
      async (request) => ok(await service.grants(request.query)),
    );
  };
}
