// The leaderboard: recomputed with `@dropfair/core/tips` from the collected tweets into the materialised standings,
// together with the snapshot file it was computed from (so the file anyone downloads gives exactly these rows);
// read a page at a time, sorted by any column, with the caller's own row.
import {
  buildTipsSnapshot,
  type TipsStanding as CoreStanding,
  computeTipsLeaderboard,
  type TipsParticipant,
} from "@dropfair/core/tips";
import type { DbWriter } from "@dropfair/db";
import type { TipsLeaderboard, TipsSortColumn } from "@dropfair/schemas/tips";
import type { Actor, TipsDependencies } from "./dependencies.ts";
import { tipsErrors } from "./errors.ts";
import * as repository from "./repository.ts";
import * as standings from "./standings-repository.ts";
import { formulaOf, rulesOf } from "./views.ts";

/** The snapshot of a campaign as it stands: every participant (banned ones flagged) and their live tweets. */
export async function currentSnapshot(db: DbWriter, campaign: repository.CampaignRow) {
  const [participants, tweets] = await Promise.all([
    repository.participantsOf(db, campaign.id),
    standings.liveTweetsOf(db, campaign.id),
  ]);
  const byAuthor = new Map<string, TipsParticipant>();
  for (const participant of participants) {
    byAuthor.set(participant.xUserId, {
      userId: participant.xUserId,
      banned: participant.bannedAt !== null,
      tweets: [],
    });
  }
  for (const tweet of tweets) {
    byAuthor.get(tweet.xUserId)?.tweets.push({
      id: tweet.tweetId,
      createdAt: tweet.createdAt.toISOString(),
      text: tweet.text,
      views: tweet.views,
      likes: tweet.likes,
      replies: tweet.replies,
      retweets: tweet.retweets,
      quotes: tweet.quotes,
    });
  }
  return buildTipsSnapshot(String(campaign.id), rulesOf(campaign), [...byAuthor.values()]);
}

type Positions = Record<`${standings.PositionedColumn}${"Asc" | "Desc"}`, number>;

/** Orders two sums: numbers, or decimal strings of non-negative integers (no leading zeros). */
function compareSums(left: number | string, right: number | string): number {
  if (typeof left === "number" || typeof right === "number") return Number(left) - Number(right);
  return left.length - right.length || (left < right ? -1 : left > right ? 1 : 0);
}

/**
 * Where each standing stands in each sortable column's ascending and descending order, ties by rank in both (what
 * a page reads). One sort a column: a run of equal values keeps the rank order in both orders, so a row's
 * descending position is its run's place counted from the end plus its place within the run.
 */
function positionsOf(board: CoreStanding[]): Positions[] {
  const positions = board.map(() => ({}) as Positions);
  for (const column of Object.keys(standings.positionColumns) as standings.PositionedColumn[]) {
    const values = board.map((standing) => standing[column]);
    const ascending = board
      .map((_, index) => index)
      .sort((a, b) => compareSums(values[a]!, values[b]!) || board[a]!.rank - board[b]!.rank);
    const valueAt = (at: number) => values[ascending[at]!]!;
    let runStart = 0;
    while (runStart < ascending.length) {
      let runEnd = runStart;
      while (runEnd + 1 < ascending.length && compareSums(valueAt(runEnd + 1), valueAt(runStart)) === 0)
        runEnd++;
      for (let at = runStart; at <= runEnd; at++) {
        const row = positions[ascending[at]!]!;
        row[`${column}Asc`] = at + 1;
        row[`${column}Desc`] = ascending.length - runEnd + (at - runStart);
      }
      runStart = runEnd + 1;
    }
  }
  return positions;
}

function standingRow(campaignId: number, standing: CoreStanding, positions: Positions) {
  return {
    campaignId,
    xUserId: standing.userId,
    rank: standing.rank,
    points: standing.points,
    tweets: standing.tweets,
    views: standing.views,
    likes: standing.likes,
    replies: standing.replies,
    retweets: standing.retweets,
    quotes: standing.quotes,
    interactions: standing.interactions,
    estimatedEarned: standing.estimatedEarned,
    ...positions,
  };
}

