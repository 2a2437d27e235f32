// "Sign in with X": OAuth 2.0 Authorization Code + PKCE (INTEGRATIONS.md §1.8), read-only scopes. The state
// and the PKCE verifier stay on the server; the browser only ever holds our own `xs_` session token.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@dropfair/db";
import { type XSignInResult, xSessionTokenPrefix } from "@dropfair/schemas/auth";
import { XOAuthError } from "@dropfair/social/x";
import {
  exchangeCode,
  refreshAccessToken,
  revokeToken,
  signInScopes,
  startAuthorization,
} from "@dropfair/social/x-oauth";
import type { FastifyBaseLogger } from "fastify";
import { isXSessionToken, type XSession } from "../../platform/auth.ts";
import { errors } from "../../platform/errors.ts";
import type { XIntegration, XOAuthSettings } from "../../platform/x.ts";
import {
  consumeSignInState,
  findActiveXSession,
  findXSessionTokens,
  insertSignInState,
  insertXSession,
  revokeXSession,
  updateXSessionTokens,
  upsertXAccount,
} from "./repository.ts";

/** The SPA route X sends the browser back to (SPEC §2 `auth/twitter`). */
export const xReturnPath = "/auth/twitter";
/** A sign-in attempt must come back within this time. X's own codes live 30 seconds. */
export const xSignInStateTtlSeconds = 600;
/** Calls to X's token and revoke endpoints give up after this long. */
const oauthTimeoutMs = 15_000;

export type XAuthServiceOptions = {
  db: Db;
  project: string;
  x: XIntegration;
  sessionTtlSeconds: number;
  now?: () => Date;
  logger?: FastifyBaseLogger;
};

