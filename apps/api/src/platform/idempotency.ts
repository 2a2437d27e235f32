// Idempotency-Key (T15 in docs/security.md): a retried request with the same key and body gets the first
// answer, and its effect happens once. Keys are scoped to the caller.
import { createHash } from "node:crypto";
import { and, type Db, eq, idempotencyKeys, sql } from "@dropfair/db";
import { typeCodes } from "@dropfair/schemas/envelope";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

const keyPattern = /^[A-Za-z0-9_\-:.]{1,100}$/;
/** Keys are kept a day: long enough for any client retry. */
export const idempotencyTtlMs = 24 * 60 * 60 * 1000;

type Answer = { statusCode: number; body: unknown };

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/**
 * Runs `handler` once per (scope, Idempotency-Key). Without the header it simply runs. A replay with the
 * same body answers what the first call answered (errors included); a different body, or a replay while
 * the first is still running, gets 409. `scope` is the signed-in caller; an anonymous request (null) keeps
 * no key, so strangers neither share answers nor fill the table (the route refuses them anyway).
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string | null,
  handler: () => Promise<T>,
): Promise<T> {
  const header = request.headers["idempotency-key"];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || scope === null) return handler();
  if (!keyPattern.test(key)) throw new AppError(typeCodes.badRequest, 400, "errors.idempotencyKeyInvalid");
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const requestHash = createHash("sha256")
    .update(`${route}\n${request.url}\n${stableJson(request.body ?? null)}`)
    .digest("hex");

  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${idempotencyTtlMs / 1000})`,
      ),
    );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ scope, key, route, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!existing || existing.requestHash !== requestHash || existing.statusCode === null) {
      throw new AppError(typeCodes.conflict, 409, "picker.idempotencyConflict");
    }
    const answer = existing.response as Answer;
    reply.header("idempotent-replayed", "true");
    reply.status(answer.statusCode);
    if (answer.statusCode >= 400) {
      const stored = answer.body as { typeCode: number; messageKey: string; params: Record<string, unknown> };
      throw new AppError(stored.typeCode, answer.statusCode, stored.messageKey, stored.params);
    }
    return answer.body as T;
  }

  const save = (answer: Answer) =>
    db
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, response: answer })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  try {
    const body = await handler();
    await save({ statusCode: 200, body });
    return body;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      await save({
        statusCode: error.statusCode,
        body: { typeCode: error.typeCode, messageKey: error.messageKey, params: error.params },
      });
    } else {
      // A server-side failure leaves nothing behind: the client may retry with the same key.
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    }
    throw error;
  }
}
