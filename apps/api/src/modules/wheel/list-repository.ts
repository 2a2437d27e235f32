// The wheel's lists: the game list (all, one creator's, one partner's) and the live games other modules list (the
// drops list of the news module). The rest of the module's SQL is in repository.ts.
import {
  and,
  count,
  type Db,
  desc,
  eq,
  isNull,
  type SQL,
  sql,
  users,
  wheelGames,
  wheelPrizes,
  wheelSpins,
} from "@dropfair/db";
import type { Address } from "viem";
import type { GameRow } from "./repository.ts";

export type GameListRow = GameRow & {
  creator: Address;
  prizeCount: number;
  spinCount: number;
  allFunded: boolean;
};

/** A page of games, newest first: all, one creator's, or one partner's. */
export async function listGames(
  db: Db,
  filter: { creatorUserId?: number; partnerSlug?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: GameListRow[]; total: number }> {
  const where = and(
    filter.creatorUserId === undefined ? undefined : eq(wheelGames.creatorUserId, filter.creatorUserId),
    filter.partnerSlug === undefined ? undefined : eq(wheelGames.partnerSlug, filter.partnerSlug),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        game: wheelGames,
        creator: users.address,
        prizeCount: sql<number>`(select count(*)::int from ${wheelPrizes} p where p.game_id = ${wheelGames.id})`,
        unfunded: sql<number>`(select count(*)::int from ${wheelPrizes} p where p.game_id = ${wheelGames.id}
          and p.kind in ('token', 'nft') and p.funded_at is null)`,
        spinCount: sql<number>`(select count(*)::int from ${wheelSpins} s where s.game_id = ${wheelGames.id}
          and s.recorded_at is not null)`,
      })
      .from(wheelGames)
      .innerJoin(users, eq(users.id, wheelGames.creatorUserId))
      .where(where)
      .orderBy(desc(wheelGames.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(wheelGames).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.game,
      creator: row.creator,
      prizeCount: Number(row.prizeCount),
      spinCount: Number(row.spinCount),
      allFunded: Number(row.unfunded) === 0,
    })),
    total: Number(counted?.total ?? 0),
  };
}

/** A game as the drops list shows it: every token and NFT prize funded, not closed, in error or over. */
export type LiveWheelGame = {
  id: number;
  title: string;
  description: string;
  chainId: number;
  partnerSlug: string | null;
  startsAt: Date;
  endsAt: Date;
  /** When it was created. */
  listedAt: Date;
  /** From the times: 0 not started, 1 running. */
  status: 0 | 1;
};

export type LiveWheelFilter = {
  at: Date;
  /** 0 not started, 1 running; 2 (ended) matches nothing, games that are over are not listed. */
  status?: 0 | 1 | 2 | undefined;
  listedSince?: Date | undefined;
  keyword?: string | undefined;
  limit: number;
};

/** Upcoming and running games for the drops list, newest first, and how many match. */
export async function listLiveGames(
  db: Db,
  filter: LiveWheelFilter,
): Promise<{ items: LiveWheelGame[]; total: number }> {
  const conditions: SQL[] = [
    isNull(wheelGames.closedAt),
    isNull(wheelGames.errorReason),
    sql`${wheelGames.createdAt} <= ${filter.at}`,
    sql`${wheelGames.endsAt} > ${filter.at}`,
    sql`not exists (select 1 from ${wheelPrizes} p where p.game_id = ${wheelGames.id}
      and p.kind in ('token', 'nft') and p.funded_at is null)`,
  ];
  if (filter.status === 0) conditions.push(sql`${wheelGames.startsAt} > ${filter.at}`);
  if (filter.status === 1) conditions.push(sql`${wheelGames.startsAt} <= ${filter.at}`);
  if (filter.status === 2) conditions.push(sql`false`);
  if (filter.listedSince) conditions.push(sql`${wheelGames.createdAt} >= ${filter.listedSince}`);
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[%_\\]/g, "\\$&")}%`;
    conditions.push(
      sql`(${wheelGames.title} ilike ${pattern} or ${wheelGames.description} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(wheelGames)
      .where(where)
      .orderBy(desc(wheelGames.createdAt), desc(wheelGames.id))
      .limit(filter.limit),
    db.select({ total: count() }).from(wheelGames).where(where),
  ]);
  return {
    total: Number(counted?.total ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      chainId: row.chainId,
      partnerSlug: row.partnerSlug,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      listedAt: row.createdAt,
      status: filter.at < row.startsAt ? 0 : 1,
    })),
  };
}
