// The SQL of the referral module: user codes, referrer links, rewards and the social accounts seen per user.
import {
  and,
  count,
  type DbWriter,
  desc,
  eq,
  inArray,
  preparedStatement,
  referralCodes,
  referralIdentities,
  referralLinks,
  referralRewards,
  sql,
  users,
} from "@dropfair/db";

/** Gives the user this code unless the user has one or the code is taken; whether it was stored. */
export async function insertCode(db: DbWriter, userId: number, code: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(referralCodes)
    .values({ userId, code, updatedAt: now })
    .onConflictDoNothing()
    .returning({ userId: referralCodes.userId });
  return inserted.length === 1;
}

export async function codeOfUser(db: DbWriter, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId));
  return row?.code;
}

/** The holder of a code, with their wallet. */
export async function holderOfCode(db: DbWriter, code: string) {
  const [row] = await db
    .select({ userId: referralCodes.userId, address: users.address })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, code));
  return row;
}

/** Moves the user to a new code; two users racing for one code are settled by the unique key (23505). */
export async function updateCode(db: DbWriter, userId: number, code: string, now: Date): Promise<boolean> {
  const moved = await db
    .update(referralCodes)
    .set({ code, updatedAt: now })
    .where(eq(referralCodes.userId, userId))
    .returning({ userId: referralCodes.userId });
  return moved.length === 1;
}

/** Binds the referee to the referrer once; a second call changes nothing. */
export async function insertLink(
  db: DbWriter,
  link: { refereeUserId: number; referrerUserId: number; code: string; boundAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(referralLinks)
    .values(link)
    .onConflictDoNothing()
    .returning({ refereeUserId: referralLinks.refereeUserId });
  return inserted.length === 1;
}

/** The referee's link with both wallets, or undefined when nobody referred the user. */
export async function linkOfReferee(db: DbWriter, refereeUserId: number) {
  // Every mission completion asks this inside its transaction: a prepared statement (parsed once a connection).
  const statement = preparedStatement(db, "referral_link_of_referee", (name) =>
    db
      .select({ referrerUserId: referralLinks.referrerUserId })
      .from(referralLinks)
      .where(eq(referralLinks.refereeUserId, sql.placeholder("refereeUserId")))
      .prepare(name),
  );
  const [link] = await statement.execute({ refereeUserId });
  if (!link) return undefined;
  const wallets = await db
    .select({ id: users.id, address: users.address })
    .from(users)
    .where(inArray(users.id, [refereeUserId, link.referrerUserId]));
  const addressOf = (id: number) => wallets.find((wallet) => wallet.id === id)?.address;
  const refereeAddress = addressOf(refereeUserId);
  const referrerAddress = addressOf(link.referrerUserId);
  if (!refereeAddress || !referrerAddress) return undefined;
  return { referrerUserId: link.referrerUserId, refereeAddress, referrerAddress };
}

/**
 * Locks the referrer's code row for the rest of the transaction: rewards of one referrer are decided one at a
 * time, so concurrent triggers credit once and the monthly cap holds.
 */
export async function lockReferrerForUpdate(tx: DbWriter, referrerUserId: number): Promise<void> {
  await tx
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.userId, referrerUserId))
    .for("update");
}

export async function rewardExists(db: DbWriter, refereeUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ refereeUserId: referralRewards.refereeUserId })
    .from(referralRewards)
    .where(eq(referralRewards.refereeUserId, refereeUserId));
  return row !== undefined;
}

export async function insertReward(
  db: DbWriter,
  reward: { refereeUserId: number; referrerUserId: number; amountEp: number; rewardedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(referralRewards)
    .values(reward)
    .onConflictDoNothing()
    .returning({ refereeUserId: referralRewards.refereeUserId });
  return inserted.length === 1;
}

/** Remembers social accounts seen on the user (`provider`, `accountId` pairs); known ones are kept as they are. */
export async function recordIdentities(
  db: DbWriter,
  userId: number,
  accounts: readonly { provider: string; accountId: string }[],
  now: Date,
): Promise<void> {
  if (accounts.length === 0) return;
  await db
    .insert(referralIdentities)
    .values(accounts.map((account) => ({ userId, ...account, seenAt: now })))
    .onConflictDoNothing();
}

/** Every social account ever seen on the user, as `provider:accountId`. */
export async function identitiesOf(db: DbWriter, userId: number): Promise<string[]> {
  const rows = await db
    .select({ provider: referralIdentities.provider, accountId: referralIdentities.accountId })
    .from(referralIdentities)
    .where(eq(referralIdentities.userId, userId));
  return rows.map((row) => `${row.provider}:${row.accountId}`);
}

/** The user's referrer, their referrer, and so on (nearest first), at most `depth` of them; stops on a loop. */
export async function ancestorsOf(db: DbWriter, userId: number, depth: number): Promise<number[]> {
  const ancestors: number[] = [];
  let current = userId;
  while (ancestors.length < depth) {
    const [link] = await db
      .select({ referrerUserId: referralLinks.referrerUserId })
      .from(referralLinks)
      .where(eq(referralLinks.refereeUserId, current));
    if (!link || link.referrerUserId === userId || ancestors.includes(link.referrerUserId)) break;
    ancestors.push(link.referrerUserId);
    current = link.referrerUserId;
  }
  return ancestors;
}

export async function totalsOfReferrer(db: DbWriter, referrerUserId: number) {
  const [links] = await db
    .select({ referees: count() })
    .from(referralLinks)
    .where(eq(referralLinks.referrerUserId, referrerUserId));
  const [rewards] = await db
    .select({
      rewardedReferees: count(),
      rewardEp: sql<string | null>`sum(${referralRewards.amountEp})`,
    })
    .from(referralRewards)
    .where(eq(referralRewards.referrerUserId, referrerUserId));
  return {
    referees: Number(links?.referees ?? 0),
    rewardedReferees: Number(rewards?.rewardedReferees ?? 0),
    rewardEp: Number(rewards?.rewardEp ?? 0),
  };
}

/** One page of the referrer's referees, newest first, with the reward each one earned. */
export async function refereesPage(
  db: DbWriter,
  referrerUserId: number,
  page: { offset: number; limit: number },
) {
  const rows = await db
    .select({
      refereeUserId: referralLinks.refereeUserId,
      address: users.address,
      boundAt: referralLinks.boundAt,
      rewardEp: referralRewards.amountEp,
    })
    .from(referralLinks)
    .innerJoin(users, eq(users.id, referralLinks.refereeUserId))
    .leftJoin(
      referralRewards,
      and(
        eq(referralRewards.refereeUserId, referralLinks.refereeUserId),
        eq(referralRewards.referrerUserId, referralLinks.referrerUserId),
      ),
    )
    .where(eq(referralLinks.referrerUserId, referrerUserId))
    .orderBy(desc(referralLinks.boundAt), desc(referralLinks.refereeUserId))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({ ...row, rewardEp: row.rewardEp ?? 0 }));
}
