// The wheel module's SQL (its lists are in list-repository.ts). Reads that precede a change lock their row
// (`… for update`) inside the caller's transaction, so concurrent requests and the spin recorder serialise on the
// game, spin or cursor they change.
import {
  and,
  asc,
  count,
  type Db,
  type DbWriter,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  missionCompletions,
  ne,
  or,
  referralLinks,
  sql,
  users,
  wheelChainCursors,
  wheelClaims,
  wheelGames,
  wheelPrizes,
  wheelSpins,
  wheelTicketGrants,
} from "@dropfair/db";
import type { Address } from "viem";

export type GameRow = typeof wheelGames.$inferSelect;
export type PrizeRow = typeof wheelPrizes.$inferSelect;
export type SpinRow = typeof wheelSpins.$inferSelect;
export type GrantRow = typeof wheelTicketGrants.$inferSelect;
export type ClaimRow = typeof wheelClaims.$inferSelect;

// ------------------------------------------------------------------ games

export async function insertGame(db: DbWriter, values: typeof wheelGames.$inferInsert): Promise<GameRow> {
  const [row] = await db.insert(wheelGames).values(values).returning();
  return row!;
}

export async function insertPrizes(db: DbWriter, values: (typeof wheelPrizes.$inferInsert)[]): Promise<void> {
  await db.insert(wheelPrizes).values(values);
}

export async function findGame(db: DbWriter, id: number): Promise<GameRow | undefined> {
  const [row] = await db.select().from(wheelGames).where(eq(wheelGames.id, id));
  return row;
}

export async function lockGame(db: DbWriter, id: number): Promise<GameRow | undefined> {
  const [row] = await db.select().from(wheelGames).where(eq(wheelGames.id, id)).for("update");
  return row;
}

export async function creatorAddressOf(db: DbWriter, userId: number): Promise<Address> {
  const [row] = await db.select({ address: users.address }).from(users).where(eq(users.id, userId));
  return row!.address;
}

export async function userIdOfAddress(db: DbWriter, address: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, address as Address));
  return row?.id;
}

export async function prizesOf(db: DbWriter, gameId: number): Promise<PrizeRow[]> {
  return db
    .select()
    .from(wheelPrizes)
    .where(eq(wheelPrizes.gameId, gameId))
    .orderBy(asc(wheelPrizes.position));
}

export async function setPrizeFunding(
  db: DbWriter,
  gameId: number,
  prizeId: string,
  values: { distributorCampaignId: string; fundedAt: Date | null; claimableUntil: Date | null },
): Promise<void> {
  await db
    .update(wheelPrizes)
    .set(values)
    .where(and(eq(wheelPrizes.gameId, gameId), eq(wheelPrizes.prizeId, prizeId)));
}

export async function closeGame(db: DbWriter, id: number, closedAt: Date): Promise<void> {
  await db.update(wheelGames).set({ closedAt }).where(eq(wheelGames.id, id));
}

/** Records the check at the start once: its time, and the reason the game cannot run (null: it can). */
export async function markStartChecked(
  db: DbWriter,
  id: number,
  checkedAt: Date,
  errorReason: string | null,
): Promise<void> {
  await db
    .update(wheelGames)
    .set({ startCheckedAt: checkedAt, errorReason })
    .where(and(eq(wheelGames.id, id), isNull(wheelGames.startCheckedAt), isNull(wheelGames.errorReason)));
}

/** Games of a chain past their start, not over, not closed, whose check at the start has not run. */
export async function gamesToCheckAtStart(db: DbWriter, chainId: number, now: Date): Promise<GameRow[]> {
  return db
    .select()
    .from(wheelGames)
    .where(
      and(
        eq(wheelGames.chainId, chainId),
        lte(wheelGames.startsAt, now),
        gt(wheelGames.endsAt, now),
        isNull(wheelGames.closedAt),
        isNull(wheelGames.errorReason),
        isNull(wheelGames.startCheckedAt),
      ),
    )
    .orderBy(asc(wheelGames.id))
    .limit(100);
}

/** How many of each prize the game's recorded spins won. */
export async function wonCounts(db: DbWriter, gameId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ prizeId: wheelSpins.prizeId, won: count() })
    .from(wheelSpins)
    .where(
      and(eq(wheelSpins.gameId, gameId), isNotNull(wheelSpins.recordedAt), isNotNull(wheelSpins.prizeId)),
    )
    .groupBy(wheelSpins.prizeId);
  return new Map(rows.map((row) => [row.prizeId!, Number(row.won)]));
}

