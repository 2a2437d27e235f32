// The SQL of the missions module. Locks are explicit: `lockCampaignForUpdate` serialises edits of one
// campaign's list (positions); completions rely on their unique keys, so concurrent checks record once.
import {
  and,
  asc,
  count,
  type DbWriter,
  eq,
  gt,
  inArray,
  isNull,
  missionCampaigns,
  missionCompletions,
  missions,
  preparedStatement,
  sql,
  type Tx,
} from "@dropfair/db";

export type CampaignRow = typeof missionCampaigns.$inferSelect;
export type MissionRow = typeof missions.$inferSelect;
export type CompletionRow = typeof missionCompletions.$inferSelect;

export async function findCampaign(db: DbWriter, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(missionCampaigns).where(eq(missionCampaigns.id, id));
  return row;
}

/** The campaign of a kind and reference (null reference: the platform's achievement programme). */
export async function findCampaignByReference(
  db: DbWriter,
  kind: CampaignRow["kind"],
  referenceId: string | null,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(missionCampaigns)
    .where(
      and(
        eq(missionCampaigns.kind, kind),
        referenceId === null
          ? isNull(missionCampaigns.referenceId)
          : eq(missionCampaigns.referenceId, referenceId),
      ),
    );
  return row;
}

/** Creates the campaign once; concurrent callers all get the same row. */
export async function ensureCampaign(
  db: DbWriter,
  values: {
    kind: CampaignRow["kind"];
    referenceId: string | null;
    ownerUserId: number | null;
    title: string;
  },
): Promise<CampaignRow> {
  await db.insert(missionCampaigns).values(values).onConflictDoNothing();
  const row = await findCampaignByReference(db, values.kind, values.referenceId);
  if (!row) throw new Error("campaign vanished after insert");
  return row;
}

export async function lockCampaignForUpdate(tx: Tx, id: number): Promise<CampaignRow | undefined> {
  const [row] = await tx.select().from(missionCampaigns).where(eq(missionCampaigns.id, id)).for("update");
  return row;
}

/** The campaign's live missions in order. */
export async function listMissions(db: DbWriter, campaignId: number): Promise<MissionRow[]> {
  return db
    .select()
    .from(missions)
    .where(and(eq(missions.campaignId, campaignId), isNull(missions.deletedAt)))
    .orderBy(asc(missions.position), asc(missions.id));
}

export async function findMission(db: DbWriter, id: number): Promise<MissionRow | undefined> {
  const [row] = await db
    .select()
    .from(missions)
    .where(and(eq(missions.id, id), isNull(missions.deletedAt)));
  return row;
}

export async function insertMission(
  tx: Tx,
  values: Omit<typeof missions.$inferInsert, "position" | "id">,
): Promise<MissionRow> {
  const [row] = await tx
    .insert(missions)
    .values({
      ...values,
      position: sql`(select coalesce(max(${missions.position}), 0) + 1 from ${missions} where ${missions.campaignId} = ${values.campaignId})`,
    })
    .returning();
  return row!;
}

export async function updateMission(
  tx: Tx,
  id: number,
  values: Partial<Pick<MissionRow, "parameters" | "title" | "rewardEp" | "rewardTickets">>,
  now: Date,
): Promise<MissionRow | undefined> {
  const [row] = await tx
    .update(missions)
    .set({ ...values, updatedAt: now })
    .where(and(eq(missions.id, id), isNull(missions.deletedAt)))
    .returning();
  return row;
}

export async function softDeleteMission(tx: Tx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(missions)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(missions.id, id), isNull(missions.deletedAt)))
    .returning({ id: missions.id });
  return rows.length > 0;
}

export async function setPosition(tx: Tx, id: number, position: number, now: Date): Promise<void> {
  await tx.update(missions).set({ position, updatedAt: now }).where(eq(missions.id, id));
}

/** The live mission and the user's completion of it, in one read (every check: a prepared statement). */
export async function findMissionWithCompletion(
  db: DbWriter,
  missionId: number,
  userId: number,
): Promise<{ mission: MissionRow; completion: CompletionRow | undefined } | undefined> {
  const statement = preparedStatement(db, "missions_find_with_completion", (name) =>
    db
      .select({ mission: missions, completion: missionCompletions })
      .from(missions)
      .leftJoin(
        missionCompletions,
        and(
          eq(missionCompletions.missionId, missions.id),
          eq(missionCompletions.userId, sql.placeholder("userId")),
        ),
      )
      .where(and(eq(missions.id, sql.placeholder("missionId")), isNull(missions.deletedAt)))
      .prepare(name),
  );
  const [row] = await statement.execute({ missionId, userId });
  return row ? { mission: row.mission, completion: row.completion ?? undefined } : undefined;
}

export async function completionsOf(
  db: DbWriter,
  userId: number,
  missionIds: number[],
): Promise<CompletionRow[]> {
  if (missionIds.length === 0) return [];
  return db
    .select()
    .from(missionCompletions)
    .where(and(eq(missionCompletions.userId, userId), inArray(missionCompletions.missionId, missionIds)));
}

export async function findCompletion(
  db: DbWriter,
  userId: number,
  missionId: number,
): Promise<CompletionRow | undefined> {
  const [row] = await completionsOf(db, userId, [missionId]);
  return row;
}

export async function isTweetUsed(db: DbWriter, tweetId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: missionCompletions.id })
    .from(missionCompletions)
    .where(eq(missionCompletions.tweetId, tweetId));
  return row !== undefined;
}

/** Records the completion once; undefined when (user, mission) or the tweet was already recorded. */
export async function insertCompletion(
  tx: Tx,
  values: Omit<typeof missionCompletions.$inferInsert, "id" | "completedAt"> & { completedAt: Date },
): Promise<CompletionRow | undefined> {
  const [row] = await tx.insert(missionCompletions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function existingMissionIds(db: DbWriter, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: missions.id })
    .from(missions)
    .where(and(inArray(missions.id, ids), isNull(missions.deletedAt)));
  return rows.map((row) => row.id);
}

export async function countCompletions(db: DbWriter, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(missionCompletions)
    .where(eq(missionCompletions.userId, userId));
  return Number(row?.total ?? 0);
}

/** Completions of a campaign's missions that reward wheel tickets, for some users. */
export async function ticketCompletionsOf(db: DbWriter, campaignId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      missionId: missionCompletions.missionId,
      userId: missionCompletions.userId,
      tickets: missionCompletions.rewardTickets,
      completedAt: missionCompletions.completedAt,
    })
    .from(missionCompletions)
    .where(
      and(
        eq(missionCompletions.campaignId, campaignId),
        inArray(missionCompletions.userId, [...userIds]),
        gt(missionCompletions.rewardTickets, 0),
      ),
    );
}
