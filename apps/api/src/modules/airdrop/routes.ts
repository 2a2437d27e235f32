import type { Db } from "@dropfair/db";
import {
  airdropClaimQuerySchema,
  airdropClaimSchema,
  airdropDetailSchema,
  airdropIdParamsSchema,
  airdropListQuerySchema,
  airdropListSchema,
  airdropParticipantsPageSchema,
  airdropParticipantsQuerySchema,
  airdropTransactionBodySchema,
  createAirdropBodySchema,
  type ParticipantImport,
  participantImportSchema,
  participantReportSchema,
  updateAirdropBodySchema,
} from "@dropfair/schemas/airdrop";
import { envelopeSchema } from "@dropfair/schemas/envelope";
import { imageBodySchema } from "@dropfair/schemas/picker";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireContentType, requireSession } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { languageFromHeader, translate } from "../../platform/i18n.ts";
import { idempotent, walletScope } from "../../platform/idempotency.ts";
import { searchRateLimit } from "../../platform/rate-limits.ts";
import type { AirdropService, ParticipantImportView, Viewer } from "./service.ts";

function viewerOf(request: FastifyRequest): Viewer {
  return {
    userId: request.session?.userId ?? null,
    address: request.session?.address ?? null,
    xUserId: request.xSession?.xUserId ?? null,
  };
}

/** An import as the API answers it: the failure's message in the asker's language. */
function importOf(request: FastifyRequest, view: ParticipantImportView): ParticipantImport {
  const language = languageFromHeader(request.headers["accept-language"]);
  return {
    ...view,
    error: view.error && {
      typeCode: view.error.typeCode,
      message: translate(language, view.error.key, view.error.params),
    },
  };
}

