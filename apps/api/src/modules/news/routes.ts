import {
  adminNewsListQuerySchema,
  createNewsEntryBodySchema,
  dropCategoriesSchema,
  dropItemSchema,
  dropListSchema,
  dropsQuerySchema,
  newsEntryIdParamsSchema,
  newsEntryListSchema,
  newsEntrySchema,
  newsFeatureBodySchema,
  updateNewsEntryBodySchema,
} from "@dropfair/schemas/news";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionOf } from "../../platform/auth.ts";
import { ok, responses } from "../../platform/envelope.ts";
import { languageFromHeader, translate } from "../../platform/i18n.ts";
import type { AdminAccess } from "../admin/index.ts";
import { renderAtomFeed, renderRssFeed } from "./feed.ts";
import type { NewsService } from "./service.ts";

export type NewsRouteOptions = {
  admin: AdminAccess;
  /** Drops list requests per client IP and minute. */
  searchRateLimitPerMinute: number;
  /** The public origin the feed's links point at. */
  origin: string;
  project: string;
};

type App = Parameters<FastifyPluginAsyncZod>[0];

const feedQuerySchema = z.object({ lang: z.enum(["en", "cn"]).optional() }).strict();

function actorOf(request: FastifyRequest) {
  return { userId: sessionOf(request).userId };
}

/** What visitors read: the drops list, one entry, the categories and the RSS and Atom feeds. */
function publicRoutes(app: App, service: NewsService, options: NewsRouteOptions) {
  const tags = ["news"];
  app.get(
    "/drops",
    {
      config: { rateLimit: { max: options.searchRateLimitPerMinute, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary:
          "The drops list: published news entries and Dropfair's own released airdrops (onDropfair), filtered by category, status (0 not started, 1 running, 2 ended), the last 1/7/30 days and a keyword, paged",
        querystring: dropsQuerySchema,
        response: responses(dropListSchema),
      },
    },
    async (request) => ok(await service.listDrops(request.query)),
  );

  app.get(
    "/categories",
    { schema: { tags, summary: "The configured categories", response: responses(dropCategoriesSchema) } },
    async () => ok({ categories: service.categories() }),
  );

  app.get(
    "/entries/:id",
    {
      schema: {
        tags,
        summary: "One published news entry",
        params: newsEntryIdParamsSchema,
        response: responses(dropItemSchema),
      },
    },
    async (request) => ok(await service.entry(request.params.id)),
  );

  const channelOf = (
    request: { query: z.infer<typeof feedQuerySchema>; headers: FastifyRequest["headers"] },
    path: string,
  ) => {
    const language = request.query.lang ?? languageFromHeader(request.headers["accept-language"]);
    const prefix = language === "cn" ? "/cn" : "";
    return {
      title: translate(language, "news.feed.title", { project: options.project }),
      description: translate(language, "news.feed.description", { project: options.project }),
      siteUrl: `${options.origin}${prefix}/drops`,
      selfUrl: `${options.origin}/api/bounty/news/${path}${request.query.lang ? `?lang=${language}` : ""}`,
      language: language === "cn" ? ("zh-cn" as const) : ("en" as const),
      sampleLabel: translate(language, "news.feed.sample"),
      tagAuthority: new URL(options.origin).hostname,
    };
  };

  app.get(
    "/feed.xml",
    {
      schema: {
        tags,
        summary: "RSS 2.0 feed of the latest published news entries (lang=cn for Chinese channel texts)",
        querystring: feedQuerySchema,
        response: { 200: z.string().describe("application/rss+xml"), "4xx": responses(z.null())["4xx"] },
      },
    },
    async (request, reply) => {
      const { at, rows } = await service.feedEntries();
      return reply
        .type("application/rss+xml; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(renderRssFeed(rows, channelOf(request, "feed.xml"), at));
    },
  );

  app.get(
    "/feed.atom",
    {
      schema: {
        tags,
        summary: "The same entries as an Atom 1.0 feed (lang=cn for Chinese feed texts)",
        querystring: feedQuerySchema,
        response: { 200: z.string().describe("application/atom+xml"), "4xx": responses(z.null())["4xx"] },
      },
    },
    async (request, reply) => {
      const { at, rows } = await service.feedEntries();
      return reply
        .type("application/atom+xml; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(renderAtomFeed(rows, channelOf(request, "feed.atom"), at));
    },
  );
}

/** Curation: platform administrators only (401 anonymous, 403 any other wallet); every change is audited. */
function adminRoutes(app: App, service: NewsService, options: NewsRouteOptions) {
  const tags = ["news"];
  const security = [{ bearer: [] }];
  const onRequest = (request: FastifyRequest) => options.admin.requireAdmin(request).then(() => undefined);
  const entry = responses(newsEntrySchema);
  const params = newsEntryIdParamsSchema;

  app.get(
    "/admin/entries",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Every entry, published or not, newest first (administrators)",
        querystring: adminNewsListQuerySchema,
        response: responses(newsEntryListSchema),
      },
    },
    async (request) => ok(await service.admin.list(request.query)),
  );

  app.get(
    "/admin/entries/:id",
    { onRequest, schema: { tags, security, summary: "One entry (administrators)", params, response: entry } },
    async (request) => ok(await service.admin.get(request.params.id)),
  );

  app.post(
    "/admin/entries",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Create an entry, unpublished (administrators; audited as news.create)",
        body: createNewsEntryBodySchema,
        response: entry,
      },
    },
    async (request) => ok(await service.admin.create(actorOf(request), request.body)),
  );

  app.patch(
    "/admin/entries/:id",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Edit an entry (administrators; audited as news.edit)",
        params,
        body: updateNewsEntryBodySchema,
        response: entry,
      },
    },
    async (request) => ok(await service.admin.update(actorOf(request), request.params.id, request.body)),
  );

  for (const action of ["publish", "unpublish"] as const) {
    app.post(
      `/admin/entries/:id/${action}`,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: `${action === "publish" ? "Publish" : "Unpublish"} an entry (administrators; audited as news.${action})`,
          params,
          response: entry,
        },
      },
      async (request) => ok(await service.admin[action](actorOf(request), request.params.id)),
    );
  }

  app.put(
    "/admin/entries/:id/featured",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Feature or unfeature an entry (administrators; audited as news.feature / news.unfeature)",
        params,
        body: newsFeatureBodySchema,
        response: entry,
      },
    },
    async (request) =>
      ok(await service.admin.feature(actorOf(request), request.params.id, request.body.featured)),
  );
}

/** The news API under /api/bounty/news (OpenAPI tag "news"). */
export function newsRoutes(service: NewsService, options: NewsRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    publicRoutes(app, service, options);
    adminRoutes(app, service, options);
  };
}
