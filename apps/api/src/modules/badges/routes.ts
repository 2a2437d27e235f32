// Under /api/bounty/badges: a user's achievements, badges and programmes, the drops, mint vouchers and mint
// reports, token metadata and images, and the administrators' editing (audited).

import type { Db } from "@dropfair/db";
import {
  achievementsQuerySchema,
  achievementsSchema,
  artworkParamsSchema,
  badgeCreateBodySchema,
  badgeDetailSchema,
  badgeIdParamsSchema,
  badgeImageBodySchema,
  badgeListBodySchema,
  badgeUpdateBodySchema,
  dropSchema,
  imageIdParamsSchema,
  metadataParamsSchema,
  mintReportBodySchema,
  mintVoucherSchema,
  programmeCodeParamsSchema,
  programmeCreateBodySchema,
  programmeSchema,
  programmeUpdateBodySchema,
  recordedMintSchema,
  voucherBatchBodySchema,
} from "@dropfair/schemas/badges";
import { envelopeSchema } from "@dropfair/schemas/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { idempotent, walletScope } from "../../platform/idempotency.ts";
import type { AdminAccess } from "../admin/index.ts";
import { badgeErrors } from "./errors.ts";
import type { BadgesService } from "./service.ts";

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ["badges"];
const security = [{ bearer: [] }];
const loginRequired = async (request: { session: unknown }) => {
  if (!request.session) throw badgeErrors.loginRequired();
};

export function badgeRoutes(service: BadgesService, admin: AdminAccess, db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    registerReadRoutes(app, service);
    registerMintRoutes(app, service, db);
    registerFileRoutes(app, service);
    registerAdminRoutes(app, service, admin);
  };
}

function registerReadRoutes(app: App, service: BadgesService) {
  app.get(
    "/achievements",
    {
      schema: {
        tags,
        summary: "The caller's level, EP and badges (all, or one programme's) with each badge's mint state",
        querystring: achievementsQuerySchema,
        response: responses(achievementsSchema),
      },
    },
    async (request) => ok(await service.achievements(request.session, request.query.programme)),
  );

  app.get(
    "/programmes",
    {
      schema: { tags, summary: "The achievement programmes", response: responses(z.array(programmeSchema)) },
    },
    async () => ok(await service.programmes()),
  );

  app.get(
    "/badges/:badgeId",
    {
      schema: {
        tags,
        summary: "One badge: its rule, holders, and the caller's progress and mint state",
        params: badgeIdParamsSchema,
        response: responses(badgeDetailSchema),
      },
    },
    async (request) => ok(await service.badge(request.session, request.params.badgeId)),
  );

  app.get(
    "/drops",
    {
      schema: {
        tags,
        summary: "Badges open for minting now, the soonest to close first",
        response: responses(z.array(dropSchema)),
      },
    },
    async () => ok(await service.drops()),
  );
}

function registerMintRoutes(app: App, service: BadgesService, db: Db) {
  app.post(
    "/badges/:badgeId/voucher",
    {
      onRequest: loginRequired,
      schema: {
        tags,
        security,
        summary:
          "The signed voucher that lets the signed-in wallet mint this badge for the current period. " +
          "Idempotency-Key supported",
        params: badgeIdParamsSchema,
        response: responses(mintVoucherSchema),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.voucher(sessionOf(request), request.params.badgeId),
        ),
      ),
  );

  app.post(
    "/vouchers",
    {
      onRequest: loginRequired,
      schema: {
        tags,
        security,
        summary:
          "Mint all: a voucher for every badge the signed-in wallet may mint now (of a programme, a chain). " +
          "Idempotency-Key supported",
        body: voucherBatchBodySchema,
        response: responses(z.array(mintVoucherSchema)),
      },
    },
    async (request, reply) => {
      const { programme, chainId } = request.body ?? {};
      return ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.vouchers(sessionOf(request), { programme, chainId }),
        ),
      );
    },
  );

  app.post(
    "/mints",
    {
      onRequest: loginRequired,
      schema: {
        tags,
        security,
        summary:
          "Report a mint transaction: its BadgeMinted events are read from the receipt and recorded; the answer " +
          "is the signed-in wallet's mints in it. Idempotency-Key supported",
        body: mintReportBodySchema,
        response: responses(z.array(recordedMintSchema)),
      },
    },
    async (request, reply) =>
      ok(
        await idempotent(db, request, reply, walletScope(request), () =>
          service.reportMint(sessionOf(request), request.body),
        ),
      ),
  );
}

