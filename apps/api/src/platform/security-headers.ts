import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** The Content-Security-Policy the SPA runs under: no inline or eval'd scripts. */
export const securityHeaderOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // WebAssembly (the fairness verifier's keccak) may compile; JavaScript eval stays forbidden.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // Mantine injects CSS variables at runtime.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      // Wallets and public RPC endpoints are reached from the browser.
      connectSrc: ["'self'", "https:", "wss:"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers do not depend on the request, so they are computed once at boot and copied onto
 * every reply, instead of re-deriving the policy per request.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions = securityHeaderOptions) {
  const headers = computeSecurityHeaders(options);
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(headers);
  });
}
