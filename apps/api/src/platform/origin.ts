import type { FastifyRequest } from "fastify";

/** The app origin the browser is on, when it is one of ours; otherwise the canonical (first) one. */
export function browserOrigin(request: FastifyRequest, allowedOrigins: string[]): string {
  for (const candidate of [request.headers.origin, request.headers.referer]) {
    if (!candidate) continue;
    try {
      const origin = new URL(candidate).origin;
      if (allowedOrigins.includes(origin)) return origin;
    } catch {
      // not a URL: try the next header
    }
  }
  return allowedOrigins[0]!;
}
