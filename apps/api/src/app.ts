import { existsSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseHandle } from "@dropfair/db";
import type { XSandboxState } from "@dropfair/sandbox/x";
import { typeCodes } from "@dropfair/schemas/envelope";
import type { PlatformConfig } from "@dropfair/schemas/platform";
import type { XClient } from "@dropfair/social/x";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { PublicClient } from "viem";
import {
  type AirdropService,
  airdropRoutes,
  createAirdropService,
  createVoucherSigner,
  type ParticipantImportQueue,
} from "./modules/airdrop/index.ts";
import { authRoutes, createAuthService } from "./modules/auth/index.ts";
import {
  createPickerPayments,
  createPickerService,
  type PickerJobs,
  type PickerPayments,
  pickerRoutes,
} from "./modules/picker/index.ts";
import { healthRoutes, platformConfigRoutes } from "./modules/platform/index.ts";
import { sandboxRpcProxy } from "./modules/sandbox/index.ts";
import { createSocialLinksService, socialLinkRoutes } from "./modules/social-links/index.ts";
import {
  createXAuthService,
  type XAuthService,
  xAuthRoutePrefix,
  xAuthRoutes,
} from "./modules/x-auth/index.ts";
import { installAuthentication } from "./platform/auth.ts";
import type { AppConfig } from "./platform/config.ts";
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from "./platform/error-handler.ts";
import { languageFromHeader, translate } from "./platform/i18n.ts";
import { installMetrics } from "./platform/metrics.ts";
import { isApiRequest, routeOf } from "./platform/routing.ts";
import { installSecurityHeaders } from "./platform/security-headers.ts";
import { serializerCompiler } from "./platform/serializer.ts";
import { installDiscord, installTelegram, type SocialOverrides } from "./platform/social.ts";
import { installX, type XIntegrationOverrides } from "./platform/x.ts";

export type AppDependencies = {
  config: AppConfig;
  database: DatabaseHandle;
  platform: PlatformConfig;
  chainClient: (chainId: number) => PublicClient | undefined;
  /** Extra readiness checks (the job queue, for instance). */
  readiness?: () => Promise<Record<string, string>>;
  now?: () => Date;
  /**
   * The app-only X client, the sandbox to mount in sandbox mode and tuning of the built client; all optional:
   * by default the client is built from `config.x` (see platform/x.ts).
   */
  x?: XIntegrationOverrides;
  /** Sandbox mode: the Discord and Telegram sandboxes to mount (default: fresh ones). */
  social?: SocialOverrides;
  /** Where the picker hands long work (pg-boss in the server; tests pass their own queue). */
  pickerJobs?: PickerJobs;
  /** Where long airdrop participant lists are imported (pg-boss in the server; tests pass their own queue). */
  airdropImports?: ParticipantImportQueue;
  /** Participant lists up to this many lines are stored within the upload (default 20,000). */
  airdropInlineListMaxLines?: number;
  /** On-chain payment checks; by default read through `chainClient`. */
  pickerPayments?: PickerPayments;
};

const missingJobQueue: PickerJobs = {
  pipeline: async () => {
    throw new Error("no job queue: pass pickerJobs to buildApp");
  },
  draw: async () => {
    throw new Error("no job queue: pass pickerJobs to buildApp");
  },
};

