import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import { isLoopbackAddress } from "./network.ts";

function digest(text: string) {
  return createHash("sha256").update(text).digest();
}

/**
 * Metrics tell how the service is used, so they are not public: a caller on this machine (by its client address,
 * which honours X-Forwarded-For only from trusted proxies) or one presenting `METRICS_TOKEN` as its bearer.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  if (token && bearer) return timingSafeEqual(digest(bearer), digest(token));
  return isLoopbackAddress(request.ip);
}

export function installMetrics(app: FastifyInstance, token?: string) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const total = new Counter({
    name: "http_requests_total",
    help: "HTTP requests by route and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status: String(reply.statusCode),
    };
    duration.observe(labels, reply.elapsedTime / 1000);
    total.inc(labels);
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) {
      reply.status(401).header("www-authenticate", "Bearer").header("content-type", "text/plain");
      return "metrics need a loopback caller or the METRICS_TOKEN bearer\n";
    }
    reply.header("content-type", registry.contentType);
    return registry.metrics();
  });
  return registry;
}
