import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthService, Session } from "../modules/auth/service.ts";
import { errors } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    session: Session | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{16,200})$/i.exec(header);
  return match?.[1];
}

/** Resolves the bearer token on every request; routes that need a user call requireSession. */
export function installAuthentication(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request);
    if (token) request.session = (await auth.authenticate(token)) ?? null;
  });
}

export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.session) throw errors.unauthorized();
}

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw errors.unauthorized();
  return request.session;
}
