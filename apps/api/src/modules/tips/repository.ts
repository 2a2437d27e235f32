// The SQL of tips campaigns and participants. Reads that precede a change lock their row (`… for update`) inside
// the caller's transaction, so concurrent requests and the jobs serialise on the campaign they change.
import {
  and,
  asc,
  count,
  type Db,
  type DbWriter,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
  tipsCampaigns,
  tipsClaims,
  tipsHelpers,
  tipsParticipants,
  tipsReports,
  tipsStandings,
  users,
} from "@dropfair/db";
import type { TipsListFilter } from "@dropfair/schemas/tips";
import { tipsStatuses } from "@dropfair/schemas/tips";
import type { Address } from "viem";

export type CampaignRow = typeof tipsCampaigns.$inferSelect;
export type ParticipantRow = typeof tipsParticipants.$inferSelect;
export type ReportRow = typeof tipsReports.$inferSelect;

// ------------------------------------------------------------------ campaigns

export async function insertCampaign(
  db: DbWriter,
  values: typeof tipsCampaigns.$inferInsert,
): Promise<CampaignRow> {
  const [row] = await db.insert(tipsCampaigns).values(values).returning();
  return row!;
}

export async function findCampaign(db: DbWriter, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(tipsCampaigns).where(eq(tipsCampaigns.id, id));
  return row;
}

export async function lockCampaign(db: DbWriter, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(tipsCampaigns).where(eq(tipsCampaigns.id, id)).for("update");
  return row;
}

export async function updateCampaign(
  db: DbWriter,
  id: number,
  values: Partial<typeof tipsCampaigns.$inferInsert>,
): Promise<void> {
  await db.update(tipsCampaigns).set(values).where(eq(tipsCampaigns.id, id));
}

export async function addressOfUser(db: DbWriter, userId: number): Promise<Address> {
  const [row] = await db.select({ address: users.address }).from(users).where(eq(users.id, userId));
  return row!.address;
}

/** Whether another campaign already uses this distributor campaign. */
export async function distributorCampaignInUse(
  db: DbWriter,
  chainId: number,
  distributorCampaignId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tipsCampaigns.id })
    .from(tipsCampaigns)
    .where(
      and(eq(tipsCampaigns.chainId, chainId), eq(tipsCampaigns.distributorCampaignId, distributorCampaignId)),
    );
  return row !== undefined;
}

const endedStatuses = [tipsStatuses.processing, tipsStatuses.awaitingConfirmation, tipsStatuses.ended];

function listCondition(filter: TipsListFilter, userId: number | null): SQL | undefined {
  switch (filter) {
    case "running":
      return eq(tipsCampaigns.status, tipsStatuses.running);
    case "upcoming":
      return eq(tipsCampaigns.status, tipsStatuses.notStarted);
    case "ended":
      return inArray(tipsCampaigns.status, endedStatuses);
    case "mine":
      return eq(tipsCampaigns.creatorUserId, userId ?? -1);
    case "joined":
      return sql`exists (select 1 from ${tipsParticipants} where ${tipsParticipants.campaignId} = ${tipsCampaigns.id} and ${tipsParticipants.userId} = ${userId ?? -1})`;
    default:
      return undefined;
  }
}

export type CampaignListRow = CampaignRow & { creator: Address };

/** A page of campaigns, newest first. */
export async function listCampaigns(
  db: Db,
  filter: TipsListFilter,
  userId: number | null,
  page: { offset: number; limit: number },
): Promise<{ rows: CampaignListRow[]; total: number }> {
  const where = listCondition(filter, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ campaign: tipsCampaigns, creator: users.address })
      .from(tipsCampaigns)
      .innerJoin(users, eq(users.id, tipsCampaigns.creatorUserId))
      .where(where)
      .orderBy(desc(tipsCampaigns.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(tipsCampaigns).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.campaign, creator: row.creator })),
    total: Number(counted?.total ?? 0),
  };
}

/** A tips campaign as the drops list shows it: funded and not over yet. */
export type LiveTipsCampaign = {
  id: number;
  title: string;
  description: string;
  chainId: number;
  tokenSymbol: string;
  startsAt: Date;
  endsAt: Date;
  /** When it went live on Dropfair: its funding. */
  listedAt: Date;
  /** From the times: 0 not started, 1 running. */
  status: 0 | 1;
};

export type LiveTipsFilter = {
  at: Date;
  /** 0 not started, 1 running; 2 (ended) matches nothing, ended campaigns are not listed. */
  status?: 0 | 1 | 2 | undefined;
  listedSince?: Date | undefined;
  keyword?: string | undefined;
  limit: number;
};

/**
 * Upcoming and running campaigns for the drops list, latest funded first, and how many match: funded (an unfunded
 * campaign cannot pay anyone), not in error, before their end.
 */
