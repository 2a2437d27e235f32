// Signing in with X: the consent page and the callback. The state and PKCE verifier stay on our server.
import { randomBytes } from "node:crypto";
import { type XSignInResult, xSessionTokenPrefix } from "@dropfair/schemas/auth";
import { exchangeCode, signInScopes, startAuthorization } from "@dropfair/social/x-oauth";
import { errors } from "../../platform/errors.ts";
import { clock, credentials, oauthSettings, upstreamFailure } from "./oauth.ts";
import { consumeSignInState, insertSignInState, insertXSession, upsertXAccount } from "./repository.ts";
import { hashXToken, type XAuthDependencies, xReturnPath, xSignInStateTtlSeconds } from "./settings.ts";

/**
 * Starts a sign-in: keeps the state and PKCE verifier for ten minutes and returns X's consent page URL.
 * `origin` is the app origin the browser is on; X sends it back to `{origin}/auth/twitter`.
 */
export async function startXSignIn(
  dependencies: XAuthDependencies,
  input: { origin: string; returnTo: string; userId: number | null },
) {
  const oauth = oauthSettings(dependencies);
  const redirectUri = `${input.origin}${xReturnPath}`;
  const start = startAuthorization({
    authorizeUrl: oauth.authorizeUrl(input.origin),
    clientId: oauth.clientId,
    redirectUri,
    scopes: signInScopes,
  });
  const createdAt = clock(dependencies);
  await insertSignInState(dependencies.db, {
    state: start.state,
    project: dependencies.project,
    codeVerifier: start.codeVerifier,
    redirectUri,
    returnTo: input.returnTo,
    userId: input.userId,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + xSignInStateTtlSeconds * 1000),
  });
  return { url: start.url, state: start.state };
}

/**
 * Finishes a sign-in. The state is consumed first and atomically, so it works once whatever happens next;
 * `browserState` is the state this browser started (its sign-in cookie): another browser's state is refused.
 */
export async function finishXSignIn(
  dependencies: XAuthDependencies,
  input: {
    state: string;
    code: string;
    browserState: string | undefined;
  },
): Promise<XSignInResult> {
  const oauth = oauthSettings(dependencies);
  if (!input.browserState || input.browserState !== input.state) throw errors.xSignInStateInvalid();
  const time = clock(dependencies);
  const attempt = await consumeSignInState(dependencies.db, input.state, dependencies.project, time);
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
  const user = await dependencies.x.client
    .withToken(tokens.accessToken)
    .me({ userFields: ["profile_image_url"] })
    .catch((error: unknown) => {
      throw errors.xUnavailable(error);
    });

  const token = `${xSessionTokenPrefix}${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(time.getTime() + dependencies.sessionTtlSeconds * 1000);
  const account = {
    id: user.id,
    username: user.username,
    name: user.name,
    avatarUrl: user.profile_image_url ?? null,
  };
  await dependencies.db.transaction(async (tx) => {
    await upsertXAccount(tx, account, time);
    await insertXSession(tx, {
      tokenHash: hashXToken(token),
      xUserId: user.id,
      project: dependencies.project,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? null,
      accessTokenExpiresAt: new Date(time.getTime() + tokens.expiresIn * 1000),
      createdAt: time,
      expiresAt,
    });
  });
  return {
    project: dependencies.project,
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
}