const tags = ["airdrop"];
const logoBodySchema = imageBodySchema({
  tooLarge: "validation.airdrop.logoTooLarge",
  invalid: "airdrop.logoInvalid",
});
const security = [{ bearer: [] }];
const done = z.object({ done: z.literal(true) });
/** A 1,000,000-line list of checksummed addresses with weights is about 50 MB. */
const participantListBodyLimit = 64 * 1024 * 1024;
const participantListTypes = ["text/plain", "text/csv"];

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * onRequest for the routes with large bodies: anyone but the creator is refused from the headers, before the
 * body is read (an id that is not one is left to the schema's 400).
 */
function creatorOnly(service: AirdropService) {
  return async (request: FastifyRequest) => {
    const params = airdropIdParamsSchema.safeParse(request.params);
    if (params.success) await service.authorizeCreator(params.data.id, viewerOf(request));
  };
}

/** The airdrop API under /api/bounty/airdrop (OpenAPI tag "airdrop"). */
export function airdropRoutes(
  service: AirdropService,
  db: Db,
  options: { searchRateLimitPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    // Participant lists come as the raw text of the paste or the CSV file.
    app.addContentTypeParser(
      "text/csv",
      { parseAs: "string", bodyLimit: participantListBodyLimit },
      (_r, body, next) => next(null, body),
    );
    draftRoutes(app, service, db);
    // A participant search counts against the platform's search limit; paging the list does not.
    const searchLimit = searchRateLimit(app, options.searchRateLimitPerMinute, (request) =>
      Boolean((request.query as { search?: string }).search),
    );
    participantRoutes(app, service, db, searchLimit);
    logoRoutes(app, service);
    campaignRoutes(app, service);
    claimRoutes(app, service);
  };
}

/** The lists, one airdrop, and creating, editing and deleting drafts. */
function draftRoutes(app: App, service: AirdropService, db: Db) {
  app.get(
    "/",
    {
      // Anonymous pages of the public list may come from the micro-cache (platform/public-cache.ts).
      config: { publicCache: true },
      schema: {
        tags,
        summary:
          "Airdrops, newest first: all released ones, My Creation (filter=mine) or My Wins (filter=wins)",
        querystring: airdropListQuerySchema,
        response: responses(airdropListSchema),
      },
    },
    async (request) => ok(await service.list(viewerOf(request), request.query)),
  );

  app.post(
    "/",
    {
      schema: {
        tags,
        security,
        summary: "Create a draft airdrop (step 1 of the wizard; reward fields may follow later)",
        body: createAirdropBodySchema,
        response: responses(airdropDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.create(viewerOf(request), request.body),
        ),
      ),
  );

  app.get(
    "/:id",
    {
      schema: {
        tags,
        summary: "One airdrop (drafts only for their creator)",
        params: airdropIdParamsSchema,
        response: responses(airdropDetailSchema),
      },
    },
    async (request) => ok(await service.get(request.params.id, viewerOf(request))),
  );

  app.patch(
    "/:id",
    {
      schema: {
        tags,
        security,
        summary: "Edit an airdrop; list and reward changes need the charged prize refunded first",
        params: airdropIdParamsSchema,
        body: updateAirdropBodySchema,
        response: responses(airdropDetailSchema),
      },
    },
    async (request) => ok(await service.update(request.params.id, viewerOf(request), request.body)),
  );

  app.delete(
    "/:id",
    {
      schema: {
        tags,
        security,
        summary: "Delete an airdrop (the charged prize must be refunded first)",
        params: airdropIdParamsSchema,
        response: responses(done),
      },
    },
    async (request) => {
      await service.remove(request.params.id, viewerOf(request));
      return ok({ done: true as const });
    },
  );
}

/** The participant list: upload, background import, clearing, and the public page. */
function participantRoutes(
  app: App,
  service: AirdropService,
  db: Db,
  searchLimit: ReturnType<typeof searchRateLimit>,
) {
  app.put(
    "/:id/participants",
    {
      // Tens of megabytes only for the draft's creator, as text: who asks and what they send are checked from
      // the headers, before any of the body is read.
      onRequest: [requireSession, creatorOnly(service), requireContentType(participantListTypes)],
      bodyLimit: participantListBodyLimit,
      schema: {
        tags,
        security,
        summary:
          "Replace the participant list: the pasted or uploaded text (text/plain or text/csv), one id per line, optional ',weight'. Up to 20,000 lines whose checks take up to 50 upstream requests: checked and stored at once (200, the report); any other: imported in the background (202, the import; follow it on GET …/participants/import)",
        params: airdropIdParamsSchema,
        body: z.string().describe("The list as text"),
        response: {
          ...responses(participantReportSchema),
          202: envelopeSchema(participantImportSchema).describe("The list is being imported"),
        },
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), async () => {
          const upload = await service.uploadParticipants(request.params.id, viewerOf(request), request.body);
          if (upload.kind === "stored") return upload.report;
          reply.code(202);
          return importOf(request, upload.import);
        }),
      ),
  );

  app.get(
    "/:id/participants/import",
    {
      schema: {
        tags,
        security,
        summary:
          "The latest background import of the participant list (creator only): state, the step under way (lines read, lookups made, participants stored) and how far into it, the report when done, the error when failed; null when none",
        params: airdropIdParamsSchema,
        response: responses(participantImportSchema.nullable()),
      },
    },
    async (request) => {
      const view = await service.participantImport(request.params.id, viewerOf(request));
      return ok(view && importOf(request, view));
    },
  );

  app.delete(
    "/:id/participants",
    {
      schema: {
        tags,
        security,
        summary: "Clear the participant list",
        params: airdropIdParamsSchema,
        response: responses(done),
      },
    },
    async (request) => {
      await service.clearParticipants(request.params.id, viewerOf(request));
      return ok({ done: true as const });
    },
  );

  app.get(
    "/:id/participants",
    {
      preHandler: searchLimit,
      schema: {
        tags,
        summary:
          "The participant list in list order, with each one's amount and claim state (a search counts against the search limit)",
        params: airdropIdParamsSchema,
        querystring: airdropParticipantsQuerySchema,
        response: responses(airdropParticipantsPageSchema),
      },
    },
    async (request) =>
      ok(await service.participantsPage(request.params.id, viewerOf(request), request.query)),
  );
}

/** The custom token logo. */
function logoRoutes(app: App, service: AirdropService) {
  app.get(
    "/:id/logo",
    {
      schema: {
        tags,
        summary: "The custom token logo, served with its own content type",
        params: airdropIdParamsSchema,
        response: {
          200: z.unknown().describe("The image bytes (image/png, image/jpeg or image/webp)"),
          "4xx": envelopeSchema(z.null()),
        },
      },
    },
    async (request, reply) => {
      const logo = await service.logo(request.params.id, viewerOf(request));
      return reply
        .header("content-type", logo.contentType)
        .header("cache-control", "private, max-age=60")
        .header("x-content-type-options", "nosniff")
        .send(logo.bytes);
    },
  );

  app.put(
    "/:id/logo",
    {
      onRequest: [requireSession, creatorOnly(service)],
      bodyLimit: 1536 * 1024,
      schema: {
        tags,
        security,
        summary: "Upload the custom token logo: a PNG, JPEG or WebP data URL of at most 1 MB",
        params: airdropIdParamsSchema,
        body: logoBodySchema,
        response: responses(done),
      },
    },
    async (request) => {
      await service.setLogo(request.params.id, viewerOf(request), request.body.image);
      return ok({ done: true as const });
    },
  );

  app.delete(
    "/:id/logo",
    {
      schema: {
        tags,
        security,
        summary: "Remove the custom token logo",
        params: airdropIdParamsSchema,
        response: responses(done),
      },
    },
    async (request) => {
      await service.removeLogo(request.params.id, viewerOf(request));
      return ok({ done: true as const });
    },
  );
}

/** Freezing the reward, reporting chain transactions, and the release. */
function campaignRoutes(app: App, service: AirdropService) {
  app.post(
    "/:id/prepare",
    {
      schema: {
        tags,
        security,
        summary:
          "Freeze the reward for funding: amounts, the Merkle root of a wallet list, the deposit needed and the createCampaign parameters",
        params: airdropIdParamsSchema,
        response: responses(airdropDetailSchema),
      },
    },
    async (request) => ok(await service.prepare(request.params.id, viewerOf(request))),
  );

  app.post(
    "/:id/transactions",
    {
      schema: {
        tags,
        security,
        summary:
          "Report a mined distributor transaction (campaign, deposit, claim, refund); its events are read from the receipt and counted once",
        params: airdropIdParamsSchema,
        body: airdropTransactionBodySchema,
        response: responses(airdropDetailSchema),
      },
    },
    async (request) =>
      ok(await service.reportTransaction(request.params.id, viewerOf(request), request.body.txHash)),
  );

  app.post(
    "/:id/release",
    {
      schema: {
        tags,
        security,
        summary: "Release the airdrop (the wizard's finish): needs the reward prepared and fully deposited",
        params: airdropIdParamsSchema,
        response: responses(airdropDetailSchema),
      },
    },
    async (request) => ok(await service.release(request.params.id, viewerOf(request))),
  );
}

/** Claims, the Discord-role grant, and the public claims list. */
function claimRoutes(app: App, service: AirdropService) {
  app.get(
    "/:id/claim",
    {
      schema: {
        tags,
        security,
        summary:
          "A participant's claim: the Merkle proof of a wallet list, or a voucher for the signed-in wallet of an X participant",
        params: airdropIdParamsSchema,
        querystring: airdropClaimQuerySchema,
        response: responses(airdropClaimSchema),
      },
    },
    async (request) => ok(await service.claim(request.params.id, viewerOf(request), request.query.account)),
  );

  app.post(
    "/:id/discord-role",
    {
      schema: {
        tags,
        security,
        summary:
          "Claim a Discord-role reward: a listed participant with a bound Discord account in the server gets the role from our bot",
        params: airdropIdParamsSchema,
        response: responses(airdropClaimSchema),
      },
    },
    async (request) => ok(await service.claimDiscordRole(request.params.id, viewerOf(request))),
  );

  app.get(
    "/:id/claims-list",
    {
      schema: {
        tags,
        summary:
          "The claims list of a wallet list for audit: 'index,account,amount' per line (base units); `dropfair airdrop-root <file>` recomputes the Merkle root",
        params: airdropIdParamsSchema,
        response: {
          200: z.unknown().describe("text/csv"),
          "4xx": envelopeSchema(z.null()),
        },
      },
    },
    async (request, reply) => {
      const list = await service.claimsList(request.params.id, viewerOf(request));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${list.filename}"`)
        .send(list.body);
    },
  );
}