export async function listLiveCampaigns(
  db: Db,
  filter: LiveTipsFilter,
): Promise<{ items: LiveTipsCampaign[]; total: number }> {
  const conditions: SQL[] = [
    inArray(tipsCampaigns.status, [tipsStatuses.notStarted, tipsStatuses.running]),
    isNotNull(tipsCampaigns.fundedAt),
    sql`${tipsCampaigns.fundedAt} <= ${filter.at}`,
    isNull(tipsCampaigns.errorReason),
    sql`${tipsCampaigns.endsAt} > ${filter.at}`,
  ];
  if (filter.status === 0) conditions.push(sql`${tipsCampaigns.startsAt} > ${filter.at}`);
  if (filter.status === 1) conditions.push(sql`${tipsCampaigns.startsAt} <= ${filter.at}`);
  if (filter.status === 2) conditions.push(sql`false`);
  if (filter.listedSince) conditions.push(sql`${tipsCampaigns.fundedAt} >= ${filter.listedSince}`);
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[%_\\]/g, "\\$&")}%`;
    conditions.push(
      sql`(${tipsCampaigns.title} ilike ${pattern} or ${tipsCampaigns.description} ilike ${pattern} or ${tipsCampaigns.tokenSymbol} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(tipsCampaigns)
      .where(where)
      .orderBy(desc(tipsCampaigns.fundedAt), desc(tipsCampaigns.id))
      .limit(filter.limit),
    db.select({ total: count() }).from(tipsCampaigns).where(where),
  ]);
  return {
    total: Number(counted?.total ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      chainId: row.chainId,
      tokenSymbol: row.tokenSymbol,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      listedAt: row.fundedAt!,
      status: filter.at < row.startsAt ? 0 : 1,
    })),
  };
}

/**
 * Campaigns whose status a job may have to move: funded and waiting to start, never funded and past their end,
 * running, or processing.
 */
export async function campaignsToAdvance(db: DbWriter, now: Date): Promise<CampaignRow[]> {
  return db
    .select()
    .from(tipsCampaigns)
    .where(
      sql`(${tipsCampaigns.status} = ${tipsStatuses.notStarted} and ${tipsCampaigns.fundedAt} is not null and ${tipsCampaigns.startsAt} <= ${now})
        or (${tipsCampaigns.status} = ${tipsStatuses.notStarted} and ${tipsCampaigns.fundedAt} is null and ${tipsCampaigns.endsAt} <= ${now})
        or (${tipsCampaigns.status} = ${tipsStatuses.running})
        or (${tipsCampaigns.status} = ${tipsStatuses.processing})`,
    );
}

// ------------------------------------------------------------------ participants

export async function insertParticipant(
  db: DbWriter,
  values: typeof tipsParticipants.$inferInsert,
): Promise<boolean> {
  const rows = await db.insert(tipsParticipants).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function participantOfUser(
  db: DbWriter,
  campaignId: number,
  userId: number,
): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .select()
    .from(tipsParticipants)
    .where(and(eq(tipsParticipants.campaignId, campaignId), eq(tipsParticipants.userId, userId)));
  return row;
}

export async function participantOfX(
  db: DbWriter,
  campaignId: number,
  xUserId: string,
): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .select()
    .from(tipsParticipants)
    .where(and(eq(tipsParticipants.campaignId, campaignId), eq(tipsParticipants.xUserId, xUserId)));
  return row;
}

export async function lockParticipant(
  db: DbWriter,
  campaignId: number,
  xUserId: string,
): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .select()
    .from(tipsParticipants)
    .where(and(eq(tipsParticipants.campaignId, campaignId), eq(tipsParticipants.xUserId, xUserId)))
    .for("update");
  return row;
}

export async function updateParticipant(
  db: DbWriter,
  campaignId: number,
  xUserId: string,
  values: Partial<typeof tipsParticipants.$inferInsert>,
): Promise<void> {
  await db
    .update(tipsParticipants)
    .set(values)
    .where(and(eq(tipsParticipants.campaignId, campaignId), eq(tipsParticipants.xUserId, xUserId)));
}

/** Recounts the campaign's participants (banned ones included) into the campaign row. */
export async function refreshParticipantCount(db: DbWriter, campaignId: number): Promise<void> {
  await db
    .update(tipsCampaigns)
    .set({
      participantCount: sql`(select count(*) from ${tipsParticipants} where ${tipsParticipants.campaignId} = ${campaignId})`,
    })
    .where(eq(tipsCampaigns.id, campaignId));
}

/** Every participant of a campaign, by X id (the collection and the snapshot read them all). */
export async function participantsOf(db: DbWriter, campaignId: number): Promise<ParticipantRow[]> {
  return db
    .select()
    .from(tipsParticipants)
    .where(eq(tipsParticipants.campaignId, campaignId))
    .orderBy(tipsParticipants.xUserId);
}

