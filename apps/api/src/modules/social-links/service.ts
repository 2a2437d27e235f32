// Binding a Discord or Telegram account to the signed-in wallet: Discord by OAuth 2.0 (code + PKCE), Telegram by
// the login widget's signed fields. The state is single use, expires in 10 minutes and belongs to the wallet user
// who started, so a callback link made for someone else's browser binds nothing.
import { randomBytes } from "node:crypto";
import type { Db } from "@dropfair/db";
import { discordSignInScopes, startDiscordAuthorization } from "@dropfair/social/discord";
import { buildTelegramLoginUrl, telegramBotIdOf, verifyTelegramLogin } from "@dropfair/social/telegram";
import type { DiscordIntegration, TelegramIntegration } from "../../platform/social.ts";
import { socialLinkErrors } from "./errors.ts";
import {
  bindAccount,
  bindXAccount,
  consumeState,
  deleteLink,
  type FlowLink,
  insertState,
  type LinkedProvider,
  linksOfUser,
  type SocialAccount,
  type SocialLink,
  type SocialProvider,
} from "./repository.ts";

export { socialLinkErrors } from "./errors.ts";
export type { LinkedProvider, SocialLink, SocialProvider } from "./repository.ts";

export const socialLinkStateTtlSeconds = 600;

/** The wallet session a binding starts from. */
type SignedIn = { userId: number; signedInAt: Date };

export type SocialLinksDependencies = {
  db: Db;
  /** Binding an account needs a wallet sign-in at most this old: a stolen or forgotten session cannot bind. */
  freshSignInSeconds: number;
  discord: DiscordIntegration | undefined;
  telegram: TelegramIntegration | undefined;
  now: () => Date;
  /** Told after an account was bound (the referral module: a referee's second account may earn the reward). */
  onLinked?: (userId: number) => Promise<void>;
};

export function createSocialLinksService({
  db,
  discord,
  telegram,
  now,
  freshSignInSeconds,
  onLinked,
}: SocialLinksDependencies) {
  /**
   * A binding starts and finishes only from a recent wallet sign-in; an older session is asked to sign in again
   * (docs/security.md, T7). Checked at both ends, since the state lives longer than a short window.
   */
  function assertFreshSignIn(session: SignedIn) {
    if (now().getTime() - session.signedInAt.getTime() > freshSignInSeconds * 1000)
      throw socialLinkErrors.signInAgain();
  }

  async function saveState(
    userId: number,
    provider: SocialProvider,
    state: string,
    redirectUri: string,
    codeVerifier?: string,
  ) {
    await insertState(db, {
      state,
      userId,
      provider,
      redirectUri,
      codeVerifier: codeVerifier ?? null,
      expiresAt: new Date(now().getTime() + socialLinkStateTtlSeconds * 1000),
    });
  }

  /** Consumes the state once, for this user and provider only. */
  async function takeState(userId: number, provider: SocialProvider, state: string) {
    const row = await consumeState(db, { userId, provider, state, now: now() });
    if (!row) throw socialLinkErrors.stateInvalid();
    return row;
  }

  async function link(userId: number, provider: SocialProvider, account: SocialAccount): Promise<FlowLink> {
    const bound = await bindAccount(db, { userId, provider, account, now: now() });
    if (bound.taken) throw socialLinkErrors.taken(provider);
    await onLinked?.(userId);
    return bound.link;
  }

  return {
    async startDiscord(session: SignedIn, origin: string): Promise<{ url: string }> {
      if (!discord) throw socialLinkErrors.notConfigured("discord");
      assertFreshSignIn(session);
      const { userId } = session;
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

    async finishDiscord(session: SignedIn, code: string, state: string): Promise<FlowLink> {
      if (!discord) throw socialLinkErrors.notConfigured("discord");
      assertFreshSignIn(session);
      const { userId } = session;
      const started = await takeState(userId, "discord", state);
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

    async startTelegram(session: SignedIn, origin: string): Promise<{ url: string }> {
      if (!telegram) throw socialLinkErrors.notConfigured("telegram");
      assertFreshSignIn(session);
      const { userId } = session;
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

    async finishTelegram(
      session: SignedIn,
      state: string,
      fields: Record<string, string>,
    ): Promise<FlowLink> {
      if (!telegram) throw socialLinkErrors.notConfigured("telegram");
      assertFreshSignIn(session);
      const { userId } = session;
      await takeState(userId, "telegram", state);
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

    /**
     * Binds the X account of a live Sign in with X session to the wallet user (a mission check does it), once:
     * 409 when the account is another wallet's or the wallet already has another X account.
     */
    async bindX(userId: number, account: SocialAccount): Promise<SocialLink> {
      const result = await bindXAccount(db, { userId, account, now: now() });
      if ("bound" in result) {
        // Every X mission check comes here; only a new binding can change what the referral module decided.
        if (result.created) await onLinked?.(userId);
        return result.bound;
      }
      if (result.taken === "account") throw socialLinkErrors.xTaken();
      throw socialLinkErrors.walletHasOtherX(result.username);
    },

    async unlink(userId: number, provider: SocialProvider): Promise<void> {
      await deleteLink(db, userId, provider);
    },

    /** The accounts bound to the user: X, Discord and Telegram, each when bound. */
    async linksOf(userId: number): Promise<Partial<Record<LinkedProvider, SocialLink>>> {
      const rows = await linksOfUser(db, userId);
      return Object.fromEntries(rows.map((row) => [row.provider, row]));
    },
  };
}

export type SocialLinksService = ReturnType<typeof createSocialLinksService>;
