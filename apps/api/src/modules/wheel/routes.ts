// Under /api/bounty/wheel: games (list, create, detail, close, prize funding, missions), tickets, spins (voucher,
// transaction report, state), draw records, claims and the game file. HTTP only: each route calls one use case.
import type { Db } from "@dropfair/db";
import { missionCreateBodySchema, missionSchema } from "@dropfair/schemas/missions";
import {
  wheelClaimParamsSchema,
  wheelClaimsSchema,
  wheelClaimVoucherSchema,
  wheelCreateBodySchema,
  wheelDrawRecordsSchema,
  wheelDrawsQuerySchema,
  wheelFundingBodySchema,
  wheelGameDetailSchema,
  wheelGameFileSchema,
  wheelGameListSchema,
  wheelGameParamsSchema,
  wheelListQuerySchema,
  wheelMissionParamsSchema,
  wheelPrizeParamsSchema,
  wheelSpinParamsSchema,
  wheelSpinSchema,
  wheelSpinVoucherSchema,
  wheelTicketGrantBodySchema,
  wheelTicketsSchema,
  wheelTransactionBodySchema,
} from "@dropfair/schemas/wheel";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireSession, sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { idempotent, walletScope } from "../../platform/idempotency.ts";
import type { WheelService } from "./service.ts";

export function wheelRoutes(service: WheelService, db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["wheel"];
    const security = [{ bearer: [] }];

    app.get(
      "/games",
      {
        schema: {
          tags,
          summary: "Lucky wheel games, newest first: all, mine (signed in), or one partner's",
          querystring: wheelListQuerySchema,
          response: responses(wheelGameListSchema),
        },
      },
      async (request) => ok(await service.list(request.session, request.query)),
    );

    app.post(
      "/games",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary:
            "Create a game (the server draws its salt and publishes keccak256 of it now); partner games: " +
            "administrators. Idempotency-Key supported",
          body: wheelCreateBodySchema,
          response: responses(wheelGameDetailSchema),
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
      "/games/:id",
      {
        schema: {
          tags,
          summary:
            "A game: status, prizes with how many were won, the salt hash, and the salt once it is over",
          params: wheelGameParamsSchema,
          response: responses(wheelGameDetailSchema),
        },
      },
      async (request) => ok(await service.detail(request.session, request.params.id)),
    );

    app.post(
      "/games/:id/close",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: "Close a game before its end (its creator; administrators for partner games, audited)",
          params: wheelGameParamsSchema,
          response: responses(wheelGameDetailSchema),
        },
      },
      async (request) => ok(await service.close(sessionOf(request), request.params.id)),
    );

    app.post(
      "/games/:id/prizes/:prizeId/funding",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary:
            "Name the AirdropDistributor campaign that funds a token or NFT prize; checked on chain (creator, " +
            "token, kind, voucher mode, times, deposit). An NFT campaign still short of NFTs is kept as the " +
            "prize's campaign, not funded yet",
          params: wheelPrizeParamsSchema,
          body: wheelFundingBodySchema,
          response: responses(wheelGameDetailSchema),
        },
      },
      async (request) =>
        ok(
          await service.fund(
            sessionOf(request),
            request.params.id,
            request.params.prizeId,
            BigInt(request.body.campaignId),
          ),
        ),
    );

    app.post(
      "/games/:id/missions",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: "Add a mission to the game (its managers); its rewardTickets are tickets of this game",
          params: wheelGameParamsSchema,
          body: missionCreateBodySchema,
          response: responses(missionSchema),
        },
      },
      async (request) => ok(await service.addMission(sessionOf(request), request.params.id, request.body)),
    );

    app.delete(
      "/games/:id/missions/:missionId",
      {
        onRequest: requireSession,
        schema: {
          tags,
          security,
          summary: "Remove a mission of the game (its managers); tickets it granted stay",
          params: wheelMissionParamsSchema,
          response: responses(z.null()),
        },
      },
      async (request) => {
        await service.removeMission(sessionOf(request), request.params.id, request.params.missionId);
        return ok(null);
      },
    );

    registerPlayerRoutes(app, service, db);
  };
}