/** The caller's estimated earnings per campaign (from the last leaderboard), for list rows. */
export async function earningsOf(
  db: DbWriter,
  userId: number,
  campaignIds: readonly number[],
): Promise<Map<number, string>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({
      campaignId: tipsParticipants.campaignId,
      earned: tipsStandings.estimatedEarned,
    })
    .from(tipsParticipants)
    .leftJoin(
      tipsStandings,
      and(
        eq(tipsStandings.campaignId, tipsParticipants.campaignId),
        eq(tipsStandings.xUserId, tipsParticipants.xUserId),
      ),
    )
    .where(and(eq(tipsParticipants.userId, userId), inArray(tipsParticipants.campaignId, [...campaignIds])));
  return new Map(rows.map((row) => [row.campaignId, row.earned ?? "0"]));
}

// ------------------------------------------------------------------ bans and reports

export type BanRow = ParticipantRow & { adder: Address };

export async function bansOf(
  db: Db,
  campaignId: number,
  order: "latest" | "oldest",
  page: { offset: number; limit: number },
): Promise<{ rows: BanRow[]; total: number }> {
  const where = and(eq(tipsParticipants.campaignId, campaignId), isNotNull(tipsParticipants.bannedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ participant: tipsParticipants, adder: users.address })
      .from(tipsParticipants)
      .innerJoin(users, eq(users.id, tipsParticipants.bannedByUserId))
      .where(where)
      .orderBy(
        order === "latest" ? desc(tipsParticipants.bannedAt) : tipsParticipants.bannedAt,
        tipsParticipants.xUserId,
      )
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(tipsParticipants).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.participant, adder: row.adder })),
    total: Number(counted?.total ?? 0),
  };
}

/** Records a report once per reporter and participant (a repeat keeps the first). */
export async function insertReport(
  db: DbWriter,
  values: typeof tipsReports.$inferInsert,
): Promise<ReportRow | undefined> {
  const [row] = await db.insert(tipsReports).values(values).onConflictDoNothing().returning();
  return row;
}

export async function reportsOf(db: DbWriter, campaignId: number) {
  return db
    .select({ report: tipsReports, reporter: users.address, participant: tipsParticipants })
    .from(tipsReports)
    .innerJoin(users, eq(users.id, tipsReports.reporterUserId))
    .innerJoin(
      tipsParticipants,
      and(
        eq(tipsParticipants.campaignId, tipsReports.campaignId),
        eq(tipsParticipants.xUserId, tipsReports.xUserId),
      ),
    )
    .where(eq(tipsReports.campaignId, campaignId))
    .orderBy(desc(tipsReports.id))
    .limit(500);
}

// ------------------------------------------------------------------ helpers

/** Whether the wallet is one of the campaign's helpers (organizers named by the creator). */
export async function isHelper(db: DbWriter, campaignId: number, address: Address): Promise<boolean> {
  const [row] = await db
    .select({ campaignId: tipsHelpers.campaignId })
    .from(tipsHelpers)
    .where(and(eq(tipsHelpers.campaignId, campaignId), eq(tipsHelpers.address, address)));
  return row !== undefined;
}

export async function helpersOf(db: DbWriter, campaignId: number) {
  return db
    .select({ address: tipsHelpers.address, createdAt: tipsHelpers.createdAt })
    .from(tipsHelpers)
    .where(eq(tipsHelpers.campaignId, campaignId))
    .orderBy(asc(tipsHelpers.createdAt), asc(tipsHelpers.address));
}

/** Names a helper once (naming them again keeps the first). */
export async function insertHelper(db: DbWriter, values: typeof tipsHelpers.$inferInsert): Promise<void> {
  await db.insert(tipsHelpers).values(values).onConflictDoNothing();
}

export async function deleteHelper(db: DbWriter, campaignId: number, address: Address): Promise<void> {
  await db
    .delete(tipsHelpers)
    .where(and(eq(tipsHelpers.campaignId, campaignId), eq(tipsHelpers.address, address)));
}

// ------------------------------------------------------------------ claims

export type ClaimRow = typeof tipsClaims.$inferSelect;

export async function claimOf(
  db: DbWriter,
  campaignId: number,
  xUserId: string,
): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(tipsClaims)
    .where(and(eq(tipsClaims.campaignId, campaignId), eq(tipsClaims.xUserId, xUserId)));
  return row;
}

export async function lockClaim(db: DbWriter, id: number): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(tipsClaims).where(eq(tipsClaims.id, id)).for("update");
  return row;
}

export async function insertClaim(db: DbWriter, values: typeof tipsClaims.$inferInsert): Promise<ClaimRow> {
  await db.insert(tipsClaims).values(values).onConflictDoNothing();
  return (await claimOf(db, values.campaignId, values.xUserId))!;
}

export async function completeClaim(db: DbWriter, id: number, txHash: string | null, at: Date) {
  await db
    .update(tipsClaims)
    .set({ claimedAt: at, txHash })
    .where(and(eq(tipsClaims.id, id), isNull(tipsClaims.claimedAt)));
}

export async function claimedTotal(db: DbWriter, campaignId: number): Promise<number> {
  const [row] = await db
    .select({ claimed: count() })
    .from(tipsClaims)
    .where(and(eq(tipsClaims.campaignId, campaignId), isNotNull(tipsClaims.claimedAt)));
  return Number(row?.claimed ?? 0);
}
