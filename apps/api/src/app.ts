import { confirmationsFor } from "@dropfair/chain/confirmations";
import type { DatabaseHandle } from "@dropfair/db";
import type { ExplorerSandboxState } from "@dropfair/sandbox/explorer";
import type { XSandboxState } from "@dropfair/sandbox/x";
import type { PlatformConfig } from "@dropfair/schemas/platform";
import type { DiscordClient } from "@dropfair/social/discord";
import type { TelegramBotClient } from "@dropfair/social/telegram";
import type { XClient } from "@dropfair/social/x";
import type { FastifyInstance } from "fastify";
import type { PublicClient } from "viem";
import {
  type AdminAccess,
  adminRoutes,
  createAdminAccess,
  recordAdminAction,
} from "./modules/admin/index.ts";
import {
  type AirdropService,
  airdropActivityOf,
  airdropRoutes,
  createAirdropService,
  createVoucherSigner,
  type ParticipantImportQueue,
} from "./modules/airdrop/index.ts";
import { authRoutes, createAuthService } from "./modules/auth/index.ts";
import {
  type BadgesService,
  badgeRoutes,
  createBadgesService,
  createBadgeVoucherSigner,
} from "./modules/badges/index.ts";
import { feedbackRoutes } from "./modules/feedback/index.ts";
import {
  allTipsMissionsDone,
  completedMissionCount,
  completedMissionIds,
  createMissionsService,
  findTipsCampaign,
  findWheelCampaign,
  liveMissionIds,
  type MissionsService,
  missionRoutes,
  seedSandboxMissions,
  tipsCampaignFor,
  wheelCampaignFor,
  wheelTicketCompletions,
} from "./modules/missions/index.ts";
import { createNewsService, newsRoutes } from "./modules/news/index.ts";
import {
  createPickerPayments,
  createPickerService,
  type PickerJobs,
  type PickerPayments,
  pickerRoutes,
} from "./modules/picker/index.ts";
import { healthRoutes, platformConfigRoutes } from "./modules/platform/index.ts";
import { createPointsService, pointsOf, pointsRoutes } from "./modules/points/index.ts";
import { createReferralService, type ReferralService, referralRoutes } from "./modules/referral/index.ts";
import { createExplorerLookups, safetyRoutes } from "./modules/safety/index.ts";
import { sandboxRpcProxy } from "./modules/sandbox/index.ts";
import {
  createSocialLinksService,
  linksOfUser,
  type SocialLinksService,
  socialLinkRoutes,
} from "./modules/social-links/index.ts";
import { createTipsService, type TipsService, tipsRoutes } from "./modules/tips/index.ts";
import {
  createSpinSigner,
  createWheelService,
  prizesWonBy,
  type WheelService,
  wheelRoutes,
} from "./modules/wheel/index.ts";
import {
  createXAuthService,
  type XAuthService,
  xAuthRoutePrefix,
  xAuthRoutes,
} from "./modules/x-auth/index.ts";
import { installAuthentication } from "./platform/auth.ts";
import type { AppConfig } from "./platform/config.ts";
import { installExplorer } from "./platform/explorer.ts";
import { createHttpApp, type Drain, type HttpApp } from "./platform/http.ts";
import { translate } from "./platform/i18n.ts";
import { installOpenApi } from "./platform/openapi.ts";
import type { ProcessReads } from "./platform/public-cache.ts";
import type { SharedCounters } from "./platform/rate-limits.ts";
import {
  type DiscordIntegration,
  installDiscord,
  installTelegram,
  type SocialOverrides,
  type TelegramIntegration,
} from "./platform/social.ts";
import { installWebApp } from "./platform/web-app.ts";
import { installX, type XIntegration, type XIntegrationOverrides } from "./platform/x.ts";

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
  /** Upstream requests an upload may wait for before its list goes to a background import (tests lower it). */
  airdropInlineRequestMax?: number;
  /** On-chain payment checks; by default read through `chainClient`. */
  pickerPayments?: PickerPayments;
  /** Sandbox mode: add the platform's achievement missions against the sandboxes' fixtures (`npm start`). */
  seedSandboxMissions?: boolean;
  /** Sandbox mode: the explorer sandbox to mount (default: a fresh one over the sandbox chain). */
  explorerSandbox?: ExplorerSandboxState;
  /** Asks the wheel's spin recorder to run soon (pg-boss in the server; without it the schedule runs it). */
  wheelJobs?: { recordSoon: (chainId: number) => Promise<void> };
  /** Asks the tips collection of a campaign to run soon (pg-boss in the server; without it the schedule runs it). */
  tipsJobs?: { refreshSoon: (campaignId: number) => Promise<void> };
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
  /** The Discord and Telegram bots modules use (undefined when off); the job workers check lists with them. */
  discord: DiscordClient | undefined;
  telegram: TelegramBotClient | undefined;
  /** The X sandbox mounted at /sandbox/x in sandbox mode (world, faults, OAuth store), else undefined. */
  xSandbox: XSandboxState | undefined;
  /** Sign in with X: sessions, and `freshAccessToken(request.xSession)` for user-context X calls. */
  xAuth: XAuthService;
  /** Airdrops: the service the routes use (the event indexer job runs `indexChain`). */
  airdrop: AirdropService;
  /** Missions: campaigns' missions, checks and completions. */
  missions: MissionsService;
  /** Referral: `onMissionCompleted(tx, completion)` is the missions module's reward trigger. */
  referral: ReferralService;
  /** Badges: achievements, vouchers, mints. */
  badges: BadgesService;
  /** The lucky wheel (the spin recorder job runs `recordChain`). */
  wheel: WheelService;
  /** Tips campaigns (the collection job and the leaderboard recomputation run through it). */
  tips: TipsService;
};