/** What wallets and pages load directly: token metadata (plain JSON, as ERC-721 readers expect) and images. */
function registerFileRoutes(app: App, service: BadgesService) {
  const errorEnvelope = envelopeSchema(z.null());
  app.get(
    "/metadata/:chainId/:tokenId",
    {
      schema: {
        tags,
        summary:
          "A badge token's ERC-721 metadata (tokenURI): plain JSON with name, description, image, attributes",
        params: metadataParamsSchema,
        response: {
          200: z.object({
            name: z.string(),
            description: z.string(),
            image: z.string(),
            attributes: z.array(
              z.object({
                trait_type: z.string(),
                value: z.union([z.string(), z.number()]),
                display_type: z.string().optional(),
              }),
            ),
          }),
          "4xx": errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const metadata = await service.metadata(request.params.chainId, request.params.tokenId);
      reply.header("cache-control", "public, max-age=300");
      return metadata;
    },
  );

  app.get(
    "/artwork/:name",
    {
      schema: {
        tags,
        summary: "Dropfair's own badge artwork (SVG)",
        params: artworkParamsSchema,
        response: { 200: z.unknown().describe("image/svg+xml"), "4xx": errorEnvelope },
      },
    },
    async (request, reply) =>
      reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .send(service.artwork(request.params.name)),
  );

  app.get(
    "/images/:imageId",
    {
      schema: {
        tags,
        summary: "An uploaded badge image, served with its own content type",
        params: imageIdParamsSchema,
        response: {
          200: z.unknown().describe("image/png, image/jpeg, image/webp or image/svg+xml (sanitised)"),
          "4xx": errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const image = await service.image(request.params.imageId);
      // Opened on its own, an SVG is a document: nothing in it may run, load or be framed elsewhere.
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", "public, max-age=86400, immutable")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(image.bytes);
    },
  );
}

/** Administrators create and edit programmes and badges, keep list badges' wallets and upload images (audited). */
function registerAdminRoutes(app: App, service: BadgesService, admin: AdminAccess) {
  const adminRoute = { onRequest: admin.requireAdmin };
  app.post(
    "/programmes",
    {
      ...adminRoute,
      schema: {
        tags,
        security,
        summary: "Create an achievement programme (administrators; audited)",
        body: programmeCreateBodySchema,
        response: responses(programmeSchema),
      },
    },
    async (request) => ok(await service.createProgramme(sessionOf(request), request.body)),
  );

  app.patch(
    "/programmes/:code",
    {
      ...adminRoute,
      schema: {
        tags,
        security,
        summary: "Edit a programme's title or description, or move its season on (administrators; audited)",
        params: programmeCodeParamsSchema,
        body: programmeUpdateBodySchema,
        response: responses(programmeSchema),
      },
    },
    async (request) => ok(await service.editProgramme(sessionOf(request), request.params.code, request.body)),
  );

  app.post(
    "/programmes/:code/badges",
    {
      ...adminRoute,
      schema: {
        tags,
        security,
        summary: "Add a badge to a programme: rule, period, kind, chain, image (administrators; audited)",
        params: programmeCodeParamsSchema,
        body: badgeCreateBodySchema,
        response: responses(badgeDetailSchema),
      },
    },
    async (request) => ok(await service.createBadge(sessionOf(request), request.params.code, request.body)),
  );

  app.patch(
    "/badges/:badgeId",
    {
      ...adminRoute,
      schema: {
        tags,
        security,
        summary: "Edit a badge's name, description, image, rule or mint window (administrators; audited)",
        params: badgeIdParamsSchema,
        body: badgeUpdateBodySchema,
        response: responses(badgeDetailSchema),
      },
    },
    async (request) => ok(await service.editBadge(sessionOf(request), request.params.badgeId, request.body)),
  );

  app.put(
    "/badges/:badgeId/list",
    {
      ...adminRoute,
      schema: {
        tags,
        security,
        summary: "Replace the wallets a list badge admits (administrators; audited)",
        params: badgeIdParamsSchema,
        body: badgeListBodySchema,
        response: responses(badgeDetailSchema),
      },
    },
    async (request) =>
      ok(await service.setList(sessionOf(request), request.params.badgeId, request.body.addresses)),
  );

  app.put(
    "/badges/:badgeId/image",
    {
      ...adminRoute,
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary:
          "Upload a badge image: a PNG, JPEG, WebP or SVG (sanitised) data URL up to 1 MB (administrators; audited)",
        params: badgeIdParamsSchema,
        body: badgeImageBodySchema,
        response: responses(badgeDetailSchema),
      },
    },
    async (request) =>
      ok(await service.setImage(sessionOf(request), request.params.badgeId, request.body.image)),
  );
}
