// The SQL of the points module besides the credit itself (ledger.ts): history, leaderboard, grants.
import { toChecksumAddress } from "@dropfair/core/address";
import {
  count,
  type Db,
  type DbWriter,
  eq,
  inArray,
  missions,
  pointsBalanceCounts,
  pointsBalanceDeltas,
  pointsGrants,
  pointsLedger,
  pointsTotals,
  sql,
  users,
  wheelGames,
  wheelSpins,
} from "@dropfair/db";
import type { PointsHistoryParams } from "@dropfair/schemas/points";
import { adminGrantSourceKind, missionSourceKind, referralSourceKind, rowsOf } from "./ledger.ts";

/** The source kind of a lucky wheel prize credit (its source id is the spin's id). */
const wheelSourceKind = "wheel";

export async function userIdOfAddress(db: DbWriter, address: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.address, address as `0x${string}`));
  return row?.id;
}

export async function historyOf(db: Db, userId: number, page: { offset: number; limit: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        amount: pointsLedger.amount,
        reason: pointsLedger.reason,
        sourceKind: pointsLedger.sourceKind,
        sourceId: pointsLedger.sourceId,
        createdAt: pointsLedger.createdAt,
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId))
      .orderBy(sql`${pointsLedger.createdAt} desc nulls last`, sql`${pointsLedger.id} desc nulls last`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.userId, userId)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

type SourcedRow = { sourceKind: string; sourceId: string; reason: string };

/** The numeric source ids of one kind among a page of rows (mission and user ids); others are skipped. */
function idsOf(rows: readonly SourcedRow[], kind: string): number[] {
  const ids = rows
    .filter((row) => row.sourceKind === kind && /^\d{1,15}$/.test(row.sourceId))
    .map((row) => Number(row.sourceId));
  return [...new Set(ids)];
}

/**
 * The parameters a client words a page of history rows with (three indexed lookups for the whole page): a
 * mission's title when it has one, the game's title of a lucky wheel prize, a referral's referee wallet, an
 * administrator's reason as typed (the ledger row of a grant stores exactly that text).
 */
export async function historyParamsOf(db: Db, rows: readonly SourcedRow[]) {
  const missionIds = idsOf(rows, missionSourceKind);
  const refereeIds = idsOf(rows, referralSourceKind);
  const spinIds = idsOf(rows, wheelSourceKind);
  const [titled, referees, games] = await Promise.all([
    missionIds.length === 0
      ? []
      : db
          .select({ id: missions.id, title: missions.title })
          .from(missions)
          .where(inArray(missions.id, missionIds)),
    refereeIds.length === 0
      ? []
      : db.select({ id: users.id, address: users.address }).from(users).where(inArray(users.id, refereeIds)),
    spinIds.length === 0
      ? []
      : db
          .select({ id: wheelSpins.id, title: wheelGames.title })
          .from(wheelSpins)
          .innerJoin(wheelGames, eq(wheelGames.id, wheelSpins.gameId))
          .where(inArray(wheelSpins.id, spinIds)),
  ]);
  const titles = new Map(
    titled.filter((row) => row.title.trim() !== "").map((row) => [String(row.id), row.title]),
  );
  const gameTitles = new Map(games.map((row) => [String(row.id), row.title]));
  const addresses = new Map(referees.map((row) => [String(row.id), toChecksumAddress(row.address)]));
  return (row: SourcedRow): PointsHistoryParams => {
    const title =
      row.sourceKind === missionSourceKind
        ? titles.get(row.sourceId)
        : row.sourceKind === wheelSourceKind
          ? gameTitles.get(row.sourceId)
          : undefined;
    const address = row.sourceKind === referralSourceKind ? addresses.get(row.sourceId) : undefined;
    if (title !== undefined) return { title };
    if (address !== undefined) return { address };
    if (row.sourceKind === adminGrantSourceKind) return { note: row.reason };
    return {};
  };
}

export type RankedUser = { rank: number; userId: number; address: `0x${string}`; points: number };

/**
 * The highest balances, from the ranked index (its order is `points desc nulls last`: a plain `desc` means
 * nulls first and would not use it). Equal balances share a rank (1 + the number of users with
 * more points): the first rows of the index hold everyone above any of them, so rank() over them is global.
 */
