// Discord and Telegram, the way platform/x.ts does X: the real APIs from configuration, or in sandbox mode the
// sandboxes of packages/sandbox mounted in this server and reached in-process.
import {
  createDiscordSandboxState,
  type DiscordSandboxState,
  defaultDiscordClientId,
  defaultDiscordClientSecret,
  discordSandboxPlugin,
} from "@dropfair/sandbox/discord";
import {
  createTelegramSandboxState,
  type TelegramSandboxState,
  telegramSandboxPlugin,
} from "@dropfair/sandbox/telegram";
import { createDiscordClient, type DiscordClient } from "@dropfair/social/discord";
import { createTelegramBotClient, type TelegramBotClient } from "@dropfair/social/telegram";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "./config.ts";
import { inProcessFetch } from "./x.ts";

export const discordSandboxPrefix = "/sandbox/discord";
export const telegramSandboxPrefix = "/sandbox/telegram";

export type DiscordIntegration = {
  client: DiscordClient;
  clientId: string;
  /** The authorize page's base for a browser on `origin` (the sandbox's is served on the app's own origin). */
  authorizeBase(origin: string): string;
  sandbox: DiscordSandboxState | undefined;
};

export type TelegramIntegration = {
  client: TelegramBotClient;
  botToken: string;
  /** The login page's base for a browser on `origin`. */
  loginBase(origin: string): string;
  loginMaxAgeSeconds: number;
  sandbox: TelegramSandboxState | undefined;
};

export type SocialOverrides = {
  discordSandbox?: DiscordSandboxState;
  telegramSandbox?: TelegramSandboxState;
};

/** Discord, or undefined when it is off (no client id outside sandbox mode). */
export async function installDiscord(
  app: FastifyInstance,
  config: Pick<AppConfig, "discord" | "appOrigins" | "sandboxControlApi">,
  overrides: SocialOverrides = {},
): Promise<DiscordIntegration | undefined> {
  const { discord } = config;
  if (discord.mode === "sandbox") {
    // Like a real Discord application, the sandbox one sends browsers back only to our registered callbacks.
    const sandbox =
      overrides.discordSandbox ??
      createDiscordSandboxState({
        applications: [
          {
            clientId: defaultDiscordClientId,
            clientSecret: defaultDiscordClientSecret,
            redirectUris: config.appOrigins.map((origin) => `${origin}/auth/discord`),
          },
        ],
      });
    await app.register(discordSandboxPlugin(sandbox, { controlApi: config.sandboxControlApi }), {
      prefix: discordSandboxPrefix,
    });
    return {
      client: createDiscordClient({
        apiBase: `${config.appOrigins[0]}${discordSandboxPrefix}/api`,
        botToken: sandbox.botToken,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        fetch: inProcessFetch(app),
      }),
      clientId: sandbox.clientId,
      authorizeBase: (origin) => `${origin}${discordSandboxPrefix}`,
      sandbox,
    };
  }
  if (discord.mode === "remote" && discord.clientId && discord.botToken) {
    return {
      client: createDiscordClient({
        apiBase: discord.apiBase,
        botToken: discord.botToken,
        clientId: discord.clientId,
        clientSecret: discord.clientSecret,
      }),
      clientId: discord.clientId,
      authorizeBase: () => discord.authorizeBase,
      sandbox: undefined,
    };
  }
  return undefined;
}

/** Telegram, or undefined when it is off (no bot token outside sandbox mode). */
export async function installTelegram(
  app: FastifyInstance,
  config: Pick<AppConfig, "telegram" | "appOrigins" | "sandboxControlApi">,
  overrides: SocialOverrides = {},
): Promise<TelegramIntegration | undefined> {
  const { telegram } = config;
  if (telegram.mode === "sandbox") {
    const sandbox = overrides.telegramSandbox ?? createTelegramSandboxState();
    await app.register(telegramSandboxPlugin(sandbox, { controlApi: config.sandboxControlApi }), {
      prefix: telegramSandboxPrefix,
    });
    return {
      client: createTelegramBotClient({
        apiBase: `${config.appOrigins[0]}${telegramSandboxPrefix}`,
        botToken: sandbox.botToken,
        fetch: inProcessFetch(app),
      }),
      botToken: sandbox.botToken,
      loginBase: (origin) => `${origin}${telegramSandboxPrefix}`,
      loginMaxAgeSeconds: telegram.loginMaxAgeSeconds,
      sandbox,
    };
  }
  if (telegram.mode === "remote" && telegram.botToken) {
    return {
      client: createTelegramBotClient({ apiBase: telegram.apiBase, botToken: telegram.botToken }),
      botToken: telegram.botToken,
      loginBase: () => telegram.loginBase,
      loginMaxAgeSeconds: telegram.loginMaxAgeSeconds,
      sandbox: undefined,
    };
  }
  return undefined;
}
