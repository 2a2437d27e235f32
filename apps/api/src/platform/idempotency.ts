// Idempotency-Key (T15 in docs/security.md): a retried request with the same key and body gets the first
// answer, and its effect happens once. Keys are scoped to the caller.
import { createHash, randomUUID } from "node:crypto";
import { and, type Db, eq, idempotencyKeys, type SQL, sql } from "@dropfair/db";
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
 * How long an attempt holds its key without renewing it. The attempt renews it every third of this while its
 * handler runs, so only an attempt that died (a crashed or killed process) lets it run out; a retry then takes
 * the key over instead of getting 409 until the key expires a day later.
 */
export const idempotencyLeaseMs = 15_000;

/** The usual scope of a key: the signed-in wallet; an anonymous request keeps none (and is refused anyway). */
export function walletScope(request: FastifyRequest): string | null {
  return request.session ? `wallet:${request.session.userId}` : null;
}

/**
 * Runs `handler` once per (scope, Idempotency-Key). Without the header it simply runs. A replay with the
 * same body answers what the first call answered (errors included); a different body, or a replay while
 * the first is still running, gets 409. `scope` is the signed-in caller; an anonymous request (null) keeps
 * no key, so strangers neither share answers nor fill the table (the route refuses them anyway).
 *
 * The key is held by the attempt that claimed it (`owner`) under a lease it renews while the handler runs. A
 * server-side failure gives the key up at once; an attempt that died leaves its lease to run out, after which
 * a retry with the same body takes the key over and runs the handler. Known limit: an attempt that died after
 * its handler's writes committed but before its answer was stored is run again by the retry; the handlers'
 * own checks (state, unique rows) are what keep that second run from doubling an effect.
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
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  await db
    .delete(idempotencyKeys)
    .where(
      and(
        thisKey,
        sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${idempotencyTtlMs / 1000})`,
      ),
    );
  const owner = randomUUID();
  const leaseEnd = sql`now() + make_interval(secs => ${idempotencyLeaseMs / 1000})`;
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, key, route, requestHash, owner, leaseUntil: leaseEnd })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  // The key is someone else's: the same request whose attempt died (its lease ran out) is taken over.
  const takenOver =
    claimed.length > 0
      ? claimed
      : await db
          .update(idempotencyKeys)
          .set({ owner, leaseUntil: leaseEnd })
          .where(
            and(
              thisKey,
              eq(idempotencyKeys.requestHash, requestHash),
              sql`${idempotencyKeys.statusCode} is null`,
              sql`(${idempotencyKeys.leaseUntil} is null or ${idempotencyKeys.leaseUntil} < now())`,
            ),
          )
          .returning({ key: idempotencyKeys.key });
  if (takenOver.length === 0) return replay(db, thisKey, requestHash, reply);

  const ours = and(thisKey, eq(idempotencyKeys.owner, owner));
  const renewal = setInterval(() => {
    db.update(idempotencyKeys)
      .set({ leaseUntil: leaseEnd })
      .where(and(ours, sql`${idempotencyKeys.statusCode} is null`))
      .catch((error: unknown) => request.log.warn({ err: error }, "idempotency lease not renewed"));
  }, idempotencyLeaseMs / 3);
  const save = (answer: Answer) =>
    db
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, response: answer, leaseUntil: null })
      .where(ours);
  try {
    const body = await handler();
    // The handler may answer another success status (202 for work started in the background).
    await save({ statusCode: reply.statusCode, body });
    return body;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      await save({
        statusCode: error.statusCode,
        body: { typeCode: error.typeCode, messageKey: error.messageKey, params: error.params },
      });
    } else {
      // A server-side failure leaves nothing behind: the client may retry with the same key.
      await db.delete(idempotencyKeys).where(ours);
    }
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

/** The stored answer of the key's first call, or 409 when it is still running or had another body. */
async function replay<T>(
  db: Db,
  thisKey: SQL | undefined,
  requestHash: string,
  reply: FastifyReply,
): Promise<T> {
  const [existing] = await db.select().from(idempotencyKeys).where(thisKey);
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
