// What the sandboxes' browser pages share: escaping, a strict CSP without scripts, and redirects back to the app.
import type { FastifyInstance, FastifyReply } from "fastify";

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

/** `default-src 'none'`: no scripts at all; forms may post to the page itself and to the app it returns to. */
export function contentSecurityPolicy(returnUrl?: string): string {
  let formAction = "'self'";
  try {
    // Chromium applies form-action to the redirect that follows the form post.
    if (returnUrl) formAction += ` ${new URL(returnUrl).origin}`;
  } catch {
    // An invalid return URL never gets a redirect.
  }
  return `default-src 'none'; style-src 'self'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`;
}

export function sendHtml(reply: FastifyReply, status: number, body: string, returnUrl?: string) {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("content-security-policy", contentSecurityPolicy(returnUrl))
    .header("x-frame-options", "DENY")
    .header("referrer-policy", "no-referrer")
    .header("cache-control", "no-store")
    .send(body);
}

/** `url` with `params` set in its query (undefined ones left out), keeping what the query already had. */
export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) target.searchParams.set(key, value);
  }
  return target.toString();
}

export function isHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** One value of a query or form field (the last one when repeated). */
export function field(source: unknown, name: string): string | undefined {
  const value = ((source ?? {}) as Record<string, unknown>)[name];
  if (Array.isArray(value)) {
    const last = value[value.length - 1];
    return typeof last === "string" ? last : undefined;
  }
  return typeof value === "string" ? value : undefined;
}

/** application/x-www-form-urlencoded bodies as a plain object, once per Fastify instance tree. */
export function acceptFormBodies(instance: FastifyInstance): void {
  if (instance.hasContentTypeParser("application/x-www-form-urlencoded")) return;
  instance.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/** The request path below the plugin's mount prefix, without the query. */
export function pathBelow(prefix: string, url: string): string {
  const path = url.split("?")[0] ?? "";
  return prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/** A page style shared by the consent pages: plain, readable, with a visible "Sandbox" badge. */
export function pageStylesheet(accent: string): string {
  return `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f2f3f5;color:#060607;margin:0}
main{max-width:480px;margin:40px auto;background:#fff;border:1px solid #d4d7dc;border-radius:12px;padding:28px}
h1{font-size:22px;margin:0 0 4px}p{margin:6px 0}.muted{color:#5c5e66;font-size:13px}
.badge{display:inline-block;background:#ffd400;color:#060607;border-radius:6px;padding:1px 8px;font-size:12px;font-weight:700}
ul{list-style:none;padding:0;margin:12px 0}li{margin:0 0 8px}
button{font:inherit;cursor:pointer;border-radius:8px;border:1px solid #d4d7dc;background:#fff;padding:8px 16px}
.account{width:100%;text-align:left;display:flex;gap:10px;align-items:center}
.account:hover,.account:focus{background:#f2f3f5}
.avatar{width:32px;height:32px;border-radius:50%;background:${accent};color:#fff;display:inline-flex;align-items:center;justify-content:center;font-weight:700}
.error{color:#da373c}.scopes{font-size:13px;color:#5c5e66;padding-left:18px;list-style:disc}form.inline{display:flex;gap:8px;margin-top:8px}
`;
}
