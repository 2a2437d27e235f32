import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { checkRpcUrlsFromEnv, InvalidRpcUrlsError, rpcUrlsFromEnv } from "@dropfair/chain/clients";
import {
  confirmationsFor,
  confirmationsFromEnv,
  InvalidConfirmationsError,
} from "@dropfair/chain/confirmations";
import { defaultDropCategories, dropCategoryPattern } from "@dropfair/core/news";
import { type Address, getAddress } from "viem";
import { z } from "zod";
import { isLoopbackAddress } from "./network.ts";

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** A comma-separated list whose entries must each satisfy `entry`. */
function commaList<T extends z.ZodType<unknown, string>>(entry: T) {
  return z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(entry));
}

const addressList = commaList(
  z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a comma-separated list of 0x addresses"),
);

const originList = commaList(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin));

/** Every environment variable the API and worker read, documented in .env.example and the README. */
const sandboxPublicHostConsent = "anyone-can-sign-in-as-anyone";

/** Host names and addresses that only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  const plain = host.replace(/^\[|\]$/g, "").toLowerCase();
  return plain === "localhost" || isLoopbackAddress(plain);
}

/** Sandbox mode: SANDBOX=on, or (SANDBOX unset) a sandbox chain, which is what `npm start` provides. */
function sandboxModeOf(values: { SANDBOX?: "on" | "off"; SANDBOX_RPC_URL?: string }): boolean {
  return values.SANDBOX === "on" || (values.SANDBOX === undefined && values.SANDBOX_RPC_URL !== undefined);
}

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  APP_ORIGINS: originList.optional(),
  PROJECT_NAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,31}$/, "must be 2-32 letters or digits, starting with a letter")
    .default("Dropfair"),
  CHAIN_LIST: z.enum(["production", "development"]).default("production"),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 7),
  SIGN_IN_MESSAGE_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  CONTRACT_WALLET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Mission checks per signed-in user, and per client IP, each minute (every check may call X, Discord or Telegram). */
  MISSION_CHECK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  MISSION_CHECK_IP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Searches per client IP a minute: pickers by seed or reference, picker and airdrop participant searches. */
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TRUSTED_PROXIES: commaList(z.string()).default([]),
  /** Where replicas share their rate-limit counters; without it, in PostgreSQL (PGlite: in its one process). */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prepended to every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{0,64}$/, "must be up to 64 letters, digits or : . _ -")
    .default("dropfair:"),
  WORKER_MODE: z.enum(["embedded", "off"]).default("embedded"),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DASHBOARD_URL: z.url().default("https://dune.com/browse/dashboards"),
  SUPPORT_HANDLE: z.string().min(1).default("@dropfair_support"),
  COMMUNITY_URL: z.url().default("https://t.me/dropfair_community"),
  ADMIN_ADDRESSES: addressList.default([]),
  SANDBOX_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SANDBOX: z.enum(["on", "off"]).optional(),
  /**
   * Sandbox mode hands out sandbox identities and tokens to anyone who asks, so it listens on loopback only;
   * this value, spelled out, lets it listen elsewhere (a throwaway demo host, never real users).
   */
  SANDBOX_ON_PUBLIC_HOST: z.literal(sandboxPublicHostConsent).optional(),
  /**
   * Sandbox mode: also serve the sandboxes' test controls (the `_sandbox/` routes: fixtures with their tokens,
   * faults, minted tokens). Only test runs ask for them.
   */
  SANDBOX_CONTROL_API: booleanFromString.default(false),
  X_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  X_AUTHORIZE_BASE: z.url({ protocol: /^https?$/ }).optional(),
  X_CLIENT_ID: z.string().min(1).max(200).optional(),
  X_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  X_BEARER_TOKEN: z.string().min(1).max(1000).optional(),
  X_SPENDING_CAP: z.coerce.number().int().min(1).optional(),
  X_SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  DRAW_CHAIN_ID: z.coerce.number().int().positive().optional(),
  /** Default: the draw chain's confirmations (`CONFIRMATIONS_<chainId>`, else the chain registry's). */
  DRAW_CONFIRMATIONS: z.coerce.number().int().min(0).max(10_000).optional(),
  /** The draw's target block is the head read after the commitment plus this many blocks (at least 2). */
  DRAW_TARGET_MARGIN_BLOCKS: z.coerce.number().int().min(2).max(64).default(2),
  DRAW_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  PICKER_BETA_WHITELIST: commaList(z.string().regex(/^@?[A-Za-z0-9_]{1,20}$/)).default([]),
  MEMBERSHIP_CHAIN_ID: z.coerce.number().int().positive().optional(),
  MEMBERSHIP_TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  MEMBERSHIP_TOKEN_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
  MEMBERSHIP_TREASURY_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  BATCH_PAYOUT_ADDRESSES: commaList(
    z.string().regex(/^\d+:0x[0-9a-fA-F]{40}$/, "must be chainId:address pairs, comma-separated"),
  ).default([]),
  DISCORD_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  DISCORD_AUTHORIZE_BASE: z.url({ protocol: /^https?$/ }).optional(),
  DISCORD_CLIENT_ID: z
    .string()
    .regex(/^\d{5,25}$/)
    .optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  DISCORD_BOT_TOKEN: z.string().min(1).max(500).optional(),
  TELEGRAM_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  TELEGRAM_LOGIN_BASE: z.url({ protocol: /^https?$/ }).optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{5,20}:[A-Za-z0-9_-]{20,100}$/, "must be a bot token <bot id>:<secret>")
    .optional(),
  TELEGRAM_LOGIN_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  AIRDROP_DISTRIBUTOR_ADDRESSES: commaList(
    z.string().regex(/^\d+:0x[0-9a-fA-F]{40}$/, "must be chainId:address pairs, comma-separated"),
  ).default([]),
  AIRDROP_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 32-byte hex private key")
    .optional(),
  AIRDROP_VOUCHER_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** DropfairBadges deployments, `chainId:address` pairs. */
  BADGE_ADDRESSES: commaList(
    z.string().regex(/^\d+:0x[0-9a-fA-F]{40}$/, "must be chainId:address pairs, comma-separated"),
  ).default([]),
  /** The platform key that signs badge mint vouchers; AIRDROP_SIGNER_KEY when unset. */
  BADGE_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 32-byte hex private key")
    .optional(),
  BADGE_VOUCHER_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Blocks (the mint's own included) a badge mint needs before it is recorded. */
  BADGE_CONFIRMATIONS: z.coerce.number().int().min(1).max(64).default(1),
  /** LuckyWheel deployments, `chainId:address` pairs. */
  WHEEL_ADDRESSES: commaList(
    z.string().regex(/^\d+:0x[0-9a-fA-F]{40}$/, "must be chainId:address pairs, comma-separated"),
  ).default([]),
  /** The platform key that signs spin vouchers; AIRDROP_SIGNER_KEY when unset. */
  WHEEL_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 32-byte hex private key")
    .optional(),
  WHEEL_VOUCHER_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Blocks (the spin's own included) a spin needs before its prize is computed. */
  WHEEL_CONFIRMATIONS: z.coerce.number().int().min(1).max(64).default(2),
  /** How often a running tips campaign's tweets and metrics are collected from X (minutes). */
  TIPS_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** X requests one run of a tips campaign's collection may make before it yields to other work. */
  TIPS_X_REQUESTS_PER_RUN: z.coerce.number().int().min(5).max(10_000).default(60),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  EARLYBIRD_ID: z.string().default("TMRZYR"),
  GROWTH_ID: z.string().default("6QVAX5"),
  /** What the interface calls points ("EP"): a short word shown next to every amount. */
  POINT_NAME: z.string().trim().min(1).max(16).default("EP"),
  START_LEVEL: z.coerce.number().int().min(0).default(0),
  POINTS_PER_LEVEL: z.coerce.number().int().min(1).default(100),
  /** The news categories administrators file entries under: lowercase slugs, comma-separated. */
  NEWS_CATEGORIES: commaList(z.string().regex(dropCategoryPattern, "must be lowercase slugs"))
    .refine((list) => list.length > 0, "must name at least one category")
    .default([...defaultDropCategories]),
  /** Drops list and search requests per client IP and minute. */
  NEWS_SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** EP a referrer earns once per referee who finished a mission and bound two social accounts. */
  REFERRAL_REWARD_EP: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** The most EP one referrer earns from referrals in a calendar month (UTC). */
  REFERRAL_MONTHLY_CAP_EP: z.coerce.number().int().min(0).max(1_000_000_000).default(1000),
  /** Referral code look-ups per client IP and minute. */
  REFERRAL_LOOKUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Look-ups of codes that do not exist per client IP and window; past it every look-up waits for the window. */
  REFERRAL_LOOKUP_MISS_LIMIT: z.coerce.number().int().min(1).default(10),
  REFERRAL_LOOKUP_MISS_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  METRICS_ENABLED: booleanFromString.default(true),
  /** How long anonymous answers of the hottest public reads are served from memory (0: never; platform/public-cache.ts). */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Binding a Discord or Telegram account needs a wallet sign-in at most this many minutes old. */
  SOCIAL_LINK_FRESH_SIGN_IN_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** A bearer token for scraping /metrics from another host; without it only loopback callers are served. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * Signs newsletter unsubscribe links. Required outside sandbox mode (the boot fails without it, rather than a
   * visitor's subscription failing later); sandbox mode makes one per process, so its links stop working at a restart.
   */
  NEWSLETTER_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The safe check's explorer: one Etherscan-v2-style key for every chain (`chainid` in the query). It stays on the
   * server, which calls the explorer for the pages; without it (outside sandbox mode) source is "not checked".
   */
  EXPLORER_API_KEY: z.string().min(8, "must be at least 8 characters").optional(),
  /** The explorer's API, Etherscan v2 by default; any server speaking the same protocol will do. */
  EXPLORER_API_BASE: z.url({ protocol: /^https?$/ }).default("https://api.etherscan.io/v2/api"),
  /** Explorer look-ups (source, holders) per client IP and minute; answers are cached for 10 minutes. */
  EXPLORER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Report submissions, newsletter subscriptions and unsubscribe calls, each, per client IP and hour. */
  FEEDBACK_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
});

export type AppConfig = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Variables that are only valid together. */
function crossFieldProblems(values: z.infer<typeof environmentSchema>): string[] {
  const problems: string[] = [];
  if (values.X_API_BASE && !values.X_BEARER_TOKEN) {
    problems.push(
      "X_BEARER_TOKEN: required when X_API_BASE is set (the app-only token the picker reads with)",
    );
  }
  const membership = [
    values.MEMBERSHIP_CHAIN_ID,
    values.MEMBERSHIP_TOKEN_ADDRESS,
    values.MEMBERSHIP_TREASURY_ADDRESS,
  ];
  if (membership.some((value) => value !== undefined) && membership.some((value) => value === undefined)) {
    problems.push(
      "MEMBERSHIP_CHAIN_ID, MEMBERSHIP_TOKEN_ADDRESS, MEMBERSHIP_TREASURY_ADDRESS: set all three or none",
    );
  }
  if (values.SANDBOX === "off" && values.SANDBOX_RPC_URL) {
    problems.push("SANDBOX_RPC_URL: the sandbox chain is part of sandbox mode; unset it or drop SANDBOX=off");
  }
  if (sandboxModeOf(values) && !isLoopbackHost(values.HOST) && !values.SANDBOX_ON_PUBLIC_HOST) {
    problems.push(
      `HOST: sandbox mode lets anyone sign in as any sandbox account, so it listens on loopback only (127.0.0.1, ::1, localhost); SANDBOX_ON_PUBLIC_HOST=${sandboxPublicHostConsent} overrides this for a throwaway demo`,
    );
  }
  if (!sandboxModeOf(values) && !values.NEWSLETTER_SECRET) {
    problems.push(
      "NEWSLETTER_SECRET: required outside sandbox mode: it signs the newsletter's unsubscribe links (at least 32 characters, e.g. the output of `openssl rand -base64 48`); keep it stable, changing it breaks every link sent",
    );
  }
  if (values.DISCORD_CLIENT_ID) {
    if (!values.DISCORD_CLIENT_SECRET)
      problems.push("DISCORD_CLIENT_SECRET: required with DISCORD_CLIENT_ID");
    if (!values.DISCORD_BOT_TOKEN) problems.push("DISCORD_BOT_TOKEN: required with DISCORD_CLIENT_ID");
  }
  return problems;
}

/** `chainId:address` pairs (already validated) as checksummed addresses by chain id. */
function addressesByChain(pairs: readonly string[]): Record<number, Address> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const [chainId, address] = pair.split(":") as [string, string];
      return [Number(chainId), getAddress(address.toLowerCase())];
    }),
  );
}

