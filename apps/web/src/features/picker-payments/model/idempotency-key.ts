import { ApiError } from "../../../shared/api/errors";

/** A fresh Idempotency-Key (the API accepts letters, digits and `_-:.`, up to 100). */
export function newIdempotencyKey(prefix: string): string {
  return `${prefix}:${crypto.randomUUID()}`;
}

/**
 * Whether a retry after `error` may reuse the same key. Only when no answer came back (network failure or
 * timeout): the server may have done the work, and the same key then replays its answer. After an answer, even
 * a refusal such as "not mined yet", a retry needs a new key, or the server would replay that refusal.
 */
export function keepsIdempotencyKey(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.kind === "network" || (error.kind === "global" && error.status === undefined))
  );
}
