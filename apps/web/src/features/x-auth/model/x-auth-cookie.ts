import { readCookie, removeCookie, writeCookie } from "../../../shared/lib/cookies";

/** The X auth cookie lives 7 days. */
export const xAuthCookieMaxAgeSeconds = 7 * 24 * 3600;

/**
 * The X sign-in cookie (JSON): project (uppercase), expireAt (unix seconds), account (the X user id) and
 * token (our `xs_…` X session token).
 */
export type XAuthCookie = { project: string; expireAt?: number; account?: string; token?: string };

/** Named after the lowercase project plus twitter_auth, e.g. `dropfairtwitter_auth`. */
export function xAuthCookieName(project: string) {
  return `${project.toLowerCase()}twitter_auth`;
}

export function parseXAuthCookie(raw: string | undefined): XAuthCookie | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<XAuthCookie> | null;
    if (!value || typeof value !== "object" || typeof value.project !== "string") return undefined;
    return {
      project: value.project,
      ...(typeof value.expireAt === "number" ? { expireAt: value.expireAt } : {}),
      ...(typeof value.account === "string" ? { account: value.account } : {}),
      ...(typeof value.token === "string" ? { token: value.token } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Expiry in milliseconds; 10-digit values are unix seconds, larger ones milliseconds. */
function expiryMs(expireAt: number) {
  return expireAt < 1e12 ? expireAt * 1000 : expireAt;
}

/**
 * The X cookie counts only when its project matches and it has not expired (missing expiry = expired); and
 * X login is true only when both account and token exist.
 */
export function liveXAuth(
  cookie: XAuthCookie | undefined,
  project: string,
  now = Date.now(),
): { account: string; token: string } | undefined {
  if (!cookie || cookie.project.toLowerCase() !== project.toLowerCase()) return undefined;
  if (typeof cookie.expireAt !== "number" || !Number.isFinite(cookie.expireAt)) return undefined;
  if (expiryMs(cookie.expireAt) <= now) return undefined;
  if (!cookie.account || !cookie.token) return undefined;
  return { account: cookie.account, token: cookie.token };
}

export function readXAuth(project: string, now = Date.now()) {
  return liveXAuth(parseXAuthCookie(readCookie(xAuthCookieName(project))), project, now);
}

/** Keeps the sign-in for 7 days, or less when the server's session ends sooner. */
export function writeXAuthCookie(
  project: string,
  value: { expireAt: number; account: string; token: string },
  now = Date.now(),
) {
  const cookie: XAuthCookie = { project: project.toUpperCase(), ...value };
  const untilExpiry = Math.floor((expiryMs(value.expireAt) - now) / 1000);
  writeCookie(xAuthCookieName(project), JSON.stringify(cookie), {
    maxAgeSeconds: Math.max(0, Math.min(xAuthCookieMaxAgeSeconds, untilExpiry)),
    path: "/",
  });
}

export function clearXAuthCookie(project: string) {
  removeCookie(xAuthCookieName(project), "/");
  // The name is "the project plus twitter_auth", written lowercase; clear the as-configured spelling too.
  if (project !== project.toLowerCase()) removeCookie(`${project}twitter_auth`, "/");
}
