/** Minimal document.cookie helpers; values are URI-encoded. */
export function readCookie(name: string, source: string = document.cookie): string | undefined {
  for (const part of source.split(";")) {
    const [rawKey, ...rest] = part.trim().split("=");
    if (rawKey === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export type CookieOptions = { maxAgeSeconds: number; path?: string };

export function writeCookie(name: string, value: string, { maxAgeSeconds, path = "/" }: CookieOptions) {
  const secure = typeof location !== "undefined" && location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: this module is the one place cookies are written; the Cookie Store API is not in every browser we support
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${path}; SameSite=Lax${secure}`;
}

export function removeCookie(name: string, path = "/") {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie
  document.cookie = `${name}=; Max-Age=0; Path=${path}; SameSite=Lax`;
}
