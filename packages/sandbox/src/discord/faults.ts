// Fault injection for the Discord sandbox: Discord's 429 bodies and headers, and 5xx.
import type { FastifyReply } from "fastify";
import { type ArmedFault, FaultList, type FaultSpecBase } from "../shared/faults.ts";

export type DiscordFaultKind =
  /** 429 with Discord's body and headers (`retryAfterSeconds`, default 1.5; `scope` user, global or shared). */
  | "429"
  /** A 5xx (`status`, default 502). */
  | "5xx";

export type DiscordFaultSpec = FaultSpecBase<DiscordFaultKind> & {
  retryAfterSeconds?: number;
  scope?: "user" | "global" | "shared";
  status?: number;
};

export class DiscordFaults extends FaultList<DiscordFaultKind, DiscordFaultSpec> {}

/** Seconds with millisecond precision, as X-RateLimit-Reset and -Reset-After carry them. */
export const headerSeconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/** Discord's per-bucket headers: X-RateLimit-Limit, -Remaining, -Reset (epoch seconds), -Reset-After and -Bucket. */
export function setBucketHeaders(
  reply: FastifyReply,
  state: { limit: number; remaining: number; resetAt: number; resetAfterMs: number; bucket: string },
): void {
  reply.header("x-ratelimit-limit", String(state.limit));
  reply.header("x-ratelimit-remaining", String(state.remaining));
  reply.header("x-ratelimit-reset", headerSeconds(state.resetAt));
  reply.header("x-ratelimit-reset-after", headerSeconds(state.resetAfterMs));
  reply.header("x-ratelimit-bucket", state.bucket);
}

/** A 429 as Discord sends it: the body with retry_after, Retry-After, and the bucket's headers when there is one. */
export function sendRateLimited(
  reply: FastifyReply,
  now: number,
  retryAfterMs: number,
  scope: "user" | "global" | "shared",
  bucket?: { limit: number; bucket: string },
) {
  reply.header("retry-after", String(Math.ceil(retryAfterMs / 1000)));
  reply.header("x-ratelimit-scope", scope);
  if (scope === "global") reply.header("x-ratelimit-global", "true");
  if (bucket) {
    setBucketHeaders(reply, {
      ...bucket,
      remaining: 0,
      resetAt: now + retryAfterMs,
      resetAfterMs: retryAfterMs,
    });
  }
  return reply.status(429).send({
    message: scope === "shared" ? "The resource is being rate limited." : "You are being rate limited.",
    retry_after: Number((retryAfterMs / 1000).toFixed(3)),
    global: scope === "global",
  });
}

/** Answers a fired fault. */
export function sendFault(
  reply: FastifyReply,
  fault: ArmedFault<DiscordFaultSpec>,
  now: number,
  bucket?: { limit: number; bucket: string },
) {
  if (fault.spec.kind === "429") {
    const scope = fault.spec.scope ?? "user";
    return sendRateLimited(
      reply,
      now,
      (fault.spec.retryAfterSeconds ?? 1.5) * 1000,
      scope,
      scope === "global" ? undefined : bucket,
    );
  }
  const status = fault.spec.status ?? 502;
  return reply.status(status).send({ message: `${status}: Bad Gateway`, code: 0 });
}
