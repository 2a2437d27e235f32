import {
  and,
  type DbWriter,
  eq,
  gt,
  isNull,
  lt,
  or,
  preparedStatement,
  sql,
  xAccounts,
  xSessions,
  xSignInStates,
} from "@dropfair/db";

export async function insertSignInState(
  db: DbWriter,
  row: {
    state: string;
    project: string;
    codeVerifier: string;
    redirectUri: string;
    returnTo: string;
    userId: number | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(xSignInStates).values(row);
}

/**
 * Marks the state used and returns it; only one caller can win, however many race, and an expired, used or
 * unknown state returns nothing.
 */
export async function consumeSignInState(db: DbWriter, state: string, project: string, now: Date) {
  const [row] = await db
    .update(xSignInStates)
    .set({ consumedAt: now })
    .where(
      and(
        eq(xSignInStates.state, state),
        eq(xSignInStates.project, project),
        isNull(xSignInStates.consumedAt),
        gt(xSignInStates.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function upsertXAccount(
  db: DbWriter,
  account: { id: string; username: string; name: string; avatarUrl: string | null },
  now: Date,
): Promise<void> {
  await db
    .insert(xAccounts)
    .values({ ...account, updatedAt: now })
    .onConflictDoUpdate({
      target: xAccounts.id,
      set: { username: account.username, name: account.name, avatarUrl: account.avatarUrl, updatedAt: now },
    });
}

export async function insertXSession(
  db: DbWriter,
  row: {
    tokenHash: string;
    xUserId: string;
    project: string;
    accessToken: string;
    refreshToken: string | null;
    accessTokenExpiresAt: Date;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(xSessions).values(row);
}

/** A live X session (not revoked, not expired) with its account. */
/** Every request with an X token asks this: a prepared statement. */
export async function findActiveXSession(db: DbWriter, tokenHash: string, now: Date) {
  const statement = preparedStatement(db, "x_auth_find_active_session", (name) =>
    db
      .select({
        id: xSessions.id,
        xUserId: xSessions.xUserId,
        project: xSessions.project,
        accessToken: xSessions.accessToken,
        refreshToken: xSessions.refreshToken,
        accessTokenExpiresAt: xSessions.accessTokenExpiresAt,
        expiresAt: xSessions.expiresAt,
        username: xAccounts.username,
        name: xAccounts.name,
        avatarUrl: xAccounts.avatarUrl,
      })
      .from(xSessions)
      .innerJoin(xAccounts, eq(xAccounts.id, xSessions.xUserId))
      .where(
        and(
          eq(xSessions.tokenHash, sql.placeholder("tokenHash")),
          isNull(xSessions.revokedAt),
          gt(xSessions.expiresAt, sql.placeholder("now")),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ tokenHash, now: now.toISOString() });
  return row;
}

export async function findXSessionTokens(db: DbWriter, sessionId: number) {
  const [row] = await db
    .select({
      accessToken: xSessions.accessToken,
      refreshToken: xSessions.refreshToken,
      accessTokenExpiresAt: xSessions.accessTokenExpiresAt,
    })
    .from(xSessions)
    .where(eq(xSessions.id, sessionId))
    .limit(1);
  return row;
}

/** Stores a refreshed X token pair; X rotates refresh tokens, so the old one is gone. */
export async function updateXSessionTokens(
  db: DbWriter,
  sessionId: number,
  tokens: { accessToken: string; refreshToken: string | null; accessTokenExpiresAt: Date },
): Promise<void> {
  await db.update(xSessions).set(tokens).where(eq(xSessions.id, sessionId));
}

/** Revokes the session and forgets its X tokens; returns them so the caller can revoke them at X too. */
export async function revokeXSession(db: DbWriter, sessionId: number, now: Date) {
  const [before] = await db
    .select({ accessToken: xSessions.accessToken, refreshToken: xSessions.refreshToken })
    .from(xSessions)
    .where(and(eq(xSessions.id, sessionId), isNull(xSessions.revokedAt)))
    .limit(1);
  await db
    .update(xSessions)
    .set({ revokedAt: now, accessToken: null, refreshToken: null, accessTokenExpiresAt: null })
    .where(eq(xSessions.id, sessionId));
  return before;
}

/** Removes sign-in states and X sessions nobody can use any more (the purge job's grace period applies). */
export async function purgeExpiredX(
  db: DbWriter,
  before: Date,
): Promise<{ xSignInStates: number; xSessions: number }> {
  const states = await db
    .delete(xSignInStates)
    .where(lt(xSignInStates.expiresAt, before))
    .returning({ state: xSignInStates.state });
  const sessions = await db
    .delete(xSessions)
    .where(or(lt(xSessions.expiresAt, before), lt(xSessions.revokedAt, before)))
    .returning({ id: xSessions.id });
  return { xSignInStates: states.length, xSessions: sessions.length };
}
