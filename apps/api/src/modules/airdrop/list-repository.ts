// The airdrop lists' SQL: the public list (a prepared statement), My Creation and My Wins, and the released
// airdrops other modules list (the news list). The rest of the module's SQL is in repository.ts.
import {
  airdropParticipants,
  airdrops,
  and,
  type DbWriter,
  desc,
  eq,
  inArray,
  isNull,
  preparedStatement,
  type SQL,
  sql,
} from "@dropfair/db";
import { type AirdropRow, airdropColumns, type Page } from "./repository.ts";

/**
 * The columns a list row (an airdrop's summary, views.ts) is made of. A page reads these only: the other columns
 * (descriptions, Merkle and campaign fields, each address column checksummed as it is read) were most of a page's
 * parsing and mapping in the API process (the T28 profile in bench/RESULTS.md).
 */
const summaryColumns = {
  id: airdrops.id,
  title: airdrops.title,
  creatorAddress: airdrops.creatorAddress,
  releasedAt: airdrops.releasedAt,
  startAt: airdrops.startAt,
  endAt: airdrops.endAt,
  idType: airdrops.idType,
  rewardType: airdrops.rewardType,
  mode: airdrops.mode,
  chainId: airdrops.chainId,
  tokenAddress: airdrops.tokenAddress,
  tokenSymbol: airdrops.tokenSymbol,
  tokenDecimals: airdrops.tokenDecimals,
  tokenLogoType: airdrops.tokenLogoType,
  totalAmount: airdrops.totalAmount,
  campaignId: airdrops.campaignId,
  deposited: airdrops.deposited,
  claimedAmount: airdrops.claimedAmount,
  refundedAt: airdrops.refundedAt,
  participantCount: airdrops.participantCount,
  claimCount: airdrops.claimCount,
  posterStyle: airdrops.posterStyle,
};

/** An airdrop as a list page reads it. */
export type AirdropSummaryRow = Pick<AirdropRow, keyof typeof summaryColumns>;

export type AirdropListFilter = Page & {
  /** The status codes are computed at this instant. */
  at: Date;
  /** The creator's own airdrops, drafts included; otherwise released ones only. */
  creatorUserId?: number | undefined;
  /** Released airdrops listing any of these accounts. */
  participantAccounts?: readonly string[] | undefined;
  status?: number | undefined;
};

/** A page of airdrops, newest first, and how many match. */
export async function listAirdrops(
  db: DbWriter,
  filter: AirdropListFilter,
): Promise<{ rows: AirdropSummaryRow[]; total: number }> {
  const status = sql<number>`case when ${airdrops.releasedAt} is null then 0
    when ${filter.at} < ${airdrops.startAt} then 1 when ${filter.at} < ${airdrops.endAt} then 2 else 3 end`;
  const conditions: SQL[] = [isNull(airdrops.deletedAt)];
  if (filter.creatorUserId !== undefined) {
    conditions.push(eq(airdrops.creatorUserId, filter.creatorUserId));
  } else {
    conditions.push(sql`${airdrops.releasedAt} is not null`);
    if (filter.participantAccounts) {
      conditions.push(
        sql`exists (select 1 from ${airdropParticipants} where ${airdropParticipants.airdropId} = ${airdrops.id}
          and ${inArray(airdropParticipants.account, [...filter.participantAccounts])})`,
      );
    }
  }
  if (filter.status !== undefined) conditions.push(sql`${status} = ${filter.status}`);
  const everyReleased = filter.creatorUserId === undefined && !filter.participantAccounts;
  if (everyReleased && filter.status === undefined) return publicAirdropPage(db, filter);
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(airdrops)
      .where(where)
      .orderBy(desc(airdrops.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(airdrops).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

const releasedNotDeleted = sql`${airdrops.releasedAt} is not null and ${airdrops.deletedAt} is null`;

/**
 * The public list's page (released airdrops, no filter), the one everyone asks: a prepared statement answering
 * the page and the count in one round trip (the count an uncorrelated subquery PostgreSQL runs once). A page past
 * the end has no row to carry the count: a second prepared read counts then.
 */
async function publicAirdropPage(
  db: DbWriter,
  filter: Page,
): Promise<{ rows: AirdropSummaryRow[]; total: number }> {
  const page = preparedStatement(db, "airdrop_public_page", (name) =>
    db
      .select({
        ...summaryColumns,
        total: sql<number>`(select count(*)::int from ${airdrops} where ${releasedNotDeleted})`,
      })
      .from(airdrops)
      .where(releasedNotDeleted)
      .orderBy(desc(airdrops.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name),
  );
  const found = await page.execute({ limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize });
  if (found.length > 0) {
    const total = found[0]!.total;
    return { rows: found.map(({ total: _total, ...row }) => row), total };
  }
  const count = preparedStatement(db, "airdrop_public_count", (name) =>
    db.select({ total: sql<number>`count(*)::int` }).from(airdrops).where(releasedNotDeleted).prepare(name),
  );
  const [counted] = await count.execute();
  return { rows: [], total: counted?.total ?? 0 };
}

/** What a listing of released airdrops (the news list's Dropfair items) filters on. */
export type ReleasedAirdropFilter = {
  at: Date;
  /** 1 not started, 2 in progress, 3 ended (at `at`). */
  status?: number | undefined;
  releasedSince?: Date | undefined;
  /** Matched case-insensitively in the title and description. */
  keyword?: string | undefined;
  limit: number;
};

/** Released airdrops, latest release first, and how many match; no lock. */
export async function releasedAirdrops(db: DbWriter, filter: ReleasedAirdropFilter) {
  const status = sql<number>`case when ${filter.at} < ${airdrops.startAt} then 1
    when ${filter.at} < ${airdrops.endAt} then 2 else 3 end`;
  const conditions: SQL[] = [
    isNull(airdrops.deletedAt),
    sql`${airdrops.releasedAt} is not null`,
    sql`${airdrops.releasedAt} <= ${filter.at}`,
  ];
  if (filter.status !== undefined) conditions.push(sql`${status} = ${filter.status}`);
  if (filter.releasedSince) conditions.push(sql`${airdrops.releasedAt} >= ${filter.releasedSince}`);
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[%_\\]/g, "\\$&")}%`;
    conditions.push(sql`(${airdrops.title} ilike ${pattern} or ${airdrops.description} ilike ${pattern})`);
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select(airdropColumns)
      .from(airdrops)
      .where(where)
      .orderBy(desc(airdrops.releasedAt), desc(airdrops.id))
      .limit(filter.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(airdrops).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