/** Everything a module may be built from: the request-independent parts of the app. */
type ModuleContext = {
  app: HttpApp;
  dependencies: AppDependencies;
  now: () => Date;
  /** Who the platform administrators are (`ADMIN_ADDRESSES`); curation routes take it as their guard. */
  admin: AdminAccess;
  /** The rate-limit counters every replica shares (the database, or Redis). */
  counters: SharedCounters;
  /** What this process keeps of its reads for a moment, emptied by its writes (platform/public-cache.ts). */
  reads: ProcessReads;
};

/** Wallet sign-in, Sign in with X, and the request hook that resolves both sessions. */
function buildAuthentication(
  { app, dependencies }: ModuleContext,
  x: XIntegration,
  referral: ReferralService,
) {
  const { config, database, platform } = dependencies;
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
    onFirstSignIn: referral.onFirstSignIn,
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
  return { auth, xAuth };
}

/** Referral codes, the parent bound at the first sign-in, results and referrers' rewards. */
function buildReferral({ app, dependencies, now, counters }: ModuleContext) {
  const { config, database } = dependencies;
  return createReferralService({
    db: database.db,
    rules: { rewardEp: config.referral.rewardEp, monthlyCapEp: config.referral.monthlyCapEp },
    levels: config.points,
    lookup: {
      missLimit: config.referral.lookupMissLimit,
      windowSeconds: config.referral.lookupMissWindowSeconds,
    },
    counters,
    linksOf: linksOfUser,
    completedMissionCount,
    now,
    logger: app.log,
  });
}

/** Liveness and readiness (the database, the job queue, draining) and the public platform settings. */
async function registerPlatformRoutes(context: ModuleContext, drain: Drain) {
  const { app, dependencies } = context;
  const { database } = dependencies;
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
        if (drain.active) checks.server = "draining";
        return { ready: !drain.active && Object.values(checks).every((value) => value === "ok"), checks };
      },
    }),
  );
  await app.register(platformConfigRoutes(dependencies.platform), { prefix: "/api/bounty" });
  await app.register(
    adminRoutes(context.admin, database.db, {
      xSpendingCap: dependencies.config.x.spendingCap,
      now: context.now,
    }),
    { prefix: "/api/bounty/admin" },
  );
}