/** Reads the environment once, at boot. Lists every bad variable at once rather than failing on the first. */
export function parseConfig(environment: Record<string, string | undefined> = process.env) {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ""));
  const parsed = environmentSchema.safeParse(present);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${String(issue.path[0] ?? "environment")}: ${issue.message}`);
    }
  }
  let rpcUrls: Record<number, string> = {};
  let checkRpcUrls: Record<number, string> = {};
  let confirmations: Record<number, number> = {};
  try {
    rpcUrls = rpcUrlsFromEnv(present);
  } catch (error) {
    if (!(error instanceof InvalidRpcUrlsError)) throw error;
    problems.push(...error.problems);
  }
  try {
    checkRpcUrls = checkRpcUrlsFromEnv(present);
  } catch (error) {
    if (!(error instanceof InvalidRpcUrlsError)) throw error;
    problems.push(...error.problems);
  }
  try {
    confirmations = confirmationsFromEnv(present);
  } catch (error) {
    if (!(error instanceof InvalidConfirmationsError)) throw error;
    problems.push(...error.problems);
  }
  if (parsed.success) problems.push(...crossFieldProblems(parsed.data));
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const values = parsed.data;
  const sandbox = sandboxModeOf(values);
  const xMode: "remote" | "sandbox" | "off" =
    values.X_API_BASE || values.X_BEARER_TOKEN ? "remote" : sandbox ? "sandbox" : "off";
  const defaultOrigins = [`http://localhost:${values.PORT}`, `http://127.0.0.1:${values.PORT}`];
  const drawChainId = values.DRAW_CHAIN_ID ?? (rpcUrls[1] || !sandbox || !values.SANDBOX_RPC_URL ? 1 : 31337);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    /** The first origin is the canonical one; sign-in messages may name any of them. */
    appOrigins: values.APP_ORIGINS && values.APP_ORIGINS.length > 0 ? values.APP_ORIGINS : defaultOrigins,
    project: values.PROJECT_NAME,
    chainList: values.CHAIN_LIST,
    sessionTtlSeconds: values.SESSION_TTL_HOURS * 3600,
    signInMessageTtlSeconds: values.SIGN_IN_MESSAGE_TTL_SECONDS,
    contractWalletTimeoutMs: values.CONTRACT_WALLET_TIMEOUT_MS,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    signInRateLimitPerMinute: values.SIGN_IN_RATE_LIMIT_PER_MINUTE,
    missionCheckRateLimit: {
      perUserPerMinute: values.MISSION_CHECK_RATE_LIMIT_PER_MINUTE,
      perIpPerMinute: values.MISSION_CHECK_IP_RATE_LIMIT_PER_MINUTE,
    },
    searchRateLimitPerMinute: values.SEARCH_RATE_LIMIT_PER_MINUTE,
    trustedProxies: values.TRUSTED_PROXIES,
    /** Rate-limit counters: in Redis when a URL is set, else in PostgreSQL (PGlite: memory); shared by every replica. */
    rateLimitStore: { redisUrl: values.REDIS_URL, redisKeyPrefix: values.REDIS_KEY_PREFIX },
    workerMode: values.WORKER_MODE,
    webDistDir: values.WEB_DIST_DIR ? resolve(values.WEB_DIST_DIR) : undefined,
    logLevel: values.LOG_LEVEL,
    dashboardUrl: values.DASHBOARD_URL,
    supportHandle: values.SUPPORT_HANDLE,
    communityUrl: values.COMMUNITY_URL,
    adminAddresses: values.ADMIN_ADDRESSES.map((address) => address.toLowerCase()),
    rpcUrls,
    /** A second endpoint per chain (another provider), which the draw asks too (`RPC_CHECK_URL_<chainId>`). */
    checkRpcUrls,
    /** Confirmations per chain id set by `CONFIRMATIONS_<chainId>`; `confirmationsFor` adds the defaults. */
    confirmations,
    sandboxRpcUrl: values.SANDBOX_RPC_URL,
    sandbox,
    /** The sandboxes' test-control routes are mounted (sandbox mode and SANDBOX_CONTROL_API). */
    sandboxControlApi: sandbox && values.SANDBOX_CONTROL_API,
    x: {
      /** remote: X (or any X-compatible server) at apiBase; sandbox: mounted in-process at /sandbox/x; off: none. */
      mode: xMode,
      apiBase: xMode === "remote" ? (values.X_API_BASE ?? "https://api.x.com") : undefined,
      authorizeBase: values.X_AUTHORIZE_BASE,
      clientId: values.X_CLIENT_ID,
      clientSecret: values.X_CLIENT_SECRET,
      bearerToken: values.X_BEARER_TOKEN,
      /** Most posts and users the app may read from X per calendar month (UTC), every process together. */
      spendingCap: values.X_SPENDING_CAP,
      sessionTtlSeconds: values.X_SESSION_TTL_DAYS * 24 * 3600,
    },
    picker: {
      /** The chain whose future block hash seeds draws: Ethereum, or the local chain in sandbox mode. */
      drawChainId,
      drawConfirmations: values.DRAW_CONFIRMATIONS ?? confirmationsFor(drawChainId, confirmations),
      drawTargetMarginBlocks: values.DRAW_TARGET_MARGIN_BLOCKS,
      drawTimeoutMs: values.DRAW_TIMEOUT_MINUTES * 60_000,
      betaWhitelist: values.PICKER_BETA_WHITELIST.map((name) => name.replace(/^@/, "").toLowerCase()),
      membership:
        values.MEMBERSHIP_CHAIN_ID && values.MEMBERSHIP_TOKEN_ADDRESS && values.MEMBERSHIP_TREASURY_ADDRESS
          ? {
              chainId: values.MEMBERSHIP_CHAIN_ID,
              token: getAddress(values.MEMBERSHIP_TOKEN_ADDRESS.toLowerCase()),
              treasury: getAddress(values.MEMBERSHIP_TREASURY_ADDRESS.toLowerCase()),
              decimals: values.MEMBERSHIP_TOKEN_DECIMALS,
            }
          : null,
      batchPayout: addressesByChain(values.BATCH_PAYOUT_ADDRESSES),
    },
    /** Discord (OAuth 2.0 account linking, the role-granting bot): real with a client id, else the sandbox. */
    discord: {
      mode: (values.DISCORD_CLIENT_ID ? "remote" : sandbox ? "sandbox" : "off") as
        | "remote"
        | "sandbox"
        | "off",
      apiBase: values.DISCORD_API_BASE ?? "https://discord.com/api/v10",
      authorizeBase: values.DISCORD_AUTHORIZE_BASE ?? "https://discord.com",
      clientId: values.DISCORD_CLIENT_ID,
      clientSecret: values.DISCORD_CLIENT_SECRET,
      botToken: values.DISCORD_BOT_TOKEN,
    },
    /** Telegram (the login check and getChatMember): real with a bot token, else the sandbox. */
    telegram: {
      mode: (values.TELEGRAM_BOT_TOKEN ? "remote" : sandbox ? "sandbox" : "off") as
        | "remote"
        | "sandbox"
        | "off",
      apiBase: values.TELEGRAM_API_BASE ?? "https://api.telegram.org",
      loginBase: values.TELEGRAM_LOGIN_BASE ?? "https://oauth.telegram.org",
      botToken: values.TELEGRAM_BOT_TOKEN,
      loginMaxAgeSeconds: values.TELEGRAM_LOGIN_MAX_AGE_SECONDS,
    },
    airdrop: {
      distributors: addressesByChain(values.AIRDROP_DISTRIBUTOR_ADDRESSES),
      /** The platform key that signs claim vouchers for social lists (the distributor's platformSigner). */
      signerKey: values.AIRDROP_SIGNER_KEY as `0x${string}` | undefined,
      voucherTtlSeconds: values.AIRDROP_VOUCHER_TTL_MINUTES * 60,
    },
    badges: {
      contracts: addressesByChain(values.BADGE_ADDRESSES),
      signerKey: (values.BADGE_SIGNER_KEY ?? values.AIRDROP_SIGNER_KEY) as `0x${string}` | undefined,
      voucherTtlSeconds: values.BADGE_VOUCHER_TTL_MINUTES * 60,
      confirmations: values.BADGE_CONFIRMATIONS,
    },
    wheel: {
      contracts: addressesByChain(values.WHEEL_ADDRESSES),
      signerKey: (values.WHEEL_SIGNER_KEY ?? values.AIRDROP_SIGNER_KEY) as `0x${string}` | undefined,
      voucherTtlSeconds: values.WHEEL_VOUCHER_TTL_MINUTES * 60,
      confirmations: values.WHEEL_CONFIRMATIONS,
    },
    tips: {
      refreshMinutes: values.TIPS_REFRESH_MINUTES,
      requestsPerRun: values.TIPS_X_REQUESTS_PER_RUN,
    },
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    metricsEnabled: values.METRICS_ENABLED,
    publicCacheMs: values.PUBLIC_CACHE_MS,
    metricsToken: values.METRICS_TOKEN,
    socialLinkFreshSignInSeconds: values.SOCIAL_LINK_FRESH_SIGN_IN_MINUTES * 60,
    news: {
      categories: [...new Set(values.NEWS_CATEGORIES)],
      searchRateLimitPerMinute: values.NEWS_SEARCH_RATE_LIMIT_PER_MINUTE,
    },
    /** remote: the explorer at apiBase with the key; sandbox: the explorer sandbox mounted in-process; off: none. */
    explorer: {
      mode: (values.EXPLORER_API_KEY ? "remote" : sandbox ? "sandbox" : "off") as
        | "remote"
        | "sandbox"
        | "off",
      apiBase: values.EXPLORER_API_BASE,
      apiKey: values.EXPLORER_API_KEY,
      rateLimitPerMinute: values.EXPLORER_RATE_LIMIT_PER_MINUTE,
    },
    feedback: {
      /** Outside sandbox mode crossFieldProblems has made sure it is set. */
      newsletterSecret: values.NEWSLETTER_SECRET ?? randomBytes(32).toString("base64url"),
      rateLimitPerHour: values.FEEDBACK_RATE_LIMIT_PER_HOUR,
    },
    referral: {
      rewardEp: values.REFERRAL_REWARD_EP,
      monthlyCapEp: values.REFERRAL_MONTHLY_CAP_EP,
      lookupRateLimitPerMinute: values.REFERRAL_LOOKUP_RATE_LIMIT_PER_MINUTE,
      lookupMissLimit: values.REFERRAL_LOOKUP_MISS_LIMIT,
      lookupMissWindowSeconds: values.REFERRAL_LOOKUP_MISS_WINDOW_MINUTES * 60,
    },
    points: {
      earlybirdId: values.EARLYBIRD_ID,
      growthId: values.GROWTH_ID,
      pointName: values.POINT_NAME,
      startLevel: values.START_LEVEL,
      pointsPerLevel: values.POINTS_PER_LEVEL,
    },
  };
}