/** Tickets, spins, draw records, claims and the game file. */
function registerPlayerRoutes(app: Parameters<FastifyPluginAsyncZod>[0], service: WheelService, db: Db) {
  const tags = ["wheel"];
  const security = [{ bearer: [] }];

  app.get(
    "/games/:id/tickets",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "The signed-in wallet's tickets: balance, and each grant (time, count, reason)",
        params: wheelGameParamsSchema,
        response: responses(wheelTicketsSchema),
      },
    },
    async (request) => ok(await service.tickets(sessionOf(request), request.params.id)),
  );

  app.post(
    "/games/:id/tickets/grant",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Give tickets to a wallet (the game's managers; administrators for partner games, audited)",
        params: wheelGameParamsSchema,
        body: wheelTicketGrantBodySchema,
        response: responses(z.object({ granted: z.number().int() })),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.grant(sessionOf(request), request.params.id, request.body),
        ),
      ),
  );

  app.post(
    "/games/:id/spins",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "A spin voucher for LuckyWheel.spin: spends one ticket; asking again before it reaches the chain " +
          "gets the same nonce. Idempotency-Key supported",
        params: wheelGameParamsSchema,
        response: responses(wheelSpinVoucherSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.spin(sessionOf(request), request.params.id),
        ),
      ),
  );

  app.post(
    "/games/:id/spins/:spinId/transaction",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Report the spin's transaction (mined, with its Spin event) so it is recorded once confirmed",
        params: wheelSpinParamsSchema,
        body: wheelTransactionBodySchema,
        response: responses(wheelSpinSchema),
      },
    },
    async (request) =>
      ok(
        await service.reportSpin(
          sessionOf(request),
          request.params.id,
          request.params.spinId,
          request.body.txHash,
        ),
      ),
  );

  app.get(
    "/games/:id/spins/:spinId",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "One of the signed-in wallet's spins: its lottery stage and, once recorded, where it landed",
        params: wheelSpinParamsSchema,
        response: responses(wheelSpinSchema),
      },
    },
    async (request) => ok(await service.spinOf(sessionOf(request), request.params.id, request.params.spinId)),
  );

  app.get(
    "/games/:id/draws",
    {
      schema: {
        tags,
        summary:
          "Draw records of the game (public), a page at a time with the total: time, account, prize, nonce, " +
          "position, block and tx hash; the signed-in wallet's own first",
        params: wheelGameParamsSchema,
        querystring: wheelDrawsQuerySchema,
        response: responses(wheelDrawRecordsSchema),
      },
    },
    async (request) => ok(await service.draws(request.session, request.params.id, request.query)),
  );

  app.get(
    "/games/:id/claims",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "The signed-in wallet's wins per prize: count, total, chain, claim end, claim time, state",
        params: wheelGameParamsSchema,
        response: responses(wheelClaimsSchema),
      },
    },
    async (request) => ok(await service.claims(sessionOf(request), request.params.id)),
  );

  app.post(
    "/games/:id/prizes/:prizeId/claim",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "An AirdropDistributor voucher for the wallet's unclaimed wins of a token or NFT prize. " +
          "Idempotency-Key supported",
        params: wheelPrizeParamsSchema,
        response: responses(wheelClaimVoucherSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.claim(sessionOf(request), request.params.id, request.params.prizeId),
        ),
      ),
  );

  app.post(
    "/games/:id/claims/:claimId/transaction",
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "Report the claim's transaction (its Claimed event settles the claim)",
        params: wheelClaimParamsSchema,
        body: wheelTransactionBodySchema,
        response: responses(wheelClaimsSchema),
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

  app.get(
    "/games/:id/game-file",
    {
      schema: {
        tags,
        summary:
          "The game file (dropfair-wheel-v1) with the chain, LuckyWheel address and first block; salt null " +
          "until the game is over",
        params: wheelGameParamsSchema,
        response: responses(wheelGameFileSchema),
      },
    },
    async (request) => ok(await service.gameFile(request.params.id)),
  );
}