/** The registration API: wallet sign-in, linked Discord and Telegram accounts, Sign in with X. */
async function registerSignInRoutes(
  { app, dependencies }: ModuleContext,
  services: ReturnType<typeof buildAuthentication> & { socialLinks: SocialLinksService },
) {
  const { config } = dependencies;
  const signInRateLimit = config.signInRateLimitPerMinute;
  await app.register(authRoutes(services.auth, signInRateLimit, services.socialLinks.linksOf), {
    prefix: "/api/reg",
  });
  await app.register(
    socialLinkRoutes(services.socialLinks, { appOrigins: config.appOrigins, signInRateLimit }),
    {
      prefix: "/api/reg/socialmedia",
    },
  );
  await app.register(
    xAuthRoutes(services.xAuth, { project: config.project, appOrigins: config.appOrigins, signInRateLimit }),
    { prefix: `/api/reg${xAuthRoutePrefix}` },
  );
}

/** The bounty API's campaign modules: the picker and airdrops. */
async function registerCampaignRoutes(
  { app, dependencies, now }: ModuleContext,
  integrations: { x: XIntegration; discord?: DiscordIntegration; telegram?: TelegramIntegration },
  socialLinks: SocialLinksService,
) {
  const { config, database } = dependencies;
  const confirmationsOf = (chainId: number) => confirmationsFor(chainId, config.confirmations);
  const picker = createPickerService({
    db: database.db,
    x: integrations.x.client,
    jobs: dependencies.pickerJobs ?? missingJobQueue,
    payments:
      dependencies.pickerPayments ??
      createPickerPayments(dependencies.chainClient, { confirmations: confirmationsOf }),
    chainClient: dependencies.chainClient,
    config: config.picker,
    now,
  });
  const search = { searchRateLimitPerMinute: config.searchRateLimitPerMinute };
  await app.register(pickerRoutes(picker, database.db, search), { prefix: "/api/bounty/picker" });
  const airdrop = createAirdropService({
    db: database.db,
    x: integrations.x.client,
    chainClient: dependencies.chainClient,
    distributors: config.airdrop.distributors,
    confirmations: confirmationsOf,
    signer: config.airdrop.signerKey ? createVoucherSigner(config.airdrop.signerKey) : null,
    voucherTtlSeconds: config.airdrop.voucherTtlSeconds,
    discord: integrations.discord?.client,
    telegram: integrations.telegram?.client,
    linksOf: socialLinks.linksOf,
    imports: dependencies.airdropImports,
    inlineListMaxLines: dependencies.airdropInlineListMaxLines,
    inlineRequestMax: dependencies.airdropInlineRequestMax,
    concurrentConnections: database.kind === "postgres",
    now,
  });
  await app.register(airdropRoutes(airdrop, database.db, search), { prefix: "/api/bounty/airdrop" });
  return { picker, airdrop };
}

/** Missions: checks through X, Discord and Telegram; the achievement list; administrators' editing. */
async function registerMissions(
  { app, dependencies, now, admin }: ModuleContext,
  integrations: { x: XIntegration; discord?: DiscordIntegration; telegram?: TelegramIntegration },
  services: { socialLinks: SocialLinksService; xAuth: XAuthService; referral: ReferralService },
) {
  const { config, database } = dependencies;
  const missionDependencies = {
    db: database.db,
    x: integrations.x.client,
    xUserToken: services.xAuth.freshAccessToken,
    discord: integrations.discord?.client,
    telegram: integrations.telegram?.client,
    linksOf: services.socialLinks.linksOf,
    bindX: services.socialLinks.bindX,
    onMissionCompleted: services.referral.onMissionCompleted,
    isAdmin: admin.isAdmin,
    maxPagesPerCheck: 10,
    now,
  };
  const missions = createMissionsService(missionDependencies);
  await app.register(
    missionRoutes(missions, { admin, recordAdminAction, rateLimit: config.missionCheckRateLimit }),
    { prefix: "/api/bounty/missions" },
  );
  const { x, discord, telegram } = integrations;
  if (dependencies.seedSandboxMissions && x.sandbox && discord?.sandbox && telegram?.sandbox) {
    const { users, posts } = x.sandbox.world.fixtures;
    const { guilds, roles } = discord.sandbox.world.fixtures;
    await seedSandboxMissions(missionDependencies, {
      x: {
        hostId: users.host.id,
        hostUsername: users.host.username,
        recentPostId: posts.recent,
        partnerPostId: posts.partner,
      },
      discord: { guildId: guilds.sandbox.id, roleId: roles.airdropOg.id, roleName: roles.airdropOg.name },
      telegram: {
        chatUsername: telegram.sandbox.world.fixtures.chats.sandbox.username ?? "dropfair_sandbox",
      },
    });
  }
  return missions;
}

