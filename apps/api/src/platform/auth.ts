import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthService, Session } from "../modules/auth/service.ts";
import { isXSessionToken, type XAuthService, type XSession } from "../modules/x-auth/service.ts";
import { errors } from "./errors.ts";

export type { XSession };

declare module "fastify" {
  interface FastifyRequest {
    /** The wallet (SIWE) session of the bearer token, or null. */
    session: Session | null;
    /** The X session of `X-Twitter-Token` (or of an `xs_` bearer token), or null. */
    xSession: XSession | null;
  }
}

/** The header the web app sends its X session token in (SPEC §7). */
export const xTokenHeader = "x-twitter-token";

const tokenPattern = /^\S{16,200}$/;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{16,200})$/i.exec(header);
  return match?.[1];
}

function xTokenOf(request: FastifyRequest, bearer: string | undefined): string | undefined {
  const header = request.headers[xTokenHeader];
  const value = Array.isArray(header) ? header[0] : header;
  if (value && tokenPattern.test(value.trim())) return value.trim();
  // SPEC §7: with no wallet signed in, the web app sends the X token as the bearer.
  return bearer && isXSessionToken(bearer) ? bearer : undefined;
}

/**
 * Resolves the wallet bearer token and the X session token of every API request; routes that need a user
 * call requireSession, routes that act for an X account call requireXSession.
 */
export function installAuthentication(app: FastifyInstance, auth: AuthService, xAuth: XAuthService) {
  app.decorateRequest("session", null);
  app.decorateRequest("xSession", null);
  app.addHook("onRequest", async (request) => {
    // The web app, its assets and the mounted sandbox carry no session of ours.
    if (!request.url.startsWith("/api/")) return;
    const bearer = bearerToken(request);
    const walletToken = bearer && !isXSessionToken(bearer) ? bearer : undefined;
    const xToken = xTokenOf(request, bearer);
    const [session, xSession] = await Promise.all([
      walletToken ? auth.authenticate(walletToken) : undefined,
      xToken ? xAuth.authenticate(xToken) : undefined,
    ]);
    request.session = session ?? null;
    request.xSession = xSession ?? null;
  });
}

export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.session) throw errors.unauthorized();
}

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw errors.unauthorized();
  return request.session;
}

/** preHandler: the route acts for an X account; 401 'Please sign in with X first.' without a live X session. */
export async function requireXSession(request: FastifyRequest): Promise<void> {
  if (!request.xSession) throw errors.xSignInRequired();
}

export function xSessionOf(request: FastifyRequest): XSession {
  if (!request.xSession) throw errors.xSignInRequired();
  return request.xSession;
}

/** preHandler: a wallet session or an X session (the social status routes answer either). */
export async function requireAnySession(request: FastifyRequest): Promise<void> {
  if (!request.session && !request.xSession) throw errors.unauthorized();
}
