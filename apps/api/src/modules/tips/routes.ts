// Under /api/bounty/tips: campaigns (list, create, detail, edit, funding, join missions), joining, the leaderboard
// and its snapshot file, bans and abuse reports. HTTP only: each route calls one use case.
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import type { Db } from "@dropfair/db";
import { missionCreateBodySchema, missionSchema } from "@dropfair/schemas/missions";
import {
  tipsBanBodySchema,
  tipsBanListQuerySchema,
  tipsBanListSchema,
  tipsCampaignDetailSchema,
  tipsCampaignListSchema,
  tipsCampaignParamsSchema,
  tipsClaimParamsSchema,
  tipsClaimSchema,
  tipsClaimVoucherSchema,
  tipsCreateBodySchema,
  tipsEditBodySchema,
  tipsFundingBodySchema,
  tipsHelperBodySchema,
  tipsHelperListSchema,
  tipsHelperParamsSchema,
  tipsLeaderboardQuerySchema,
  tipsLeaderboardSchema,
  tipsListQuerySchema,
  tipsMissionParamsSchema,
  tipsParticipantParamsSchema,
  tipsReloadSchema,
  tipsReportBodySchema,
  tipsReportListSchema,
  tipsTransactionBodySchema,
} from "@dropfair/schemas/tips";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireSession, sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { AppError } from "../../platform/errors.ts";
import { idempotent, walletScope } from "../../platform/idempotency.ts";
import type { TipsService } from "./service.ts";

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ["tips"];
const security = [{ bearer: [] }];

export function tipsRoutes(service: TipsService, db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    registerCampaignRoutes(app, service, db);
    registerParticipantRoutes(app, service);
    registerModerationRoutes(app, service);
    registerHelperRoutes(app, service, db);
    registerPayoutRoutes(app, service, db);
  };
}

/** Campaigns: list, create, detail, edit, funding and join missions. */
function registerCampaignRoutes(app: App, service: TipsService, db: Db) {
  app.get(
    "/campaigns",
    {
      schema: {
        tags,
        summary:
          "Tips campaigns, newest first: all, running, upcoming, ended, mine or joined (the last two signed in)",
        querystring: tipsListQuerySchema,
        response: responses(tipsCampaignListSchema),
      },
    },
    async (request) => ok(await service.list(request.session, request.query)),
  );

  app.post(
    "/campaigns",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Create a campaign (signed-in wallet): essential text, window, reward token and prize, formula. " +
          "Idempotency-Key supported",
        body: tipsCreateBodySchema,
        response: responses(tipsCampaignDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.create(sessionOf(request), request.body),
        ),
      ),
  );

  app.get(
    "/campaigns/:id",
    {
      schema: {
        tags,
        summary:
          "A campaign: status, essential text, formula, prize and funding, and the caller's membership",
        params: tipsCampaignParamsSchema,
        response: responses(tipsCampaignDetailSchema),
      },
    },
    async (request) => ok(await service.detail(request.session, request.params.id)),
  );

  app.patch(
    "/campaigns/:id",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Edit a campaign before its start (its creator); prize, token and times are fixed once funded",
        params: tipsCampaignParamsSchema,
        body: tipsEditBodySchema,
        response: responses(tipsCampaignDetailSchema),
      },
    },
    async (request) => ok(await service.edit(sessionOf(request), request.params.id, request.body)),
  );

  app.post(
    "/campaigns/:id/funding",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Name the AirdropDistributor voucher campaign that funds the prize; checked on chain (creator, " +
          "token, mode, start, end of the claim window, deposit)",
        params: tipsCampaignParamsSchema,
        body: tipsFundingBodySchema,
        response: responses(tipsCampaignDetailSchema),
      },
    },
    async (request) =>
      ok(await service.fund(sessionOf(request), request.params.id, BigInt(request.body.campaignId))),
  );

  app.post(
    "/campaigns/:id/missions",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Add a join mission to the campaign (its creator); participants finish it before joining",
        params: tipsCampaignParamsSchema,
        body: missionCreateBodySchema,
        response: responses(missionSchema),
      },
    },
    async (request) => ok(await service.addMission(sessionOf(request), request.params.id, request.body)),
  );

  app.delete(
    "/campaigns/:id/missions/:missionId",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Remove a join mission of the campaign (its creator)",
        params: tipsMissionParamsSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await service.removeMission(sessionOf(request), request.params.id, request.params.missionId);
      return ok(null);
    },
  );
}

