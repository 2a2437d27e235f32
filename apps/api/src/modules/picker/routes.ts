import type { Db } from "@dropfair/db";
import { envelopeSchema } from "@dropfair/schemas/envelope";
import {
  adminBodySchema,
  adminSchema,
  banBodySchema,
  banSchema,
  confirmWinnersBodySchema,
  createPickerBodySchema,
  drawFileAnswerSchema,
  membershipBodySchema,
  membershipStatusSchema,
  participantsPageSchema,
  participantsQuerySchema,
  payBodySchema,
  pickerDetailSchema,
  pickerDrawSchema,
  pickerIdParamsSchema,
  pickerListQuerySchema,
  pickerListSchema,
  pickerRefParamsSchema,
  posterBodySchema,
  redrawBodySchema,
  replaceWinnerBodySchema,
  resolveQuerySchema,
  resolveResultSchema,
  seedLookupSchema,
  submitInfoBodySchema,
  updatePickerBodySchema,
  userIdParamsSchema,
} from "@dropfair/schemas/picker";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, responses } from "../../platform/envelope.ts";
import { idempotent } from "../../platform/idempotency.ts";
import { searchRateLimit } from "../../platform/rate-limits.ts";
import type { Actor } from "./access.ts";
import { pickerErrors } from "./errors.ts";
import type { PickerService } from "./service.ts";

/** The X account signed in on this request, if any (the picker acts on X identities). */
function actorOf(request: FastifyRequest): Actor | null {
  const session = request.xSession;
  return session ? { xUserId: session.xUserId, username: session.username } : null;
}

/** Idempotency keys belong to the signed-in X account; an anonymous request keeps none. */
function scopeOf(request: FastifyRequest): string | null {
  return request.xSession ? `x:${request.xSession.xUserId}` : null;
}

const tags = ["picker"];
const security = [{ bearer: [] }];
const done = z.object({ done: z.literal(true) });

type PickerApp = Parameters<FastifyPluginAsyncZod>[0];
type PreHandler = ReturnType<typeof searchRateLimit>;

/** The picker API under /api/bounty/picker (OpenAPI tag "picker"). */
export function pickerRoutes(
  service: PickerService,
  db: Db,
  options: { searchRateLimitPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    // Looking a picker up by seed or reference, and searching its participants, share the search limit.
    const searchLimit = searchRateLimit(app, options.searchRateLimitPerMinute);
    const participantSearchLimit = searchRateLimit(app, options.searchRateLimitPerMinute, (request) =>
      Boolean((request.query as { q?: string }).q),
    );
    pickerListRoutes(app, service, db, searchLimit);
    pickerReadRoutes(app, service, { searchLimit, participantSearchLimit });
    pickerDrawRoutes(app, service, db);
    pickerPaymentRoutes(app, service, db);
    pickerBanRoutes(app, service);
  };
}