export async function topBalances(db: Db, limit: number): Promise<RankedUser[]> {
  const result = await db.execute(sql`
    select top.user_id, top.points, ${users.address} as address,
      rank() over (order by top.points desc) as rank
    from (
      select user_id, points from ${pointsTotals} where points > 0
      order by points desc nulls last, user_id limit ${limit}
    ) top
    join ${users} on ${users.id} = top.user_id
    order by top.points desc nulls last, top.user_id`);
  return rowsOf<{ user_id: string; points: string; address: string; rank: string }>(result).map((row) => ({
    rank: Number(row.rank),
    userId: Number(row.user_id),
    address: row.address as `0x${string}`,
    points: Number(row.points),
  }));
}

/**
 * 1 + the number of users with a larger balance: the folded count of users at the smallest balance above it
 * (one index probe) plus the deltas not folded yet, so the cost does not grow with the number of users.
 */
export async function rankOfBalance(db: Db, points: number): Promise<number> {
  const result = await db.execute(sql`
    select
      coalesce((select users_at_or_above from ${pointsBalanceCounts} where points > ${points}
        order by points limit 1), 0)
      + coalesce((select sum(delta) from ${pointsBalanceDeltas} where points > ${points}), 0) as above`);
  const [row] = rowsOf<{ above: string }>(result);
  return Number(row?.above ?? 0) + 1;
}

/** A user's balance and rank (null while the balance is 0) in one round trip. */
export async function standingOf(db: Db, userId: number): Promise<{ points: number; rank: number | null }> {
  const result = await db.execute(sql`
    select mine.points,
      coalesce((select users_at_or_above from ${pointsBalanceCounts} where points > mine.points
        order by points limit 1), 0)
      + coalesce((select sum(delta) from ${pointsBalanceDeltas} where points > mine.points), 0) as above
    from (select coalesce((select points from ${pointsTotals} where user_id = ${userId}), 0) as points) mine`);
  const [row] = rowsOf<{ points: string; above: string }>(result);
  const points = Number(row?.points ?? 0);
  return { points, rank: points > 0 ? Number(row?.above ?? 0) + 1 : null };
}

/**
 * Moves the appended balance changes into the per-balance counts and recomputes the running totals, in one
 * transaction (a reader sees the counts and deltas of before or of after, both exact).
 */
export async function foldBalanceCounts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with folded as (delete from ${pointsBalanceDeltas} returning points, delta),
      summed as (select points, sum(delta)::bigint as delta from folded group by points),
      counted as (
        insert into ${pointsBalanceCounts} (points, users) select points, delta from summed
        on conflict (points) do update set users = ${pointsBalanceCounts}.users + excluded.users
      )
      select count(*) as folded from folded`);
    await tx.delete(pointsBalanceCounts).where(sql`${pointsBalanceCounts.users} = 0`);
    await tx.execute(sql`
      update ${pointsBalanceCounts} as counts set users_at_or_above = running.total
      from (select points, sum(users) over (order by points desc) as total from ${pointsBalanceCounts}) running
      where counts.points = running.points and counts.users_at_or_above is distinct from running.total`);
    return Number(rowsOf<{ folded: string }>(result)[0]?.folded ?? 0);
  });
}

export async function insertGrant(
  db: DbWriter,
  grant: { id: string; userId: number; actorUserId: number; amount: number; reason: string },
) {
  const [row] = await db.insert(pointsGrants).values(grant).returning({ createdAt: pointsGrants.createdAt });
  if (!row) throw new Error("points: grant not stored");
  return row.createdAt;
}

/** Newest first. */
export async function listGrants(db: Db, page: { offset: number; limit: number }) {
  const [result, [counted]] = await Promise.all([
    db.execute(sql`
      select g.id, target.address, g.amount, g.reason, actor.address as actor, g.created_at
      from ${pointsGrants} g
      join ${users} target on target.id = g.user_id
      join ${users} actor on actor.id = g.actor_user_id
      order by g.created_at desc nulls last, g.id
      limit ${page.limit} offset ${page.offset}`),
    db.select({ total: count() }).from(pointsGrants),
  ]);
  type Row = {
    id: string;
    address: string;
    amount: string;
    reason: string;
    actor: string;
    created_at: string | Date;
  };
  const rows = rowsOf<Row>(result).map((row) => ({
    id: row.id,
    address: row.address,
    amount: Number(row.amount),
    reason: row.reason,
    actor: row.actor,
    createdAt: new Date(row.created_at),
  }));
  return { rows, total: counted?.total ?? 0 };
}
