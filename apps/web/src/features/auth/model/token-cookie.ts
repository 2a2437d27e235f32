import { readCookie, removeCookie, writeCookie } from "../../../shared/lib/cookies";

/** The token cookie lives 365 days on path /. */
export const tokenCookieMaxAgeSeconds = 31_536_000;

/** The token cookie's value (JSON): the project is stored uppercase, expireTime in unix seconds. */
export type TokenCookie = {
  address: string;
  project: string;
  token: string;
  expireTime?: number;
};

export function tokenCookieName(project: string) {
  return `${project.toLowerCase()}_token`;
}

export function parseTokenCookie(raw: string | undefined): TokenCookie | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<TokenCookie> | null;
    if (!value || typeof value !== "object") return undefined;
    if (
      typeof value.address !== "string" ||
      typeof value.project !== "string" ||
      typeof value.token !== "string"
    ) {
      return undefined;
    }
    if (!value.token) return undefined;
    return {
      address: value.address,
      project: value.project,
      token: value.token,
      ...(typeof value.expireTime === "number" ? { expireTime: value.expireTime } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Expiry in milliseconds; 10-digit values are unix seconds, larger ones milliseconds. */
function expiryMs(expireTime: number) {
  return expireTime < 1e12 ? expireTime * 1000 : expireTime;
}

/** A token is absent once expired or when it has no expiry at all. */
export function isTokenCookieLive(cookie: TokenCookie, now = Date.now()): boolean {
  return (
    typeof cookie.expireTime === "number" &&
    Number.isFinite(cookie.expireTime) &&
    expiryMs(cookie.expireTime) > now
  );
}

/** A cached token is reused only for the same project and the same address, both case-insensitively. */
export function isReusableToken(
  cookie: TokenCookie | undefined,
  expected: { project: string; address?: string | undefined },
  now = Date.now(),
): cookie is TokenCookie {
  if (!cookie || !isTokenCookieLive(cookie, now)) return false;
  if (cookie.project.toLowerCase() !== expected.project.toLowerCase()) return false;
  if (expected.address !== undefined && cookie.address.toLowerCase() !== expected.address.toLowerCase())
    return false;
  return true;
}

export function readTokenCookie(project: string): TokenCookie | undefined {
  return parseTokenCookie(readCookie(tokenCookieName(project)));
}

export function writeTokenCookie(
  project: string,
  value: { address: string; token: string; expireTime: number },
) {
  const cookie: TokenCookie = { ...value, project: project.toUpperCase() };
  writeCookie(tokenCookieName(project), JSON.stringify(cookie), {
    maxAgeSeconds: tokenCookieMaxAgeSeconds,
    path: "/",
  });
}

export function clearTokenCookie(project: string) {
  removeCookie(tokenCookieName(project), "/");
}
