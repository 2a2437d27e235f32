// The SQL of the social-links module: single-use binding states and the accounts bound to wallet users.
import {
  and,
  type Db,
  type DbWriter,
  eq,
  isNull,
  preparedStatement,
  socialLinkStates,
  socialLinks,
  sql,
} from "@dropfair/db";

export type SocialProvider = "discord" | "telegram";
/** What a wallet can have bound: an X account (from a live Sign in with X session), Discord, Telegram. */
export type LinkedProvider = SocialProvider | "x";
export type SocialLink = typeof socialLinks.$inferSelect;
/** A link of a Discord or Telegram binding flow (the row's provider is the one the flow inserted). */
export type FlowLink = SocialLink & { provider: SocialProvider };
export type SocialAccount = {
  accountId: string;
  username: string | null;
  displayName: string;
  avatarUrl: string | null;
};

export async function insertState(
  db: DbWriter,
  values: {
    state: string;
    userId: number;
    provider: SocialProvider;
    redirectUri: string;
    codeVerifier: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(socialLinkStates).values(values);
}

/** Marks the state used, once, for this user and provider while it is live; the row, or undefined. */
export async function consumeState(
  db: DbWriter,
  input: { userId: number; provider: SocialProvider; state: string; now: Date },
) {
  const [row] = await db
    .update(socialLinkStates)
    .set({ consumedAt: input.now })
    .where(
      and(
        eq(socialLinkStates.state, input.state),
        eq(socialLinkStates.userId, input.userId),
        eq(socialLinkStates.provider, input.provider),
        isNull(socialLinkStates.consumedAt),
        sql`${socialLinkStates.expiresAt} > ${input.now}`,
      ),
    )
    .returning();
  return row;
}

/**
 * Binds the account to the user in one transaction; `taken` when another user holds it already (one account
 * binds to one wallet).
 */
export async function bindAccount(
  db: Db,
  input: { userId: number; provider: SocialProvider; account: SocialAccount; now: Date },
): Promise<{ taken: true } | { taken: false; link: FlowLink }> {
  const { userId, provider, account, now } = input;
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: socialLinks.userId })
      .from(socialLinks)
      .where(and(eq(socialLinks.provider, provider), eq(socialLinks.accountId, account.accountId)));
    if (owner && owner.userId !== userId) return { taken: true } as const;
    const [row] = await tx
      .insert(socialLinks)
      .values({ userId, provider, ...account, linkedAt: now })
      .onConflictDoUpdate({
        target: [socialLinks.userId, socialLinks.provider],
        set: { ...account, linkedAt: now },
      })
      .returning();
    return { taken: false, link: { ...row!, provider } } as const;
  });
}

export async function deleteLink(db: DbWriter, userId: number, provider: SocialProvider): Promise<void> {
  await db.delete(socialLinks).where(and(eq(socialLinks.userId, userId), eq(socialLinks.provider, provider)));
}

/**
 * Binds an X account to the user unless either side is taken: one X account per wallet and one wallet per X
 * account. Concurrent binds meet at the table's unique keys, so the answer is the same whoever wins. `created`
 * is true only for the call whose insert made the binding (a username refresh binds nothing new).
 */
export async function bindXAccount(
  db: DbWriter,
  input: { userId: number; account: SocialAccount; now: Date },
): Promise<
  | { bound: SocialLink; created: boolean }
  | { taken: "account" }
  | { taken: "wallet"; username: string | null }
> {
  const { userId, account, now } = input;
  // Usually the account is bound already (every X mission check comes here): a prepared read answers it.
  const statement = preparedStatement(db, "social_links_x_of_user", (name) =>
    db
      .select()
      .from(socialLinks)
      .where(and(eq(socialLinks.userId, sql.placeholder("userId")), eq(socialLinks.provider, "x")))
      .prepare(name),
  );
  const [current] = await statement.execute({ userId });
  if (current?.accountId === account.accountId && current.username === account.username)
    return { bound: current, created: false };
  const [inserted] = await db
    .insert(socialLinks)
    .values({ userId, provider: "x", ...account, linkedAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { bound: inserted, created: true };
  const [own] = await db
    .select()
    .from(socialLinks)
    .where(and(eq(socialLinks.userId, userId), eq(socialLinks.provider, "x")));
  if (own && own.accountId !== account.accountId) return { taken: "wallet", username: own.username };
  if (!own) return { taken: "account" };
  const [refreshed] = await db
    .update(socialLinks)
    .set({ username: account.username, displayName: account.displayName, avatarUrl: account.avatarUrl })
    .where(and(eq(socialLinks.userId, userId), eq(socialLinks.provider, "x")))
    .returning();
  return { bound: refreshed ?? own, created: false };
}

export async function linksOfUser(db: DbWriter, userId: number): Promise<SocialLink[]> {
  return db.select().from(socialLinks).where(eq(socialLinks.userId, userId));
}
