// Binding a Discord or Telegram account to the signed-in wallet: Discord by OAuth 2.0 (code + PKCE), Telegram by
// the login widget's signed fields. The state is single use, expires in 10 minutes and belongs to the wallet user
// who started, so a callback link made for someone else's browser binds nothing.
import { randomBytes } from "node:crypto";
import { and, type Db, eq, isNull, socialLinkStates, socialLinks, sql } from "@dropfair/db";
import { typeCodes } from "@dropfair/schemas/envelope";
import { discordSignInScopes, startDiscordAuthorization } from "@dropfair/social/discord";
import { buildTelegramLoginUrl, telegramBotIdOf, verifyTelegramLogin } from "@dropfair/social/telegram";
import { AppError } from "../../platform/errors.ts";
import type { DiscordIntegration, TelegramIntegration } from "../../platform/social.ts";

export type SocialProvider = "discord" | "telegram";
export type SocialLink = typeof socialLinks.$inferSelect;

export const socialLinkStateTtlSeconds = 600;

export const socialLinkErrors = {
  notConfigured: (provider: SocialProvider) =>
    new AppError(typeCodes.socialNotConfigured, 503, "socialLinks.notConfigured", { provider }),
  stateInvalid: () => new AppError(typeCodes.socialLinkStateInvalid, 400, "socialLinks.stateInvalid"),
  rejected: (provider: SocialProvider, cause?: unknown) =>
    new AppError(typeCodes.socialLinkRejected, 400, "socialLinks.rejected", { provider }, { cause }),
  taken: (provider: SocialProvider) =>
    new AppError(typeCodes.socialAccountTaken, 409, "socialLinks.taken", { provider }),
} as const;

export type SocialLinksDependencies = {
  db: Db;
  discord: DiscordIntegration | undefined;
  telegram: TelegramIntegration | undefined;
  now: () => Date;
};

export function createSocialLinksService({ db, discord, telegram, now }: SocialLinksDependencies) {
  async function saveState(
    userId: number,
    provider: SocialProvider,
    state: string,
    redirectUri: string,
    codeVerifier?: string,
  ) {
    await db.insert(socialLinkStates).values({
      state,
      userId,
      provider,
      redirectUri,
      codeVerifier: codeVerifier ?? null,
      expiresAt: new Date(now().getTime() + socialLinkStateTtlSeconds * 1000),
    });
  }

  /** Consumes the state once, for this user and provider only. */
  async function consumeState(userId: number, provider: SocialProvider, state: string) {
    const [row] = await db
      .update(socialLinkStates)
      .set({ consumedAt: now() })
      .where(
        and(
          eq(socialLinkStates.state, state),
          eq(socialLinkStates.userId, userId),
          eq(socialLinkStates.provider, provider),
          isNull(socialLinkStates.consumedAt),
          sql`${socialLinkStates.expiresAt} > ${now()}`,
        ),
      )
      .returning();
    if (!row) throw socialLinkErrors.stateInvalid();
    return row;
  }

  async function link(
    userId: number,
    provider: SocialProvider,
    account: { accountId: string; username: string | null; displayName: string; avatarUrl: string | null },
  ): Promise<SocialLink> {
    return db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: socialLinks.userId })
        .from(socialLinks)
        .where(and(eq(socialLinks.provider, provider), eq(socialLinks.accountId, account.accountId)));
      if (owner && owner.userId !== userId) throw socialLinkErrors.taken(provider);
      const [row] = await tx
        .insert(socialLinks)
        .values({ userId, provider, ...account, linkedAt: now() })
        .onConflictDoUpdate({
          target: [socialLinks.userId, socialLinks.provider],
          set: { ...account, linkedAt: now() },
        })
        .returning();
      return row!;
    });
  }

  return {
    async startDiscord(userId: number, origin: string): Promise<{ url: string }> {
      if (!discord) throw socialLinkErrors.notConfigured("discord");
      const redirectUri = `${origin}/auth/discord`;
      const { url, state, codeVerifier } = startDiscordAuthorization({
        authorizeBase: discord.authorizeBase(origin),
        clientId: discord.clientId,
        redirectUri,
        scopes: discordSignInScopes,
      });
      await saveState(userId, "discord", state, redirectUri, codeVerifier);
      return { url };
    },

    async finishDiscord(userId: number, code: string, state: string): Promise<SocialLink> {
      if (!discord) throw socialLinkErrors.notConfigured("discord");
      const started = await consumeState(userId, "discord", state);
      let user: Awaited<ReturnType<typeof discord.client.getCurrentUser>>;
      try {
        const tokens = await discord.client.exchangeCode({
          code,
          redirectUri: started.redirectUri,
          ...(started.codeVerifier ? { codeVerifier: started.codeVerifier } : {}),
        });
        user = await discord.client.getCurrentUser(tokens.accessToken);
      } catch (error) {
        throw socialLinkErrors.rejected("discord", error);
      }
      return link(userId, "discord", {
        accountId: user.id,
        username: user.username,
        displayName: user.global_name ?? user.username,
        avatarUrl: user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : null,
      });
    },

    async startTelegram(userId: number, origin: string): Promise<{ url: string }> {
      if (!telegram) throw socialLinkErrors.notConfigured("telegram");
      const state = randomBytes(24).toString("base64url");
      const returnTo = `${origin}/auth/telegram/${state}`;
      await saveState(userId, "telegram", state, returnTo);
      return {
        url: buildTelegramLoginUrl({
          loginBase: telegram.loginBase(origin),
          botId: telegramBotIdOf(telegram.botToken),
          origin,
          returnTo,
        }),
      };
    },

    async finishTelegram(userId: number, state: string, fields: Record<string, string>): Promise<SocialLink> {
      if (!telegram) throw socialLinkErrors.notConfigured("telegram");
      await consumeState(userId, "telegram", state);
      const checked = verifyTelegramLogin(fields, telegram.botToken, {
        now: now(),
        maxAgeSeconds: telegram.loginMaxAgeSeconds,
      });
      if (!checked.ok) throw socialLinkErrors.rejected("telegram", new Error(checked.reason));
      const { user } = checked;
      return link(userId, "telegram", {
        accountId: String(user.id),
        username: user.username ?? null,
        displayName: [user.first_name, user.last_name].filter(Boolean).join(" "),
        avatarUrl: user.photo_url ?? null,
      });
    },

    async unlink(userId: number, provider: SocialProvider): Promise<void> {
      await db
        .delete(socialLinks)
        .where(and(eq(socialLinks.userId, userId), eq(socialLinks.provider, provider)));
    },

    async linksOf(userId: number): Promise<Partial<Record<SocialProvider, SocialLink>>> {
      const rows = await db.select().from(socialLinks).where(eq(socialLinks.userId, userId));
      return Object.fromEntries(rows.map((row) => [row.provider, row]));
    },
  };
}

export type SocialLinksService = ReturnType<typeof createSocialLinksService>;