/** Joining, the leaderboard and the snapshot file. */
function registerParticipantRoutes(app: App, service: TipsService) {
  app.post(
    "/campaigns/:id/join",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Join with the wallet's X account (a live Sign in with X session binds it; X-Twitter-Token header) " +
          "once the join missions are done; joining again answers the same",
        params: tipsCampaignParamsSchema,
        response: responses(tipsCampaignDetailSchema),
      },
    },
    async (request) =>
      ok(await service.join({ session: sessionOf(request), xSession: request.xSession }, request.params.id)),
  );

  app.get(
    "/campaigns/:id/leaderboard",
    {
      schema: {
        tags,
        summary:
          "A page of the leaderboard sorted by any column, the caller's own row, the formula and its weights",
        params: tipsCampaignParamsSchema,
        querystring: tipsLeaderboardQuerySchema,
        response: responses(tipsLeaderboardSchema),
      },
    },
    async (request) => ok(await service.leaderboard(request.session, request.params.id, request.query)),
  );

  app.get(
    "/campaigns/:id/snapshot",
    {
      schema: {
        tags,
        summary:
          "The snapshot file (dropfair-tips-v1) the current leaderboard was computed from, as a JSON download " +
          "(`dropfair verify-tips --file` recomputes it)",
        params: tipsCampaignParamsSchema,
      },
    },
    async (request, reply) => {
      const snapshot = await service.snapshot(request.params.id);
      reply
        .header("content-type", "application/json; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="tips-${request.params.id}-snapshot${snapshot.final ? "-final" : ""}.json"`,
        )
        .header("last-modified", snapshot.computedAt.toUTCString())
        .header("vary", "accept-encoding");
      // The file is kept gzip-compressed: sent so to a client that takes gzip, unpacked on the way for one that does not.
      if (negotiate(request.headers["accept-encoding"] ?? "", ["identity", "gzip"]) === "gzip")
        return reply.header("content-encoding", "gzip").send(snapshot.gzip);
      return reply.send(Readable.from([snapshot.gzip]).pipe(createGunzip()));
    },
  );
}

/** Bans (organizers), the public ban list, abuse reports. */
function registerModerationRoutes(app: App, service: TipsService) {
  app.get(
    "/campaigns/:id/bans",
    {
      schema: {
        tags,
        summary: "The campaign's ban list: user, adder, reason and time, latest or oldest first",
        params: tipsCampaignParamsSchema,
        querystring: tipsBanListQuerySchema,
        response: responses(tipsBanListSchema),
      },
    },
    async (request) => ok(await service.bans(request.params.id, request.query)),
  );

  app.post(
    "/campaigns/:id/bans",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Ban a participant with a reason (organizers: the creator, a helper, or a platform administrator, " +
          "audited); dropped from " +
          "the ranking and the payouts",
        params: tipsCampaignParamsSchema,
        body: tipsBanBodySchema,
        response: responses(tipsBanListSchema),
      },
    },
    async (request) => ok(await service.ban(sessionOf(request), request.params.id, request.body)),
  );

  app.delete(
    "/campaigns/:id/bans/:xUserId",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Lift a ban (organizers: the creator, a helper, or a platform administrator, audited)",
        params: tipsParticipantParamsSchema,
        response: responses(tipsBanListSchema),
      },
    },
    async (request) => ok(await service.unban(sessionOf(request), request.params.id, request.params.xUserId)),
  );

  app.post(
    "/campaigns/:id/reports",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Report a participant for abuse with a reason (anyone signed in, once per participant)",
        params: tipsCampaignParamsSchema,
        body: tipsReportBodySchema,
        response: responses(z.object({ reported: z.boolean() })),
      },
    },
    async (request) => ok(await service.report(sessionOf(request), request.params.id, request.body)),
  );

  app.get(
    "/campaigns/:id/reports",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Abuse reports about the campaign's participants (organizers: the creator, helpers and platform " +
          "administrators)",
        params: tipsCampaignParamsSchema,
        response: responses(tipsReportListSchema),
      },
    },
    async (request) => ok(await service.reports(sessionOf(request), request.params.id)),
  );
}