/** Recorded spins of a game; unrecorded voucher deadlines still open; spins seen on chain but not recorded. */
export async function settlementOf(db: DbWriter, gameId: number) {
  const [row] = await db
    .select({
      spins: sql<number>`count(*) filter (where ${wheelSpins.recordedAt} is not null)::int`,
      lastOpenDeadline: sql<Date | null>`max(${wheelSpins.voucherDeadline}) filter (where ${wheelSpins.stage} = 'issued')`,
      drawing: sql<number>`count(*) filter (where ${wheelSpins.stage} = 'drawing')::int`,
    })
    .from(wheelSpins)
    .where(eq(wheelSpins.gameId, gameId));
  const deadline = row?.lastOpenDeadline ?? null;
  return {
    spins: Number(row?.spins ?? 0),
    lastOpenDeadline: deadline === null ? null : new Date(deadline),
    drawing: Number(row?.drawing ?? 0),
  };
}

// ------------------------------------------------------------------ tickets

/** Adds a grant unless that source already granted; true when it was added. */
export async function insertGrant(
  db: DbWriter,
  values: typeof wheelTicketGrants.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(wheelTicketGrants)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: wheelTicketGrants.id });
  return inserted.length > 0;
}

export async function grantsOf(db: DbWriter, gameId: number, userId: number): Promise<GrantRow[]> {
  return db
    .select()
    .from(wheelTicketGrants)
    .where(and(eq(wheelTicketGrants.gameId, gameId), eq(wheelTicketGrants.userId, userId)))
    .orderBy(desc(wheelTicketGrants.createdAt), desc(wheelTicketGrants.id));
}

/** Tickets spent (or held by a voucher) by the user in the game. */
export async function spinCountOf(db: DbWriter, gameId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ spent: count() })
    .from(wheelSpins)
    .where(and(eq(wheelSpins.gameId, gameId), eq(wheelSpins.userId, userId)));
  return Number(row?.spent ?? 0);
}

/**
 * The user's referees who finished at least one mission of the campaign (a referrer earns tickets for each),
 * read from the referral links and the mission completions.
 */
export async function refereesWithMission(db: DbWriter, referrerUserId: number, campaignId: number) {
  const rows = await db
    .selectDistinct({ refereeUserId: referralLinks.refereeUserId })
    .from(referralLinks)
    .innerJoin(missionCompletions, eq(missionCompletions.userId, referralLinks.refereeUserId))
    .where(
      and(eq(referralLinks.referrerUserId, referrerUserId), eq(missionCompletions.campaignId, campaignId)),
    );
  return rows.map((row) => row.refereeUserId);
}

// ------------------------------------------------------------------ spins

/** Whether the user holds a spin voucher not used on chain yet (no lock: a read for the tickets answer). */
export async function hasIssuedSpin(db: Db, gameId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: wheelSpins.id })
    .from(wheelSpins)
    .where(and(eq(wheelSpins.gameId, gameId), eq(wheelSpins.userId, userId), eq(wheelSpins.stage, "issued")))
    .limit(1);
  return row !== undefined;
}

export async function findIssuedSpin(
  db: DbWriter,
  gameId: number,
  userId: number,
): Promise<SpinRow | undefined> {
  const [row] = await db
    .select()
    .from(wheelSpins)
    .where(and(eq(wheelSpins.gameId, gameId), eq(wheelSpins.userId, userId), eq(wheelSpins.stage, "issued")))
    .for("update");
  return row;
}

/** A new voucher's spin; undefined when a concurrent request made the user's one issued spin first. */
export async function insertIssuedSpin(
  db: DbWriter,
  values: { gameId: number; userId: number; account: Address; voucherDeadline: Date; requestedAt: Date },
): Promise<SpinRow | undefined> {
  const [row] = await db
    .insert(wheelSpins)
    .values({ ...values, stage: "issued" })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function setVoucherDeadline(db: DbWriter, id: number, voucherDeadline: Date): Promise<SpinRow> {
  const [row] = await db.update(wheelSpins).set({ voucherDeadline }).where(eq(wheelSpins.id, id)).returning();
  return row!;
}

export async function findSpin(db: DbWriter, id: number): Promise<SpinRow | undefined> {
  const [row] = await db.select().from(wheelSpins).where(eq(wheelSpins.id, id));
  return row;
}

export async function lockSpin(db: DbWriter, id: number): Promise<SpinRow | undefined> {
  const [row] = await db.select().from(wheelSpins).where(eq(wheelSpins.id, id)).for("update");
  return row;
}

export async function markDrawing(db: DbWriter, id: number, txHash: string): Promise<void> {
  await db
    .update(wheelSpins)
    .set({ stage: "drawing", txHash })
    .where(and(eq(wheelSpins.id, id), inArray(wheelSpins.stage, ["issued", "drawing"])));
}

/** Spins by id, locked: the ones a range of Spin events names. */
export async function lockSpins(db: DbWriter, ids: readonly number[]): Promise<Map<number, SpinRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(wheelSpins)
    .where(inArray(wheelSpins.id, [...ids]))
    .for("update");
  return new Map(rows.map((row) => [row.id, row]));
}

