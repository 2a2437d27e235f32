import { readCookie, removeCookie } from "../../../shared/lib/cookies";

/** The X sign-in cookie (SPEC §3, §9): project, expireAt, account and token; 7 days. */
export type TwitterAuthCookie = { project: string; expireAt?: number; account?: string; token?: string };

export function twitterAuthCookieName(project: string) {
  return `${project.toLowerCase()}twitter_auth`;
}

export function parseTwitterAuthCookie(raw: string | undefined): TwitterAuthCookie | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<TwitterAuthCookie> | null;
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

/**
 * SPEC §5: the X cookie counts only when its project matches and it has not expired (missing expiry = expired);
 * SPEC §4: X login is true only when both account and token exist.
 */
export function liveTwitterAuth(
  cookie: TwitterAuthCookie | undefined,
  project: string,
  now = Date.now(),
): { account: string; token: string } | undefined {
  if (!cookie || cookie.project.toLowerCase() !== project.toLowerCase()) return undefined;
  if (typeof cookie.expireAt !== "number") return undefined;
  const expiresMs = cookie.expireAt < 1e12 ? cookie.expireAt * 1000 : cookie.expireAt;
  if (expiresMs <= now) return undefined;
  if (!cookie.account || !cookie.token) return undefined;
  return { account: cookie.account, token: cookie.token };
}

export function readTwitterAuth(project: string) {
  return liveTwitterAuth(parseTwitterAuthCookie(readCookie(twitterAuthCookieName(project))), project);
}

export function clearTwitterAuthCookie(project: string) {
  removeCookie(twitterAuthCookieName(project), "/");
  // The SPEC names it "the project plus twitter_auth"; clear the as-configured spelling too.
  if (project !== project.toLowerCase()) removeCookie(`${project}twitter_auth`, "/");
}
