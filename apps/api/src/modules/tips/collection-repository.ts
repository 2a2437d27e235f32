// The SQL of the collection's stored progress (one row per campaign) and the participants it has still to read.
import { and, asc, type DbWriter, eq, gt, isNull, tipsCollections, tipsParticipants } from "@dropfair/db";

export type CollectionRow = typeof tipsCollections.$inferSelect;

/** The campaign's collection state, made on first use. */
export async function stateOf(db: DbWriter, campaignId: number, now: Date): Promise<CollectionRow> {
  await db.insert(tipsCollections).values({ campaignId, roundStartedAt: now }).onConflictDoNothing();
  const [row] = await db.select().from(tipsCollections).where(eq(tipsCollections.campaignId, campaignId));
  return row!;
}

export async function saveState(
  db: DbWriter,
  campaignId: number,
  values: Partial<Omit<CollectionRow, "campaignId">>,
): Promise<void> {
  await db.update(tipsCollections).set(values).where(eq(tipsCollections.campaignId, campaignId));
}

/** Participants (not banned) whose timeline was never read, after `afterXUserId` in id order. */
export async function unreadTimelines(db: DbWriter, campaignId: number, afterXUserId: string | null) {
  return db
    .select({ xUserId: tipsParticipants.xUserId })
    .from(tipsParticipants)
    .where(
      and(
        eq(tipsParticipants.campaignId, campaignId),
        isNull(tipsParticipants.timelineReadAt),
        isNull(tipsParticipants.bannedAt),
        afterXUserId === null ? undefined : gt(tipsParticipants.xUserId, afterXUserId),
      ),
    )
    .orderBy(asc(tipsParticipants.xUserId))
    .limit(10_000);
}