export type RecordedSpin = {
  id: number;
  txHash: string;
  blockNumber: bigint;
  blockHash: string;
  transactionIndex: number;
  logIndex: number;
  position: string | null;
  prizeId: string | null;
  stage: "dispatching" | "completed";
};

/** Writes the outcomes of many spins in one statement (a pass records up to thousands). */
export async function recordSpins(db: DbWriter, spins: readonly RecordedSpin[], now: Date): Promise<void> {
  for (let start = 0; start < spins.length; start += 500) {
    const rows = spins.slice(start, start + 500).map(
      (spin) =>
        sql`(${spin.id}::bigint, ${spin.txHash}, ${spin.blockNumber.toString()}::bigint, ${spin.blockHash},
          ${spin.transactionIndex}::int, ${spin.logIndex}::int, ${spin.position}::numeric, ${spin.prizeId}::text,
          ${spin.stage})`,
    );
    await db.execute(sql`
      update ${wheelSpins} as spin set
        tx_hash = recorded.tx_hash, block_number = recorded.block_number, block_hash = recorded.block_hash,
        transaction_index = recorded.transaction_index, log_index = recorded.log_index,
        position = recorded.position, prize_id = recorded.prize_id, stage = recorded.stage,
        recorded_at = ${now}, completed_at = case when recorded.stage = 'completed' then ${now}::timestamptz end
      from (values ${sql.join(rows, sql`, `)}) as recorded(
        id, tx_hash, block_number, block_hash, transaction_index, log_index, position, prize_id, stage)
      where spin.id = recorded.id`);
  }
}

/** Recorded spins in chain order. */
export async function recordedSpins(db: DbWriter, gameId: number): Promise<SpinRow[]> {
  return db
    .select()
    .from(wheelSpins)
    .where(and(eq(wheelSpins.gameId, gameId), isNotNull(wheelSpins.recordedAt)))
    .orderBy(asc(wheelSpins.blockNumber), asc(wheelSpins.transactionIndex), asc(wheelSpins.logIndex));
}