/** Lists, quick-creation lookup, membership and creation. */
function pickerListRoutes(app: PickerApp, service: PickerService, db: Db, searchLimit: PreHandler): void {
  app.get(
    "/",
    {
      schema: {
        tags,
        summary: "Pickers, newest first; mine=1 lists the signed-in X account's own and helped pickers",
        querystring: pickerListQuerySchema,
        response: responses(pickerListSchema),
      },
    },
    async (request) => ok(await service.list(actorOf(request), request.query)),
  );

  app.get(
    "/resolve",
    {
      preHandler: searchLimit,
      schema: {
        tags,
        summary: "Quick creation: resolve a picker URL, seed or id, or a post URL or id",
        querystring: resolveQuerySchema,
        response: responses(resolveResultSchema),
      },
    },
    async (request) => ok(await service.resolve(request.query.q)),
  );

  app.get(
    "/membership",
    {
      schema: {
        tags,
        summary: "The signed-in X account's plan, today's draws and how to pay for membership",
        response: responses(membershipStatusSchema),
      },
    },
    async (request) => ok(await service.membershipStatus(actorOf(request))),
  );

  app.post(
    "/membership",
    {
      schema: {
        tags,
        security,
        summary: "Buy membership with a USDT transfer to the treasury, verified from its receipt",
        body: membershipBodySchema,
        response: responses(membershipStatusSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, scopeOf(request), () =>
          service.buyMembership(actorOf(request), request.body),
        ),
      ),
  );

  app.post(
    "/",
    {
      schema: {
        tags,
        security,
        summary: "Create a picker for a post (the author or an admin of the author account)",
        body: createPickerBodySchema,
        response: responses(pickerDetailSchema),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return ok(
        await idempotent(db, request, reply, scopeOf(request), async () => {
          const picker = await service.create(actor, request.body);
          return service.detail(picker.id, actor);
        }),
      );
    },
  );
}

/** One picker: by seed, its draw file, detail and rule changes, participants and history. */
function pickerReadRoutes(
  app: PickerApp,
  service: PickerService,
  limits: { searchLimit: PreHandler; participantSearchLimit: PreHandler },
): void {
  app.get(
    "/seed/:id",
    {
      preHandler: limits.searchLimit,
      schema: {
        tags,
        summary: "Find a picker by its seed",
        params: pickerRefParamsSchema,
        response: responses(seedLookupSchema),
      },
    },
    async (request) => {
      const picker = await service.bySeed(request.params.id);
      return ok({ id: picker.id, seed: picker.seed });
    },
  );

  app.get(
    "/:id/draw-file",
    {
      schema: {
        tags,
        summary: "The draw file anyone can verify (`dropfair verify`), by picker id or seed",
        params: pickerRefParamsSchema,
        response: responses(drawFileAnswerSchema),
      },
    },
    async (request, reply) => {
      const file = await service.drawFile(request.params.id);
      reply.header("content-disposition", `attachment; filename="dropfair-draw-${file.seed}.json"`);
      return ok(file);
    },
  );

  app.get(
    "/:id",
    {
      // What an anonymous visitor sees may come from the micro-cache (platform/public-cache.ts).
      config: { publicCache: true },
      schema: {
        tags,
        summary: "Picker detail",
        params: pickerIdParamsSchema,
        response: responses(pickerDetailSchema),
      },
    },
    async (request) => ok(await service.detail(request.params.id, actorOf(request))),
  );

  app.patch(
    "/:id",
    {
      schema: {
        tags,
        security,
        summary: "Change the winner count or reward before the first draw",
        params: pickerIdParamsSchema,
        body: updatePickerBodySchema,
        response: responses(pickerDetailSchema),
      },
    },
    async (request) => {
      await service.update(request.params.id, actorOf(request), request.body);
      return ok(await service.detail(request.params.id, actorOf(request)));
    },
  );

  app.get(
    "/:id/participants",
    {
      preHandler: limits.participantSearchLimit,
      schema: {
        tags,
        summary:
          "Participants with score, rank, winner or substitute flag and reasons (a search, q, counts against the search limit)",
        params: pickerIdParamsSchema,
        querystring: participantsQuerySchema,
        response: responses(participantsPageSchema),
      },
    },
    async (request) => ok(await service.participants(request.params.id, actorOf(request), request.query)),
  );

  app.get(
    "/:id/history",
    {
      schema: {
        tags,
        summary:
          "The public draw history, by picker id or seed (count, commitment, target block, moment of commitment, reason)",
        params: pickerRefParamsSchema,
        response: responses(z.array(pickerDrawSchema)),
      },
    },
    async (request) => ok(await service.history(request.params.id)),
  );
}

/** Draws and what follows: draw, redraw, replace a winner, confirm, winner info, stage moves. */
function pickerDrawRoutes(app: PickerApp, service: PickerService, db: Db): void {
  app.post(
    "/:id/draw",
    {
      schema: {
        tags,
        security,
        summary: "Commit the eligible list and draw with the next block",
        params: pickerIdParamsSchema,
        response: responses(pickerDrawSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, scopeOf(request), () =>
          service.draw(request.params.id, actorOf(request)),
        ),
      ),
  );

  app.post(
    "/:id/redraw",
    {
      schema: {
        tags,
        security,
        summary: "Draw again with a new commitment and block; the reason is public",
        params: pickerIdParamsSchema,
        body: redrawBodySchema,
        response: responses(pickerDrawSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, scopeOf(request), () =>
          service.redraw(request.params.id, actorOf(request), request.body.reason),
        ),
      ),
  );

  app.post(
    "/:id/replace",
    {
      schema: {
        tags,
        security,
        summary: "Reject one winner with a reason; the best-ranked substitute takes the place",
        params: pickerIdParamsSchema,
        body: replaceWinnerBodySchema,
        response: responses(
          z.object({ replaced: z.string(), replacement: z.string(), history: pickerDrawSchema }),
        ),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, scopeOf(request), () =>
          service.replaceWinner(
            request.params.id,
            actorOf(request),
            request.body.xUserId,
            request.body.reason,
          ),
        ),
      ),
  );

  app.post(
    "/:id/confirm",
    {
      schema: {
        tags,
        security,
        summary: "Confirm the winners and start collecting their info",
        params: pickerIdParamsSchema,
        body: confirmWinnersBodySchema,
        response: responses(done),
      },
    },
    async (request) => {
      await service.confirm(request.params.id, actorOf(request), request.body.xUserIds);
      return ok({ done: true as const });
    },
  );

  app.put(
    "/:id/info",
    {
      schema: {
        tags,
        security,
        summary: "A winner or substitute, signed in with X, submits the collected info",
        params: pickerIdParamsSchema,
        body: submitInfoBodySchema,
        response: responses(z.object({ info: z.string() })),
      },
    },
    async (request) => ok(await service.submitInfo(request.params.id, actorOf(request), request.body.info)),
  );

  for (const [path, action, summary] of [
    ["complete-collect", "completeCollect", "Close info collection and move on to paying"],
    ["finish", "finish", "Finish without an on-chain payment"],
    ["cancel", "cancel", "Cancel the picker"],
  ] as const) {
    app.post(
      `/:id/${path}`,
      { schema: { tags, security, summary, params: pickerIdParamsSchema, response: responses(done) } },
      async (request) => {
        await service[action](request.params.id, actorOf(request));
        return ok({ done: true as const });
      },
    );
  }
}

/** The payment of the winners, and the poster. */
function pickerPaymentRoutes(app: PickerApp, service: PickerService, db: Db): void {
  app.post(
    "/:id/pay",
    {
      schema: {
        tags,
        security,
        summary: "Record the payment: our batch payout to the winners, or an external transaction hash",
        params: pickerIdParamsSchema,
        body: payBodySchema,
        response: responses(z.object({ chainId: z.number().int(), txHash: z.string() })),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, scopeOf(request), () =>
          service.pay(request.params.id, actorOf(request), request.body),
        ),
      ),
  );

  app.get(
    "/:id/poster",
    {
      schema: {
        tags,
        summary: "The picker's custom poster image, served with its own content type",
        params: pickerIdParamsSchema,
        response: {
          200: z.unknown().describe("The image bytes (image/png, image/jpeg or image/webp)"),
          "4xx": envelopeSchema(z.null()),
        },
      },
    },
    async (request, reply) => {
      const poster = await service.poster(request.params.id);
      return reply
        .header("content-type", poster.contentType)
        .header("cache-control", "public, max-age=300")
        .header("x-content-type-options", "nosniff")
        .send(poster.bytes);
    },
  );

  app.put(
    "/:id/poster",
    {
      // Nobody signed in with X may operate a picker: refused from the headers, before the image is read.
      onRequest: async (request) => {
        if (!actorOf(request)) throw pickerErrors.notOwner();
      },
      // A 1 MB image as base64 in JSON, with room for the envelope of the request.
      bodyLimit: 1536 * 1024,
      schema: {
        tags,
        security,
        summary: "Upload a custom poster (annual membership): a PNG, JPEG or WebP data URL up to 1 MB",
        params: pickerIdParamsSchema,
        body: posterBodySchema,
        response: responses(z.object({ posterUrl: z.string() })),
      },
    },
    async (request) => ok(await service.setPoster(request.params.id, actorOf(request), request.body.image)),
  );

  app.delete(
    "/:id/poster",
    {
      schema: {
        tags,
        security,
        summary: "Remove the custom poster",
        params: pickerIdParamsSchema,
        response: responses(done),
      },
    },
    async (request) => {
      await service.removePoster(request.params.id, actorOf(request));
      return ok({ done: true as const });
    },
  );
}

/** The owner's ban list and helpers. */
function pickerBanRoutes(app: PickerApp, service: PickerService): void {
  app.get(
    "/:id/bans",
    {
      schema: {
        tags,
        summary: "The owner's ban list: user, adder, reason",
        params: pickerIdParamsSchema,
        response: responses(z.array(banSchema)),
      },
    },
    async (request) => ok(await service.bans(request.params.id)),
  );

  app.post(
    "/:id/bans",
    {
      schema: {
        tags,
        security,
        summary: "Ban a user with a black reason (helpers' bans sync to the owner)",
        params: pickerIdParamsSchema,
        body: banBodySchema,
        response: responses(z.object({ xUserId: z.string(), username: z.string() })),
      },
    },
    async (request) =>
      ok(await service.ban(request.params.id, actorOf(request), request.body.username, request.body.reason)),
  );

  app.delete(
    "/:id/bans/:xUserId",
    {
      schema: {
        tags,
        security,
        summary: "Lift a ban",
        params: userIdParamsSchema,
        response: responses(done),
      },
    },
    async (request) => {
      await service.unban(request.params.id, actorOf(request), request.params.xUserId);
      return ok({ done: true as const });
    },
  );

  app.get(
    "/:id/admins",
    {
      schema: {
        tags,
        security,
        summary: "The owner account's helpers",
        params: pickerIdParamsSchema,
        response: responses(z.array(adminSchema)),
      },
    },
    async (request) => ok(await service.admins(request.params.id, actorOf(request))),
  );

  app.post(
    "/:id/admins",
    {
      schema: {
        tags,
        security,
        summary: "Add a helper by X handle (owner only)",
        params: pickerIdParamsSchema,
        body: adminBodySchema,
        response: responses(z.object({ xUserId: z.string(), username: z.string() })),
      },
    },
    async (request) => ok(await service.addAdmin(request.params.id, actorOf(request), request.body.username)),
  );

  app.delete(
    "/:id/admins/:xUserId",
    {
      schema: {
        tags,
        security,
        summary: "Remove a helper (owner only)",
        params: userIdParamsSchema,
        response: responses(done),
      },
    },
    async (request) => {
      await service.removeAdmin(request.params.id, actorOf(request), request.params.xUserId);
      return ok({ done: true as const });
    },
  );
}