/** Achievements and badges: the configured programmes seeded, then their routes. */
async function registerBadges({ app, dependencies, now, admin }: ModuleContext) {
  const { config, database } = dependencies;
  const contracts = config.badges.contracts;
  const contractChains = Object.keys(contracts).map(Number);
  const badges = createBadgesService({
    db: database.db,
    contracts,
    chainClient: dependencies.chainClient,
    signer: config.badges.signerKey ? createBadgeVoucherSigner(config.badges.signerKey) : null,
    voucherTtlSeconds: config.badges.voucherTtlSeconds,
    confirmations: config.badges.confirmations,
    levels: config.points,
    origin: config.appOrigins[0]!,
    pointsOf,
    completedMissionIds,
    liveMissionIds,
    airdropActivityOf,
    wheelPrizesOf: prizesWonBy,
    now,
  });
  // The early-bird programme is on Ethereum; in sandbox mode (no contract on chain 1) the local chain stands in.
  const sandboxChain = config.sandbox ? contractChains.find((chainId) => chainId !== 1) : undefined;
  await badges.seed({
    earlybirdId: config.points.earlybirdId,
    growthId: config.points.growthId,
    earlybirdChainId: contracts[1] ? 1 : (sandboxChain ?? 1),
    growthChainId: contractChains[0] ?? dependencies.platform.defaultChainId,
  });
  await app.register(badgeRoutes(badges, admin, database.db), { prefix: "/api/bounty/badges" });
  return badges;
}

/** The lucky wheel: games, tickets (from the game's missions), spin vouchers, draw records and claims. */
async function registerWheel({ app, dependencies, now, admin }: ModuleContext, missions: MissionsService) {
  const { config, database } = dependencies;
  const db = database.db;
  const wheel = createWheelService(
    {
      db,
      chainClient: dependencies.chainClient,
      contracts: config.wheel.contracts,
      distributors: config.airdrop.distributors,
      spinSigner: config.wheel.signerKey ? createSpinSigner(config.wheel.signerKey) : null,
      claimSigner: config.airdrop.signerKey ? createVoucherSigner(config.airdrop.signerKey) : null,
      voucherTtlSeconds: config.wheel.voucherTtlSeconds,
      confirmations: config.wheel.confirmations,
      missions: {
        campaignFor: (gameId, ownerUserId, title, writer = db) =>
          wheelCampaignFor(writer, gameId, ownerUserId, title),
        findCampaign: (gameId, writer = db) => findWheelCampaign(writer, gameId),
        ticketCompletions: wheelTicketCompletions,
      },
      isAdmin: admin.isAdmin,
      audit: (tx, entry) => recordAdminAction(tx, entry),
      recordSoon: dependencies.wheelJobs?.recordSoon ?? (async () => {}),
      now,
    },
    missions,
  );
  await app.register(wheelRoutes(wheel, db), { prefix: "/api/bounty/wheel" });
  return wheel;
}

/** Tips campaigns: funded through the distributor, joined with an X account, ranked by the published formula. */
async function registerTips(
  { app, dependencies, now, admin, reads }: ModuleContext,
  services: { x: XIntegration; missions: MissionsService; socialLinks: SocialLinksService },
) {
  const { config, database } = dependencies;
  const db = database.db;
  const tips = createTipsService(
    {
      db,
      chainClient: dependencies.chainClient,
      distributors: config.airdrop.distributors,
      claimSigner: config.airdrop.signerKey ? createVoucherSigner(config.airdrop.signerKey) : null,
      voucherTtlSeconds: config.airdrop.voucherTtlSeconds,
      x: services.x.client,
      boundX: async (userId) => (await services.socialLinks.linksOf(userId)).x,
      bindX: (userId, account) => services.socialLinks.bindX(userId, account),
      missions: {
        campaignFor: (campaignId, ownerUserId, title, writer = db) =>
          tipsCampaignFor(writer, campaignId, ownerUserId, title),
        findCampaign: (campaignId, writer = db) => findTipsCampaign(writer, campaignId),
        allDone: allTipsMissionsDone,
      },
      isAdmin: admin.isAdmin,
      audit: (tx, entry) => recordAdminAction(tx, entry),
      refreshSoon: dependencies.tipsJobs?.refreshSoon ?? (async () => {}),
      leaderboardPages: reads.cache(),
      requestsPerRun: config.tips.requestsPerRun,
      now,
    },
    services.missions,
  );
  await app.register(tipsRoutes(tips, db), { prefix: "/api/bounty/tips" });
  return tips;
}

