// Who is calling: the platform resolves the request's tokens through the authenticators the composition root
// hands it (the auth and x-auth modules), so this layer depends on no module.
import { xSessionTokenPrefix } from "@dropfair/schemas/auth";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Address } from "viem";
import { errors } from "./errors.ts";
import { isApiRequest } from "./routing.ts";

/** A wallet (Sign-In with Ethereum) session. */
export type Session = {
  sessionId: number;
  userId: number;
  address: Address;
  project: string;
  expiresAt: Date;
  /** When the wallet signed the message that opened this session. */
  signedInAt: Date;
};

/** The X account signed in on a request (`request.xSession`). */
export type XSession = {
  id: number;
  /** X's numeric user id, as a string. */
  xUserId: string;
  username: string;
  name: string;
  avatarUrl: string | null;
  /** X's user-context access token while it is valid, else null (the x-auth module refreshes it). */
  accessToken: string | null;
  project: string;
  expiresAt: Date;
};

/** Resolves a token to its live session; expired, revoked and unknown tokens are absent. */
export type Authenticator<S> = { authenticate(token: string): Promise<S | undefined> };

/** Our X session tokens carry a prefix, so one bearer header can hold either kind of token. */
export function isXSessionToken(token: string): boolean {
  return token.startsWith(xSessionTokenPrefix);
}

declare module "fastify" {
  interface FastifyRequest {
    /** The wallet (SIWE) session of the bearer token, or null. */
    session: Session | null;
    /** The X session of `X-Twitter-Token` (or of an `xs_` bearer token), or null. */
    xSession: XSession | null;
  }
}

/** The header the web app sends its X session token in. */
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
  // With no wallet signed in, the web app sends the X token as the bearer.
  return bearer && isXSessionToken(bearer) ? bearer : undefined;
}

/**
 * Resolves the wallet bearer token and the X session token of every API request; routes that need a user
 * call requireSession, routes that act for an X account call requireXSession.
 */
export function installAuthentication(
  app: FastifyInstance,
  auth: Authenticator<Session>,
  xAuth: Authenticator<XSession>,
) {
  app.decorateRequest("session", null);
  app.decorateRequest("xSession", null);
  app.addHook("onRequest", async (request) => {
    // The web app, its assets and the mounted sandbox carry no session of ours.
    if (!isApiRequest(request)) return;
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
  // What a signed-in caller is answered is theirs alone: no shared cache may keep it.
  app.addHook("onSend", async (request, reply) => {
    if ((request.session || request.xSession) && !reply.hasHeader("cache-control"))
      reply.header("cache-control", "no-store");
  });
}

export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.session) throw errors.unauthorized();
}

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw errors.unauthorized();
  return request.session;
}

/** onRequest: the route acts for an X account; 401 'Please sign in with X first.' without a live X session. */
export async function requireXSession(request: FastifyRequest): Promise<void> {
  if (!request.xSession) throw errors.xSignInRequired();
}

export function xSessionOf(request: FastifyRequest): XSession {
  if (!request.xSession) throw errors.xSignInRequired();
  return request.xSession;
}

/** onRequest: a wallet session or an X session (the social status routes answer either). */
export async function requireAnySession(request: FastifyRequest): Promise<void> {
  if (!request.session && !request.xSession) throw errors.unauthorized();
}

/**
 * onRequest: the body must be one of these media types, checked from the header before any of it is read.
 */
export function requireContentType(types: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const mediaType = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (!types.includes(mediaType)) throw errors.unsupportedMediaType(types);
  };
}
