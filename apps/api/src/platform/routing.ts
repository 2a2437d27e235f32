// Hooks decide on the route Fastify will run, never on the raw URL: the router decodes `%61pi` to `api`, so a
// check of `request.url` would let an encoded spelling of an API path skip rate limits and authentication.
import type { FastifyRequest } from "fastify";

/** The path as a router would read it: percent-decoded, slashes collapsed, dot segments resolved. */
export function normalisedPath(url: string): string {
  const raw = url.split("?")[0] ?? "/";
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape stays as it is; the router refuses it.
  }
  const segments: string[] = [];
  for (const segment of decoded.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/** The route pattern the request matched (`/api/bounty/airdrop/:id`), or the normalised path when none did. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? normalisedPath(request.url);
}

/** Whether the request is for our HTTP API (rate-limited, authenticated, answered with the envelope). */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = routeOf(request).toLowerCase();
  return route === "/api" || route.startsWith("/api/");
}
