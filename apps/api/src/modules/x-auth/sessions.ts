// Our X sessions: resolving a token, keeping X's user-context token fresh, logging out.
import { XOAuthError } from "@dropfair/social/x";
import { refreshAccessToken } from "@dropfair/social/x-oauth";
import { isXSessionToken, type XSession } from "../../platform/auth.ts";
import { errors } from "../../platform/errors.ts";
import { clock, credentials, revokeAtX } from "./oauth.ts";
import {
  findActiveXSession,
  findXSessionTokens,
  revokeXSession,
  updateXSessionTokens,
} from "./repository.ts";
import { hashXToken, type XAuthDependencies } from "./settings.ts";

/** The live X session of an `xs_` token; expired, revoked, unknown or other-project tokens are absent. */
export async function authenticateXSession(
  dependencies: XAuthDependencies,
  token: string,
): Promise<XSession | undefined> {
  if (!isXSessionToken(token)) return undefined;
  const time = clock(dependencies);
  const row = await findActiveXSession(dependencies.db, hashXToken(token), time);
  if (!row || row.project.toLowerCase() !== dependencies.project.toLowerCase()) return undefined;
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
}

/**
 * X's user-context access token for this session, refreshed with the (rotating) refresh token when it has
 * expired. Null when X no longer accepts the refresh token: the user must sign in with X again.
 */
export async function freshXAccessToken(
  dependencies: XAuthDependencies,
  session: XSession,
): Promise<string | null> {
  if (session.accessToken) return session.accessToken;
  const stored = await findXSessionTokens(dependencies.db, session.id);
  const time = clock(dependencies);
  if (stored?.accessToken && stored.accessTokenExpiresAt && stored.accessTokenExpiresAt > time)
    return stored.accessToken;
  if (!stored?.refreshToken || !dependencies.x.oauth) return null;
  const oauth = dependencies.x.oauth;
  try {
    const refreshed = await refreshAccessToken({
      ...credentials(oauth),
      tokenUrl: oauth.tokenUrl,
      refreshToken: stored.refreshToken,
    });
    await updateXSessionTokens(dependencies.db, session.id, {
      accessToken: refreshed.accessToken,
      refreshToken: refreshed.refreshToken ?? stored.refreshToken,
      accessTokenExpiresAt: new Date(time.getTime() + refreshed.expiresIn * 1000),
    });
    return refreshed.accessToken;
  } catch (error) {
    if (error instanceof XOAuthError) return null;
    throw errors.xUnavailable(error);
  }
}

/** Ends the X session at once, then revokes its X tokens (best effort: X being down does not block logout). */
export async function logoutXSession(dependencies: XAuthDependencies, session: XSession): Promise<void> {
  const tokens = await revokeXSession(dependencies.db, session.id, clock(dependencies));
  if (tokens) await revokeAtX(dependencies, [tokens.accessToken, tokens.refreshToken]);
}
