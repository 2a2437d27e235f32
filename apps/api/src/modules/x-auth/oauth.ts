// The calls to X's OAuth 2.0 endpoints (token, refresh, revoke), bounded in time, and how their failures read.
import { XOAuthError } from "@dropfair/social/x";
import { revokeToken } from "@dropfair/social/x-oauth";
import { errors } from "../../platform/errors.ts";
import type { XOAuthSettings } from "../../platform/x.ts";
import type { XAuthDependencies } from "./settings.ts";

/** Calls to X's token and revoke endpoints give up after this long. */
const oauthTimeoutMs = 15_000;

export function clock(dependencies: XAuthDependencies): Date {
  return dependencies.now ? dependencies.now() : new Date();
}

export function oauthSettings(dependencies: XAuthDependencies): XOAuthSettings {
  if (!dependencies.x.oauth) throw errors.xNotConfigured();
  return dependencies.x.oauth;
}

export function credentials(oauth: XOAuthSettings) {
  const fetchWithTimeout: typeof fetch = (input, init) =>
    oauth.fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(oauthTimeoutMs) });
  return {
    clientId: oauth.clientId,
    ...(oauth.clientSecret === undefined ? {} : { clientSecret: oauth.clientSecret }),
    fetch: fetchWithTimeout,
  };
}

/** X's refusals of a grant are the user's to retry; anything else means X is not answering properly. */
export function upstreamFailure(error: unknown) {
  return error instanceof XOAuthError ? errors.xSignInRejected(error) : errors.xUnavailable(error);
}

/** Revokes tokens at X; X being down is logged, never thrown (logging out must not depend on X). */
export async function revokeAtX(dependencies: XAuthDependencies, tokens: (string | null)[]) {
  const oauth = dependencies.x.oauth;
  if (!oauth) return;
  const results = await Promise.allSettled(
    tokens
      .filter((token): token is string => Boolean(token))
      .map((token) => revokeToken({ ...credentials(oauth), revokeUrl: oauth.revokeUrl, token })),
  );
  for (const result of results) {
    if (result.status === "rejected")
      dependencies.logger?.warn({ err: result.reason, event: "x-auth.revoke", outcome: "failed" });
  }
}
