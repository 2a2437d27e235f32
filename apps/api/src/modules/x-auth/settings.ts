import { createHash } from "node:crypto";
import type { Db } from "@dropfair/db";
import type { FastifyBaseLogger } from "fastify";
import type { XIntegration } from "../../platform/x.ts";

/** The web app's route X sends the browser back to. */
export const xReturnPath = "/auth/twitter";
/** A sign-in attempt must come back within this time. X's own codes live 30 seconds. */
export const xSignInStateTtlSeconds = 600;

export type XAuthDependencies = {
  db: Db;
  project: string;
  x: XIntegration;
  sessionTtlSeconds: number;
  now?: () => Date;
  logger?: FastifyBaseLogger;
};

/** Session tokens are stored as their SHA-256, so a database leak hands out no usable token. */
export function hashXToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
