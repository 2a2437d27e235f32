import { envelopeSchema } from "@dropfair/schemas/envelope";
import {
  createReportBodySchema,
  feedbackReportSchema,
  reportIdParamsSchema,
  reportListQuerySchema,
  reportListSchema,
  reportReceivedSchema,
  subscribeBodySchema,
  subscribedSchema,
  subscriptionStateSchema,
  unsubscribeQuerySchema,
  updateReportBodySchema,
} from "@dropfair/schemas/feedback";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { languageFromHeader } from "../../platform/i18n.ts";
import type { AdminAccess } from "../admin/index.ts";
import * as newsletter from "./newsletter.ts";
import type { FeedbackDependencies } from "./reports.ts";
import * as reports from "./reports.ts";

type App = Parameters<FastifyPluginAsyncZod>[0];

export type FeedbackRouteOptions = {
  admin: AdminAccess;
  /** Report submissions, subscriptions and unsubscribe calls each allowed per client IP and hour. */
  rateLimitPerHour: number;
};

const tags = ["feedback"];
const security = [{ bearer: [] }];
/** A 1 MB screenshot as a data URL is about 1.4 MB, plus the report's text. */
const reportBodyLimit = 1536 * 1024;

/**
 * Under /api/bounty/feedback: the report forms and the newsletter for everyone (rate-limited per IP, with a
 * honeypot field), report triage and the subscription export for administrators.
 */
export function feedbackRoutes(
  dependencies: FeedbackDependencies,
  options: FeedbackRouteOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = { max: options.rateLimitPerHour, timeWindow: "1 hour" };
    publicReportRoutes(app, dependencies, rateLimit);
    adminReportRoutes(app, dependencies, options.admin);
    newsletterRoutes(app, dependencies, rateLimit);
    app.get(
      "/subscriptions/export.csv",
      {
        onRequest: options.admin.requireAdmin,
        schema: {
          tags,
          security,
          summary:
            "The active subscriptions as CSV: email, locale, consented_at, unsubscribe_url (administrators only; recorded in the audit trail)",
          response: {
            200: z.unknown().describe("text/csv"),
            "4xx": envelopeSchema(z.null()),
            "5xx": envelopeSchema(z.null()),
          },
        },
      },
      async (request, reply) => {
        const file = await newsletter.exportSubscriptions(dependencies, sessionOf(request).userId);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${file.filename}"`)
          .header("cache-control", "no-store")
          .send(file.body);
      },
    );
  };
}

function publicReportRoutes(
  app: App,
  dependencies: FeedbackDependencies,
  rateLimit: { max: number; timeWindow: string },
) {
  app.post(
    "/reports",
    {
      config: { rateLimit },
      bodyLimit: reportBodyLimit,
      schema: {
        tags,
        summary:
          "Send a bug report or feature request (anyone; a signed-in wallet is remembered). The screenshot is an optional PNG, JPEG or WebP data URL of at most 1 MB, its bytes checked against its type",
        body: createReportBodySchema,
        response: responses(reportReceivedSchema),
      },
    },
    async (request) =>
      ok(
        await reports.submitReport(dependencies, request.body, {
          userId: request.session?.userId ?? null,
          language: languageFromHeader(request.headers["accept-language"]),
        }),
      ),
  );
}

function adminReportRoutes(app: App, dependencies: FeedbackDependencies, admin: AdminAccess) {
  app.get(
    "/reports",
    {
      onRequest: admin.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Reports, newest first, filtered by status and kind (administrators only)",
        querystring: reportListQuerySchema,
        response: responses(reportListSchema),
      },
    },
    async (request) => ok(await reports.listReports(dependencies, request.query)),
  );

  app.patch(
    "/reports/:id",
    {
      onRequest: admin.requireAdmin,
      schema: {
        tags,
        security,
        summary:
          "Set a report's status: new, triaged or done (administrators only; recorded in the audit trail)",
        params: reportIdParamsSchema,
        body: updateReportBodySchema,
        response: responses(feedbackReportSchema),
      },
    },
    async (request) =>
      ok(
        await reports.setReportStatus(
          dependencies,
          request.params.id,
          request.body.status,
          sessionOf(request).userId,
        ),
      ),
  );

  app.get(
    "/reports/:id/screenshot",
    {
      onRequest: admin.requireAdmin,
      schema: {
        tags,
        security,
        summary: "A report's screenshot, served with its own image type (administrators only)",
        params: reportIdParamsSchema,
        response: {
          200: z.unknown().describe("image/png, image/jpeg or image/webp"),
          "4xx": envelopeSchema(z.null()),
        },
      },
    },
    async (request, reply) => {
      const image = await reports.reportScreenshot(dependencies, request.params.id);
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", "inline")
        .send(image.bytes);
    },
  );
}

function newsletterRoutes(
  app: App,
  dependencies: FeedbackDependencies,
  rateLimit: { max: number; timeWindow: string },
) {
  app.post(
    "/subscriptions",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          "Subscribe an e-mail address to the newsletter (stored once per address, with the consent time and language); the same answer whether it was new or not",
        body: subscribeBodySchema,
        response: responses(subscribedSchema),
      },
    },
    async (request) =>
      ok(
        await newsletter.subscribe(dependencies, {
          email: request.body.email,
          locale: request.body.locale ?? languageFromHeader(request.headers["accept-language"]),
          website: request.body.website,
        }),
      ),
  );

  app.get(
    "/subscriptions/unsubscribe",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "The subscription an unsubscribe link names (address masked); changes nothing",
        querystring: unsubscribeQuerySchema,
        response: responses(subscriptionStateSchema),
      },
    },
    async (request) => ok(await newsletter.subscriptionState(dependencies, request.query.token)),
  );

  app.post(
    "/subscriptions/unsubscribe",
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Unsubscribe the address an unsubscribe link names (its HMAC-signed token)",
        querystring: unsubscribeQuerySchema,
        response: responses(subscriptionStateSchema),
      },
    },
    async (request) => ok(await newsletter.unsubscribe(dependencies, request.query.token)),
  );
}
