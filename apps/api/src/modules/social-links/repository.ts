// The SQL of the social-links module: single-use binding states and the accounts bound to wallet users.
import { and, type Db, type DbWriter, eq, isNull, socialLinkStates, socialLinks, sql } from "@dropfair/db";

export type SocialProvider = "discord" | "telegram";
export type SocialLink = typeof socialLinks.$inferSelect;
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
): Promise<{ taken: true } | { taken: false; link: SocialLink }> {
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
    return { taken: false, link: row! } as const;
  });
}

export async function deleteLink(db: DbWriter, userId: number, provider: SocialProvider): Promise<void> {
  await db.delete(socialLinks).where(and(eq(socialLinks.userId, userId), eq(socialLinks.provider, provider)));
}

export async function linksOfUser(db: DbWriter, userId: number): Promise<SocialLink[]> {
  return db.select().from(socialLinks).where(eq(socialLinks.userId, userId));
}
