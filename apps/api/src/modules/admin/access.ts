import type { FastifyRequest } from "fastify";
import { type Session, sessionOf } from "../../platform/auth.ts";
import { adminErrors } from "./errors.ts";

/** Who may curate the platform: the wallet addresses listed in `ADMIN_ADDRESSES`. */
export type AdminAccess = {
  isAdmin(address: string): boolean;
  /**
   * The caller's wallet session when it belongs to an administrator. Use it as a route's `onRequest` hook, so a
   * body is never read for anyone else: 401 without a wallet session, 403 'Administrators only.' otherwise.
   */
  requireAdmin(request: FastifyRequest): Promise<Session>;
};

export function createAdminAccess(adminAddresses: readonly string[]): AdminAccess {
  const admins = new Set(adminAddresses.map((address) => address.toLowerCase()));
  const isAdmin = (address: string) => admins.has(address.toLowerCase());
  return {
    isAdmin,
    async requireAdmin(request) {
      const session = sessionOf(request);
      if (!isAdmin(session.address)) throw adminErrors.adminRequired();
      return session;
    },
  };
}