export function hashXToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function createXAuthService(options: XAuthServiceOptions) {
  const now = options.now ?? (() => new Date());

  function oauthSettings(): XOAuthSettings {
    if (!options.x.oauth) throw errors.xNotConfigured();
    return options.x.oauth;
  }

  function credentials(oauth: XOAuthSettings) {
    const fetchWithTimeout: typeof fetch = (input, init) =>
      oauth.fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(oauthTimeoutMs) });
    return {
      clientId: oauth.clientId,
      ...(oauth.clientSecret === undefined ? {} : { clientSecret: oauth.clientSecret }),
      fetch: fetchWithTimeout,
    };
  }

  /** X's refusals of a grant are the user's to retry; anything else means X is not answering properly. */
  function upstreamFailure(error: unknown) {
    return error instanceof XOAuthError ? errors.xSignInRejected(error) : errors.xUnavailable(error);
  }

  async function revokeAtX(tokens: (string | null)[]) {
    const oauth = options.x.oauth;
    if (!oauth) return;
    const results = await Promise.allSettled(
      tokens
        .filter((token): token is string => Boolean(token))
        .map((token) => revokeToken({ ...credentials(oauth), revokeUrl: oauth.revokeUrl, token })),
    );
    for (const result of results) {
      if (result.status === "rejected")
        options.logger?.warn({ err: result.reason, event: "x-auth.revoke", outcome: "failed" });
    }
  }

  return {
    /**
     * Starts a sign-in: keeps the state and PKCE verifier for ten minutes and returns X's consent page URL.
     * `origin` is the app origin the browser is on; X sends it back to `{origin}/auth/twitter`.
     */
    async authorize(input: { origin: string; returnTo: string; userId: number | null }) {
      const oauth = oauthSettings();
      const redirectUri = `${input.origin}${xReturnPath}`;
      const start = startAuthorization({
        authorizeUrl: oauth.authorizeUrl(input.origin),
        clientId: oauth.clientId,
        redirectUri,
        scopes: signInScopes,
      });
      const createdAt = now();
      await insertSignInState(options.db, {
        state: start.state,
        project: options.project,
        codeVerifier: start.codeVerifier,
        redirectUri,
        returnTo: input.returnTo,
        userId: input.userId,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + xSignInStateTtlSeconds * 1000),
      });
      return { url: start.url, state: start.state };
    },

    /**
     * Finishes a sign-in. The state is consumed first and atomically, so it works once whatever happens next;
     * `browserState` is the state this browser started (its sign-in cookie): another browser's state is refused.
     */
    async callback(input: {
      state: string;
      code: string;
      browserState: string | undefined;
    }): Promise<XSignInResult> {
      const oauth = oauthSettings();
      if (!input.browserState || input.browserState !== input.state) throw errors.xSignInStateInvalid();
      const time = now();
      const attempt = await consumeSignInState(options.db, input.state, options.project, time);
      if (!attempt) throw errors.xSignInStateInvalid();

      const tokens = await exchangeCode({
        ...credentials(oauth),
        tokenUrl: oauth.tokenUrl,
        code: input.code,
        redirectUri: attempt.redirectUri,
        codeVerifier: attempt.codeVerifier,
      }).catch((error: unknown) => {
        throw upstreamFailure(error);
      });
      const user = await options.x.client
        .withToken(tokens.accessToken)
        .me({ userFields: ["profile_image_url"] })
        .catch((error: unknown) => {
          throw errors.xUnavailable(error);
        });

      const token = `${xSessionTokenPrefix}${randomBytes(32).toString("base64url")}`;
      const expiresAt = new Date(time.getTime() + options.sessionTtlSeconds * 1000);
      const account = {
        id: user.id,
        username: user.username,
        name: user.name,
        avatarUrl: user.profile_image_url ?? null,
      };
      await options.db.transaction(async (tx) => {
        await upsertXAccount(tx, account, time);
        await insertXSession(tx, {
          tokenHash: hashXToken(token),
          xUserId: user.id,
          project: options.project,
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken ?? null,
          accessTokenExpiresAt: new Date(time.getTime() + tokens.expiresIn * 1000),
          createdAt: time,
          expiresAt,
        });
      });
      return {
        project: options.project,
        token,
        expireAt: Math.floor(expiresAt.getTime() / 1000),
        account: {
          id: account.id,
          username: account.username,
          name: account.name,
          avatar: account.avatarUrl ?? "",
        },
        returnTo: attempt.returnTo,
      };
    },

    /** The live X session of an `xs_` token; expired, revoked, unknown or other-project tokens are absent. */
    async authenticate(token: string): Promise<XSession | undefined> {
      if (!isXSessionToken(token)) return undefined;
      const time = now();
      const row = await findActiveXSession(options.db, hashXToken(token), time);
      if (!row || row.project.toLowerCase() !== options.project.toLowerCase()) return undefined;
      const accessTokenLive =
        row.accessToken !== null && row.accessTokenExpiresAt !== null && row.accessTokenExpiresAt > time;
      return {
        id: row.id,
        xUserId: row.xUserId,
        username: row.username,
        name: row.name,
        avatarUrl: row.avatarUrl,
        accessToken: accessTokenLive ? row.accessToken : null,
        project: row.project,
        expiresAt: row.expiresAt,
      };
    },

    /**
     * X's user-context access token for this session, refreshed with the (rotating) refresh token when it has
     * expired. Null when X no longer accepts the refresh token: the user must sign in with X again.
     */
    async freshAccessToken(session: XSession): Promise<string | null> {
      if (session.accessToken) return session.accessToken;
      const stored = await findXSessionTokens(options.db, session.id);
      const time = now();
      if (stored?.accessToken && stored.accessTokenExpiresAt && stored.accessTokenExpiresAt > time)
        return stored.accessToken;
      if (!stored?.refreshToken || !options.x.oauth) return null;
      const oauth = options.x.oauth;
      try {
        const refreshed = await refreshAccessToken({
          ...credentials(oauth),
          tokenUrl: oauth.tokenUrl,
          refreshToken: stored.refreshToken,
        });
        await updateXSessionTokens(options.db, session.id, {
          accessToken: refreshed.accessToken,
          refreshToken: refreshed.refreshToken ?? stored.refreshToken,
          accessTokenExpiresAt: new Date(time.getTime() + refreshed.expiresIn * 1000),
        });
        return refreshed.accessToken;
      } catch (error) {
        if (error instanceof XOAuthError) return null;
        throw errors.xUnavailable(error);
      }
    },

    /** Ends the X session at once, then revokes its X tokens (best effort: X being down does not block logout). */
    async logout(session: XSession): Promise<void> {
      const tokens = await revokeXSession(options.db, session.id, now());
      if (tokens) await revokeAtX([tokens.accessToken, tokens.refreshToken]);
    },
  };
}

export type XAuthService = ReturnType<typeof createXAuthService>;