export type App = FastifyInstance & {
  startDraining(): void;
  /** The app-only X client (bearer token) modules read X with; `x.withToken(userToken)` acts for a user. */
  x: XClient;
  /** The X sandbox mounted at /sandbox/x in sandbox mode (world, faults, OAuth store), else undefined. */
  xSandbox: XSandboxState | undefined;
  /** Sign in with X: sessions, and `freshAccessToken(request.xSession)` for user-context X calls. */
  xAuth: XAuthService;
  /** Airdrops: the service the routes use (the event indexer job runs `indexChain`). */
  airdrop: AirdropService;
};

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(dependencies: AppDependencies): Promise<App> {
  const { config, database, platform } = dependencies;
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
  if (config.metricsEnabled) installMetrics(app, config.metricsToken);

  installSecurityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: "1 minute",
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

  // Before OpenAPI is registered, so the sandbox's routes stay out of our API documentation.
  const x = await installX(app, config, dependencies.x);
  const discord = await installDiscord(app, config, dependencies.social);
  const telegram = await installTelegram(app, config, dependencies.social);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Dropfair API",
        version: "0.1.0",
        description:
          "Registration API (/api/reg) and bounty API (/api/bounty). Every answer is the envelope {content, typeCode, message}: typeCode 1 success, 10 not found, other codes are errors.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          xToken: {
            type: "apiKey",
            in: "header",
            name: "X-Twitter-Token",
            description: "The xs_… token of Sign in with X; the bounty API also accepts it as the bearer.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  const supportedChainIds = new Set(platform.chains.map((chain) => chain.id));
  const auth = createAuthService({
    db: database.db,
    project: config.project,
    allowedOrigins: config.appOrigins,
    supportedChainIds,
    defaultChainId: supportedChainIds.has(platform.defaultChainId)
      ? platform.defaultChainId
      : (platform.chains[0]?.id ?? platform.defaultChainId),
    messageTtlSeconds: config.signInMessageTtlSeconds,
    sessionTtlSeconds: config.sessionTtlSeconds,
    contractWalletTimeoutMs: config.contractWalletTimeoutMs,
    statement: translate("en", "siwe.statement", { project: config.project }),
    chainClient: dependencies.chainClient,
    now: dependencies.now,
  });
  const xAuth = createXAuthService({
    db: database.db,
    project: config.project,
    x,
    sessionTtlSeconds: config.x.sessionTtlSeconds,
    now: dependencies.now,
    logger: app.log,
  });
  installAuthentication(app, auth, xAuth);

  await app.register(
    healthRoutes({
      ready: async () => {
        const checks: Record<string, string> = {};
        try {
          await database.ping();
          checks.database = "ok";
        } catch {
          checks.database = "unreachable";
        }
        Object.assign(checks, (await dependencies.readiness?.()) ?? {});
        if (draining) checks.server = "draining";
        return { ready: !draining && Object.values(checks).every((value) => value === "ok"), checks };
      },
    }),
  );
  const socialLinks = createSocialLinksService({
    db: database.db,
    discord,
    telegram,
    now: dependencies.now ?? (() => new Date()),
  });
  await app.register(authRoutes(auth, config.signInRateLimitPerMinute, socialLinks.linksOf), {
    prefix: "/api/reg",
  });
  await app.register(
    socialLinkRoutes(socialLinks, {
      appOrigins: config.appOrigins,
      signInRateLimit: config.signInRateLimitPerMinute,
    }),
    { prefix: "/api/reg/socialmedia" },
  );
  await app.register(
    xAuthRoutes(xAuth, {
      project: config.project,
      appOrigins: config.appOrigins,
      signInRateLimit: config.signInRateLimitPerMinute,
    }),
    { prefix: `/api/reg${xAuthRoutePrefix}` },
  );
  await app.register(platformConfigRoutes(platform), { prefix: "/api/bounty" });
  const picker = createPickerService({
    db: database.db,
    x: x.client,
    jobs: dependencies.pickerJobs ?? missingJobQueue,
    payments: dependencies.pickerPayments ?? createPickerPayments(dependencies.chainClient),
    chainClient: dependencies.chainClient,
    config: config.picker,
    now: dependencies.now ?? (() => new Date()),
  });
  await app.register(pickerRoutes(picker, database.db), { prefix: "/api/bounty/picker" });
  const airdrop = createAirdropService({
    db: database.db,
    x: x.client,
    chainClient: dependencies.chainClient,
    distributors: config.airdrop.distributors,
    signer: config.airdrop.signerKey ? createVoucherSigner(config.airdrop.signerKey) : null,
    voucherTtlSeconds: config.airdrop.voucherTtlSeconds,
    discord: discord?.client,
    telegram: telegram?.client,
    linksOf: socialLinks.linksOf,
    imports: dependencies.airdropImports,
    inlineListMaxLines: dependencies.airdropInlineListMaxLines,
    now: dependencies.now ?? (() => new Date()),
  });
  await app.register(airdropRoutes(airdrop, database.db), { prefix: "/api/bounty/airdrop" });
  if (config.sandboxRpcUrl)
    await app.register(sandboxRpcProxy(config.sandboxRpcUrl), { prefix: "/api/sandbox" });

  const webDist = config.webDistDir;
  if (webDist && existsSync(join(webDist, "index.html"))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        reply.header(
          "cache-control",
          path.includes(`${join(webDist, "assets")}`)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=300",
        );
      },
    });
    // History fallback: any GET outside the API that matches no file is a client-side route.
    app.addHook("onRequest", async (request, reply) => {
      if (request.method !== "GET" && request.method !== "HEAD") return;
      const path = request.url.split("?")[0] ?? "/";
      if (
        isApiRequest(request) ||
        routeOf(request).startsWith("/sandbox/") ||
        ["/healthz", "/readyz", "/metrics"].includes(path)
      )
        return;
      // A missing fingerprinted asset is a real 404, not the app shell.
      if (path.startsWith("/assets/") || app.hasRoute({ method: "GET", url: path })) return;
      reply.header("cache-control", "no-cache");
      return reply.sendFile("index.html");
    });
  }

  return Object.assign(app, {
    startDraining() {
      draining = true;
    },
    x: x.client,
    xSandbox: x.sandbox,
    xAuth,
    airdrop,
  }) as unknown as App;
}