export async function buildApp(dependencies: AppDependencies): Promise<App> {
  const { config, database } = dependencies;
  const { app, drain, counters, reads } = await createHttpApp(config, database);
  const context: ModuleContext = {
    app,
    dependencies,
    now: dependencies.now ?? (() => new Date()),
    admin: createAdminAccess(config.adminAddresses),
    counters,
    reads,
  };

  // Before OpenAPI is registered, so the sandbox's routes stay out of our API documentation.
  const x = await installX(app, config, { db: database.db, now: context.now }, dependencies.x);
  const discord = await installDiscord(app, config, dependencies.social);
  const telegram = await installTelegram(app, config, dependencies.social);
  const explorer = await installExplorer(app, config, { sandbox: dependencies.explorerSandbox });
  await installOpenApi(app);

  const referral = buildReferral(context);
  const authentication = buildAuthentication(context, x, referral);
  await registerPlatformRoutes(context, drain);
  const socialLinks = createSocialLinksService({
    db: database.db,
    discord,
    telegram,
    now: context.now,
    freshSignInSeconds: config.socialLinkFreshSignInSeconds,
    onLinked: referral.onSocialAccountLinked,
  });
  await registerSignInRoutes(context, { ...authentication, socialLinks });
  const { airdrop } = await registerCampaignRoutes(context, { x, discord, telegram }, socialLinks);
  const missions = await registerMissions(
    context,
    { x, discord, telegram },
    { socialLinks, xAuth: authentication.xAuth, referral },
  );
  await app.register(
    referralRoutes(referral, { lookupRateLimitPerMinute: config.referral.lookupRateLimitPerMinute }),
    { prefix: "/api/bounty/referral" },
  );
  await app.register(
    feedbackRoutes(
      {
        db: database.db,
        now: context.now,
        newsletterSecret: config.feedback.newsletterSecret,
        appOrigin: config.appOrigins[0]!,
      },
      { admin: context.admin, rateLimitPerHour: config.feedback.rateLimitPerHour },
    ),
    { prefix: "/api/bounty/feedback" },
  );
  const news = createNewsService({ db: database.db, now: context.now, categories: config.news.categories });
  await app.register(
    newsRoutes(news, {
      admin: context.admin,
      searchRateLimitPerMinute: config.news.searchRateLimitPerMinute,
      origin: config.appOrigins[0]!,
      project: config.project,
    }),
    { prefix: "/api/bounty/news" },
  );
  const wheel = await registerWheel(context, missions);
  const tips = await registerTips(context, { x, missions, socialLinks });
  const points = createPointsService({ db: database.db, settings: config.points });
  await app.register(pointsRoutes(points, context.admin), { prefix: "/api/bounty/points" });
  const badges = await registerBadges(context);
  await app.register(
    safetyRoutes(createExplorerLookups(explorer?.explorer), {
      explorerRateLimitPerMinute: config.explorer.rateLimitPerMinute,
    }),
    { prefix: "/api/bounty/safe" },
  );
  if (config.sandboxRpcUrl)
    await app.register(sandboxRpcProxy(config.sandboxRpcUrl), { prefix: "/api/sandbox" });
  await installWebApp(app, config.webDistDir);

  return Object.assign(app, {
    startDraining: () => drain.start(),
    x: x.client,
    discord: discord?.client,
    telegram: telegram?.client,
    xSandbox: x.sandbox,
    xAuth: authentication.xAuth,
    airdrop,
    referral,
    missions,
    badges,
    wheel,
    tips,
  }) as unknown as App;
}
