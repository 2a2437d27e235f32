import { createHash } from "node:crypto";
import {
  and,
  type DbWriter,
  desc,
  eq,
  gt,
  isNull,
  lt,
  or,
  preparedStatement,
  sessions,
  signInNonces,
  sql,
  users,
} from "@dropfair/db";
import type { Address } from "viem";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function insertNonce(
  db: DbWriter,
  row: {
    nonce: string;
    project: string;
    address: Address;
    chainId: number;
    message: string;
    issuedAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(signInNonces).values(row);
}

/** The most recent outstanding message for this wallet, used when the client sends only a signature. */
export async function findLatestOpenNonce(db: DbWriter, project: string, address: Address, now: Date) {
  const [row] = await db
    .select()
    .from(signInNonces)
    .where(
      and(
        eq(signInNonces.project, project),
        eq(signInNonces.address, address),
        isNull(signInNonces.consumedAt),
        gt(signInNonces.expiresAt, now),
      ),
    )
    .orderBy(desc(signInNonces.issuedAt))
    .limit(1);
  return row;
}

export async function findNonce(db: DbWriter, nonce: string) {
  const [row] = await db.select().from(signInNonces).where(eq(signInNonces.nonce, nonce)).limit(1);
  return row;
}

/** Marks the nonce used; only one caller can win, however many race (T1). */
export async function consumeNonce(db: DbWriter, nonce: string, now: Date): Promise<boolean> {
  const consumed = await db
    .update(signInNonces)
    .set({ consumedAt: now })
    .where(
      and(eq(signInNonces.nonce, nonce), isNull(signInNonces.consumedAt), gt(signInNonces.expiresAt, now)),
    )
    .returning({ nonce: signInNonces.nonce });
  return consumed.length === 1;
}

/** The wallet's user, made now at its first sign-in (`created`), else with its last login moved to now. */
export async function upsertUser(db: DbWriter, address: Address, now: Date) {
  const [created] = await db
    .insert(users)
    .values({ address, createdAt: now, lastLoginAt: now })
    .onConflictDoNothing({ target: users.address })
    .returning();
  if (created) return { user: created, created: true };
  const [existing] = await db
    .update(users)
    .set({ lastLoginAt: now })
    .where(eq(users.address, address))
    .returning();
  if (!existing) throw new Error("user upsert returned no row");
  return { user: existing, created: false };
}

/** Records the referral parent code bound at the user's first sign-in. */
export async function setParentCode(db: DbWriter, userId: number, parentCode: string): Promise<void> {
  await db.update(users).set({ parentCode }).where(eq(users.id, userId));
}

export async function insertSession(
  db: DbWriter,
  row: {
    tokenHash: string;
    userId: number;
    project: string;
    nonce: string;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  await db.insert(sessions).values(row);
}

/** Every request with a wallet token asks this: a prepared statement. */
export async function findActiveSession(db: DbWriter, tokenHash: string, now: Date) {
  const statement = preparedStatement(db, "auth_find_active_session", (name) =>
    db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        project: sessions.project,
        expiresAt: sessions.expiresAt,
        signedInAt: sessions.createdAt,
        address: users.address,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder("tokenHash")),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder("now")),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ tokenHash, now: now.toISOString() });
  return row;
}

export async function revokeSession(db: DbWriter, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Removes nonces and sessions nobody can use any more; kept for a grace period for audit. */
export async function purgeExpired(
  db: DbWriter,
  before: Date,
): Promise<{ nonces: number; sessions: number }> {
  const deletedNonces = await db
    .delete(signInNonces)
    .where(lt(signInNonces.expiresAt, before))
    .returning({ nonce: signInNonces.nonce });
  const deletedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.id });
  return { nonces: deletedNonces.length, sessions: deletedSessions.length };
}