/** The draw records: recorded spins, the caller's own first, then newest first. */
export async function drawRecords(
  db: Db,
  gameId: number,
  userId: number | null,
  { limit, offset }: { limit: number; offset: number },
) {
  const mine = userId === null ? sql`false` : sql`${wheelSpins.userId} = ${userId}`;
  const where = and(eq(wheelSpins.gameId, gameId), isNotNull(wheelSpins.recordedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ spin: wheelSpins, mine: sql<boolean>`${mine}` })
      .from(wheelSpins)
      .where(where)
      .orderBy(
        // Signed out, nobody's records come first (and PostgreSQL refuses a constant in ORDER BY).
        ...(userId === null ? [] : [sql`${mine} desc`]),
        desc(wheelSpins.blockNumber),
        desc(wheelSpins.transactionIndex),
        desc(wheelSpins.logIndex),
        desc(wheelSpins.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(wheelSpins).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Chains with spins seen on chain that the recorder has not recorded yet. */
export async function chainsWithDrawingSpins(db: DbWriter): Promise<number[]> {
  const rows = await db
    .selectDistinct({ chainId: wheelGames.chainId })
    .from(wheelSpins)
    .innerJoin(wheelGames, eq(wheelGames.id, wheelSpins.gameId))
    .where(eq(wheelSpins.stage, "drawing"));
  return rows.map((row) => row.chainId);
}

// ------------------------------------------------------------------ the recorder's cursor

export async function ensureCursor(db: DbWriter, chainId: number, contract: Address, fromBlock: bigint) {
  await db
    .insert(wheelChainCursors)
    .values({ chainId, contractAddress: contract, nextBlock: fromBlock })
    .onConflictDoNothing();
}

export async function cursorOf(db: DbWriter, chainId: number, contract: Address, lock = false) {
  const query = db
    .select({ nextBlock: wheelChainCursors.nextBlock })
    .from(wheelChainCursors)
    .where(and(eq(wheelChainCursors.chainId, chainId), eq(wheelChainCursors.contractAddress, contract)));
  const [row] = lock ? await query.for("update") : await query;
  return row?.nextBlock ?? null;
}

export async function setCursor(
  db: DbWriter,
  chainId: number,
  contract: Address,
  nextBlock: bigint,
  now: Date,
) {
  await db
    .update(wheelChainCursors)
    .set({ nextBlock, updatedAt: now })
    .where(and(eq(wheelChainCursors.chainId, chainId), eq(wheelChainCursors.contractAddress, contract)));
}

// ------------------------------------------------------------------ claims

/** The user's recorded wins per prize: how many, how many claimed or credited, and the claim times. */
export async function winsOf(db: DbWriter, gameId: number, userId: number) {
  const rows = await db
    .select({
      prizeId: wheelSpins.prizeId,
      won: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${wheelSpins.stage} = 'completed')::int`,
      claiming: sql<number>`count(*) filter (where ${wheelSpins.claimId} is not null
        and ${wheelSpins.stage} = 'dispatching')::int`,
      lastCompletedAt: sql<Date | null>`max(${wheelSpins.completedAt})`,
    })
    .from(wheelSpins)
    .where(and(eq(wheelSpins.gameId, gameId), eq(wheelSpins.userId, userId), isNotNull(wheelSpins.prizeId)))
    .groupBy(wheelSpins.prizeId);
  return rows.map((row) => ({
    prizeId: row.prizeId!,
    won: Number(row.won),
    completed: Number(row.completed),
    claiming: Number(row.claiming),
    lastCompletedAt: row.lastCompletedAt === null ? null : new Date(row.lastCompletedAt),
  }));
}

/** Prizes the user won in any game (recorded spins that drew a prize): other modules' rules read it (badges). */
export async function prizesWonBy(db: DbWriter, userId: number): Promise<number> {
  const [row] = await db
    .select({ won: sql<number>`count(*)::int` })
    .from(wheelSpins)
    .where(and(eq(wheelSpins.userId, userId), isNotNull(wheelSpins.prizeId)));
  return Number(row?.won ?? 0);
}

export async function openClaim(db: DbWriter, gameId: number, userId: number, prizeId: string) {
  const [row] = await db
    .select()
    .from(wheelClaims)
    .where(
      and(
        eq(wheelClaims.gameId, gameId),
        eq(wheelClaims.userId, userId),
        eq(wheelClaims.prizeId, prizeId),
        isNull(wheelClaims.claimedAt),
      ),
    )
    .for("update");
  return row;
}

/** Won spins of a prize waiting for a claim, locked. */
export async function unclaimedSpins(db: DbWriter, gameId: number, userId: number, prizeId: string) {
  return db
    .select()
    .from(wheelSpins)
    .where(
      and(
        eq(wheelSpins.gameId, gameId),
        eq(wheelSpins.userId, userId),
        eq(wheelSpins.prizeId, prizeId),
        eq(wheelSpins.stage, "dispatching"),
        isNull(wheelSpins.claimId),
      ),
    )
    .for("update");
}

export async function insertClaim(db: DbWriter, values: typeof wheelClaims.$inferInsert): Promise<ClaimRow> {
  const [row] = await db.insert(wheelClaims).values(values).returning();
  return row!;
}

export async function attachSpinsToClaim(db: DbWriter, claimId: number, spinIds: number[]): Promise<void> {
  await db.update(wheelSpins).set({ claimId }).where(inArray(wheelSpins.id, spinIds));
}

export async function lockClaim(db: DbWriter, id: number): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(wheelClaims).where(eq(wheelClaims.id, id)).for("update");
  return row;
}

/** The claim went through on chain: it and its spins are done. */
export async function completeClaim(
  db: DbWriter,
  id: number,
  txHash: string | null,
  now: Date,
): Promise<void> {
  await db.update(wheelClaims).set({ claimedAt: now, claimTxHash: txHash }).where(eq(wheelClaims.id, id));
  await db
    .update(wheelSpins)
    .set({ stage: "completed", completedAt: now })
    .where(and(eq(wheelSpins.claimId, id), eq(wheelSpins.stage, "dispatching")));
}

/**
 * Whether a distributor campaign already pays (or is being filled for) a prize of any game on the chain other than
 * `except`, the prize it is named for.
 */
export async function campaignInUse(
  db: DbWriter,
  chainId: number,
  campaignId: string,
  except: { gameId: number; prizeId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ gameId: wheelPrizes.gameId })
    .from(wheelPrizes)
    .innerJoin(wheelGames, eq(wheelGames.id, wheelPrizes.gameId))
    .where(
      and(
        eq(wheelGames.chainId, chainId),
        eq(wheelPrizes.distributorCampaignId, campaignId),
        or(ne(wheelPrizes.gameId, except.gameId), ne(wheelPrizes.prizeId, except.prizeId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
