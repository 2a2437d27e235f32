import { type PlatformConfig, platformConfigSchema } from "@dropfair/schemas/platform";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, responses } from "../../platform/envelope.ts";

export type HealthProbe = { ready(): Promise<{ ready: boolean; checks: Record<string, string> }> };

export function healthRoutes(probe: HealthProbe): FastifyPluginAsyncZod {
  return async (app) => {
    const healthSchema = z.object({ status: z.string() });
    app.get(
      "/healthz",
      {
        config: { rateLimit: false },
        schema: { tags: ["operations"], summary: "Liveness", response: { 200: healthSchema } },
      },
      async () => ({ status: "ok" }),
    );
    app.get(
      "/readyz",
      {
        config: { rateLimit: false },
        schema: {
          tags: ["operations"],
          summary: "Readiness: database reachable and not shutting down",
          response: {
            200: z.object({ status: z.string(), checks: z.record(z.string(), z.string()) }),
            503: z.object({ status: z.string(), checks: z.record(z.string(), z.string()) }),
          },
        },
      },
      async (_request, reply) => {
        const { ready, checks } = await probe.ready();
        return reply.status(ready ? 200 : 503).send({ status: ready ? "ready" : "unavailable", checks });
      },
    );
  };
}

export function platformConfigRoutes(config: PlatformConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/platform/config",
      {
        schema: {
          tags: ["platform"],
          summary: "Public settings the web app needs: project, networks, links, sandbox mode",
          response: responses(platformConfigSchema),
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "public, max-age=60");
        return ok(config);
      },
    );
  };
}
