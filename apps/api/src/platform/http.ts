// The Fastify instance every process serves: logging, request ids, draining, the envelope error handler,
// metrics, security headers, cookies and rate limits. Modules are registered on it by app.ts.

import type { DatabaseHandle } from "@dropfair/db";
import { typeCodes } from "@dropfair/schemas/envelope";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.ts";
import { installControlCharacterCheck } from "./control-characters.ts";
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from "./error-handler.ts";
import { languageFromHeader, translate } from "./i18n.ts";
import { installMetrics } from "./metrics.ts";
import { createProcessReads, installPublicCache } from "./public-cache.ts";
import { clientRateLimitKey, openSharedCounters } from "./rate-limits.ts";
import { isApiRequest, routeOf } from "./routing.ts";
import { installSecurityHeaders } from "./security-headers.ts";
import { serializerCompiler } from "./serializer.ts";

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** Draining: once SIGTERM starts the stop, new requests get 503 while those in flight finish. */
export type Drain = { start(): void; readonly active: boolean };

export async function createHttpApp(config: AppConfig, database: Pick<DatabaseHandle, "kind" | "db">) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'req.headers["x-twitter-token"]'],
    },
    // A caller's X-Request-Id is kept only when it is short and plain; anything else gets an id of ours, so
    // logs and answers never echo arbitrary text.
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && requestIdPattern.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let draining = false;
  const drain: Drain = {
    start() {
      draining = true;
    },
    get active() {
      return draining;
    },
  };
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (draining && routeOf(request) !== "/healthz") {
      reply.header("connection", "close");
      const language = languageFromHeader(request.headers["accept-language"]);
      return reply.status(503).send({
        content: null,
        typeCode: typeCodes.serviceUnavailable,
        message: translate(language, "errors.serviceUnavailable"),
      });
    }
  });

  installErrorHandler(app, config.supportHandle);
  installControlCharacterCheck(app);
  if (config.metricsEnabled) installMetrics(app, config.metricsToken);

  installSecurityHeaders(app);
  await app.register(fastifyCookie);
  // Counted where every replica sees the same numbers (the database, or Redis): see platform/rate-limits.ts.
  const counters = openSharedCounters(config.rateLimitStore, database, app.log);
  app.addHook("onClose", () => counters.close());
  await app.register(fastifyRateLimit, {
    ...counters.pluginOptions,
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: "1 minute",
    keyGenerator: clientRateLimitKey,
    // A counter store that does not answer (Redis down) lets requests through rather than failing them all:
    // its errors are logged where it is opened, and a limit that guards against guessing counts itself and
    // answers 503 then (platform/rate-limits.ts).
    skipOnError: true,
    // Only the API is limited: the web app's HTML and fingerprinted assets are static and cacheable, and the
    // mounted X sandbox applies X's own limits.
    allowList: (request) => !isApiRequest(request),
    // Limit headers go out with the 429 only: every other answer stays lean.
    addHeadersOnExceeding: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
    },
  });
  // After the rate limiter: an answer from the micro-cache is still counted and limited.
  const reads = createProcessReads({ lifetimeMs: config.publicCacheMs });
  installPublicCache(app, reads);
  return { app, drain, counters, reads };
}

export type HttpApp = Awaited<ReturnType<typeof createHttpApp>>["app"];