/**
 * Recomputes the campaign's leaderboard from its tweets and replaces the standings and the published snapshot in
 * one transaction. `final` marks the snapshot the payouts are made from.
 */
export async function recomputeLeaderboard(
  dependencies: Pick<TipsDependencies, "db" | "now">,
  campaignId: number,
  options: { final?: boolean } = {},
): Promise<{ participants: number; totalPoints: string }> {
  const { db, now } = dependencies;
  return db.transaction(async (tx) => {
    // The lock orders this recomputation with bans and other recomputations of the same campaign.
    const campaign = await repository.lockCampaign(tx, campaignId);
    if (!campaign) throw tipsErrors.notFound();
    const snapshot = await currentSnapshot(tx, campaign);
    const board = computeTipsLeaderboard(snapshot.participants, rulesOf(campaign));
    const positions = positionsOf(board.standings);
    await standings.replaceStandings(
      tx,
      campaignId,
      board.standings.map((standing, index) => standingRow(campaignId, standing, positions[index]!)),
      {
        body: JSON.stringify(snapshot),
        computedAt: now(),
        final: options.final ?? false,
        totalPoints: board.totalPoints,
      },
    );
    return { participants: board.standings.length, totalPoints: board.totalPoints };
  });
}

/** What a leaderboard answer shares with every caller asking for the same page: all of it but the own row. */
export type SharedLeaderboardPage = Omit<TipsLeaderboard, "me">;

type PageQuery = { page: number; pageSize: number; sort: TipsSortColumn; order: "asc" | "desc" };

/** The campaign's head and one page of its standings: two prepared reads side by side. */
async function sharedPageOf(
  db: DbWriter,
  campaignId: number,
  query: PageQuery,
): Promise<SharedLeaderboardPage> {
  const [head, rows] = await Promise.all([
    standings.leaderboardHeadOf(db, campaignId),
    standings.standingsPage(db, campaignId, {
      sort: query.sort,
      order: query.order,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  ]);
  if (!head) throw tipsErrors.notFound();
  return {
    formula: formulaOf(head),
    totalPrize: head.totalPrize,
    totalPoints: head.totalPoints,
    computedAt: head.computedAt?.toISOString() ?? null,
    total: head.ranked,
    page: query.page,
    pageSize: query.pageSize,
    rows,
  };
}

/**
 * A page of the leaderboard and the caller's own row. The page is the same for every caller, so the process keeps
 * it for a moment (`leaderboardPages`, the micro-cache's lifetime and emptying, docs/architecture.md); the own row
 * is read for each request, so it is never another caller's and never older than the last recomputation.
 */
export async function leaderboardOf(
  dependencies: TipsDependencies,
  actor: Actor,
  campaignId: number,
  query: { page: number; pageSize: number; sort: TipsSortColumn; order?: "asc" | "desc" | undefined },
): Promise<TipsLeaderboard> {
  const { db, leaderboardPages } = dependencies;
  const pageQuery = { ...query, order: query.order ?? (query.sort === "rank" ? "asc" : "desc") } as const;
  const key = `${campaignId} ${pageQuery.sort} ${pageQuery.order} ${pageQuery.page} ${pageQuery.pageSize}`;
  const load = () => sharedPageOf(db, campaignId, pageQuery);
  const [shared, own] = await Promise.all([
    leaderboardPages ? leaderboardPages.read(key, load) : load(),
    actor ? standings.ownStandingOf(db, campaignId, actor.userId) : undefined,
  ]);
  return { ...shared, me: own ?? null };
}

/** The published snapshot file (JSON text) the current leaderboard was computed from. */
export async function snapshotFileOf(dependencies: TipsDependencies, campaignId: number) {
  const campaign = await repository.findCampaign(dependencies.db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const snapshot = await standings.snapshotOf(dependencies.db, campaignId);
  if (!snapshot) throw tipsErrors.notFound();
  return { body: snapshot.body, final: snapshot.final === 1, computedAt: snapshot.computedAt };
}