/** Helpers: wallets the creator names to organize the campaign with them (bans, reports). */
function registerHelperRoutes(app: App, service: TipsService, db: Db) {
  app.get(
    "/campaigns/:id/helpers",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "The campaign's helpers, by wallet (organizers: the creator, helpers, platform administrators)",
        params: tipsCampaignParamsSchema,
        response: responses(tipsHelperListSchema),
      },
    },
    async (request) => ok(await service.helpers(sessionOf(request), request.params.id)),
  );

  app.post(
    "/campaigns/:id/helpers",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Name a helper by wallet address (the creator only): helpers ban, lift bans and read abuse reports. " +
          "Idempotency-Key supported",
        params: tipsCampaignParamsSchema,
        body: tipsHelperBodySchema,
        response: responses(tipsHelperListSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.addHelper(sessionOf(request), request.params.id, request.body.address),
        ),
      ),
  );

  app.delete(
    "/campaigns/:id/helpers/:address",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Remove a helper (the creator only)",
        params: tipsHelperParamsSchema,
        response: responses(tipsHelperListSchema),
      },
    },
    async (request) =>
      ok(await service.removeHelper(sessionOf(request), request.params.id, request.params.address)),
  );
}

/** The reload, the creator's confirmation of the final leaderboard, and the participants' payouts. */
function registerPayoutRoutes(app: App, service: TipsService, db: Db) {
  app.post(
    "/campaigns/:id/reload",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Reload the participant's own tweets and metrics from X now (once per 3 hours; 429 with the time " +
          "left and Retry-After otherwise); the leaderboard follows shortly",
        params: tipsCampaignParamsSchema,
        response: responses(tipsReloadSchema),
      },
    },
    async (request, reply) => {
      try {
        return ok(await service.reload(sessionOf(request), request.params.id));
      } catch (error) {
        if (error instanceof AppError && typeof error.params.retryAfterSeconds === "number")
          reply.header("retry-after", String(error.params.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post(
    "/campaigns/:id/confirm",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Confirm the final leaderboard (the creator, status 7): payouts open, status 5",
        params: tipsCampaignParamsSchema,
        response: responses(tipsCampaignDetailSchema),
      },
    },
    async (request) => ok(await service.confirm(sessionOf(request), request.params.id)),
  );

  app.get(
    "/campaigns/:id/claim",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "The signed-in participant's payout: state, amount (base units), claim window, transaction",
        params: tipsCampaignParamsSchema,
        response: responses(tipsClaimSchema),
      },
    },
    async (request) => ok(await service.claim(sessionOf(request), request.params.id)),
  );

  app.post(
    "/campaigns/:id/claim",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "An AirdropDistributor voucher for the participant's earnings of the final leaderboard, within 30 " +
          "days after the end. Idempotency-Key supported",
        params: tipsCampaignParamsSchema,
        response: responses(tipsClaimVoucherSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.requestClaim(sessionOf(request), request.params.id),
        ),
      ),
  );

  app.post(
    "/campaigns/:id/claims/:claimId/transaction",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Report the claim's transaction (its Claimed event settles the claim)",
        params: tipsClaimParamsSchema,
        body: tipsTransactionBodySchema,
        response: responses(tipsClaimSchema),
      },
    },
    async (request) =>
      ok(
        await service.reportClaim(
          sessionOf(request),
          request.params.id,
          request.params.claimId,
          request.body.txHash,
        ),
      ),
  );

  app.post(
    "/campaigns/:id/refund",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Report the creator's refund of what is left after the 30-day claim window (the distributor's " +
          "Refunded event for the campaign, read from the receipt); recorded once",
        params: tipsCampaignParamsSchema,
        body: tipsTransactionBodySchema,
        response: responses(tipsCampaignDetailSchema),
      },
    },
    async (request) =>
      ok(await service.reportRefund(sessionOf(request), request.params.id, request.body.txHash)),
  );
}
