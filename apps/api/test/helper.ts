import { createTestDatabase, type TestDatabase } from "@dropfair/db/testing";
import type { AirdropDetail } from "@dropfair/schemas/airdrop";
import type { PlatformConfig } from "@dropfair/schemas/platform";
import type { PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type App, type AppDependencies, buildApp } from "../src/app.ts";
import { parseConfig } from "../src/platform/config.ts";
import { platformConfigFrom } from "../src/platform/platform-config.ts";
import { airdropDraftBody } from "./builders.ts";

export const appOrigin = "http://localhost:3000";

export type TestContext = {
  app: App;
  database: TestDatabase;
  platform: PlatformConfig;
  close(): Promise<void>;
};

/** Builds the real app against a fresh test database (PGlite template, or PostgreSQL with TEST_DATABASE_URL). */
export async function buildTestApp(
  options: {
    environment?: Record<string, string>;
    chainClient?: (chainId: number) => PublicClient | undefined;
    now?: () => Date;
    /** X client and sandbox overrides (see x-helper.ts). */
    x?: AppDependencies["x"];
    pickerJobs?: AppDependencies["pickerJobs"];
    pickerPayments?: AppDependencies["pickerPayments"];
    social?: AppDependencies["social"];
    airdropImports?: AppDependencies["airdropImports"];
    airdropInlineListMaxLines?: AppDependencies["airdropInlineListMaxLines"];
    airdropInlineRequestMax?: AppDependencies["airdropInlineRequestMax"];
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = parseConfig({
    LOG_LEVEL: "silent",
    APP_ORIGINS: appOrigin,
    RATE_LIMIT_PER_MINUTE: "100000",
    SIGN_IN_RATE_LIMIT_PER_MINUTE: "100000",
    // Tests change rows behind the app's back (jobs run inline, direct writes) and read them at once: no
    // micro-cache, unless a test asks for one (public-cache.test.ts tests it, and what it may serve stale).
    PUBLIC_CACHE_MS: "0",
    // Required outside sandbox mode (the configuration refuses to boot without it).
    NEWSLETTER_SECRET: "api-tests-newsletter-secret-0123456789abcdef",
    ...options.environment,
  });
  const platform = platformConfigFrom(config);
  const app = await buildApp({
    config,
    database,
    platform,
    chainClient: options.chainClient ?? (() => undefined),
    now: options.now,
    x: options.x,
    pickerJobs: options.pickerJobs,
    pickerPayments: options.pickerPayments,
    social: options.social,
    airdropImports: options.airdropImports,
    airdropInlineListMaxLines: options.airdropInlineListMaxLines,
    airdropInlineRequestMax: options.airdropInlineRequestMax,
  });
  await app.ready();
  return {
    app,
    database,
    platform,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

export function newWallet() {
  return privateKeyToAccount(generatePrivateKey());
}

type Wallet = ReturnType<typeof newWallet>;

export async function requestMessage(
  app: App,
  wallet: Wallet,
  query = "",
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: "GET",
    url: `/api/reg/Authentication/signMsg/Dropfair/${wallet.address}${query}`,
    headers,
  });
  return { response, body: response.json() as { content: string; typeCode: number; message: string } };
}

export async function submitLogin(
  app: App,
  wallet: Wallet,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: "PUT",
    url: `/api/reg/Authentication/login/Dropfair/${wallet.address}`,
    payload,
    headers,
  });
  return { response, body: response.json() as { content: unknown; typeCode: number; message: string } };
}

/** The whole happy path: fetch the message, sign it, log in. */
export async function signIn(app: App, wallet: Wallet = newWallet()) {
  const { body } = await requestMessage(app, wallet);
  const signature = await wallet.signMessage({ message: body.content });
  const login = await submitLogin(app, wallet, { signature });
  const content = login.body.content as { token: string; project: string; expireAt: number };
  return { wallet, token: content.token, login };
}

/** A draft airdrop of the signed-in `token`'s wallet, made through the API (`fields` override the defaults). */
export async function createAirdropDraft(app: App, token: string, fields: Record<string, unknown> = {}) {
  const created = await app.inject({
    method: "POST",
    url: "/api/bounty/airdrop",
    headers: { authorization: `Bearer ${token}` },
    payload: airdropDraftBody(fields),
  });
  if (created.statusCode !== 200) throw new Error(`draft not created: ${created.statusCode} ${created.body}`);
  return created.json().content as AirdropDetail;
}
