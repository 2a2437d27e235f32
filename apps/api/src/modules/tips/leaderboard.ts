// The leaderboard: recomputed with `@dropfair/core/tips` from the collected tweets into the materialised standings,
// together with the snapshot file it was computed from (so the file anyone downloads gives exactly these rows);
// read a page at a time, sorted by any column, with the caller's own row.
import { promisify } from "node:util";
import { gzip } from "node:zlib";
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

const gzipAsync = promisify(gzip);

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
      createdAt: new Date(tweet.createdAtMs).toISOString(),
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

/** The steps of a recomputation, timed one after the other for whoever asks (`onStep`: the benchmark). */
export type RecomputeStep = "lock" | "read" | "compute" | "positions" | "snapshot" | "write";

/** Orders two sums: numbers, or decimal strings of non-negative integers (no leading zeros). */
function compareSums(left: number | string, right: number | string): number {
  if (typeof left === "number" || typeof right === "number") return Number(left) - Number(right);
  return left.length - right.length || (left < right ? -1 : left > right ? 1 : 0);
}

/**
 * Where each standing stands in one column's ascending and descending order, ties by rank in both (what a page
 * reads); `board` is in rank order. One sort: a run of equal values keeps the rank order in both orders, so a
 * row's descending position is its run's place counted from the end plus its place within the run. Sums below
 * 2^53 (all of them, in practice) sort as doubles, exactly; longer ones by their digits.
 */
function columnPositions(values: readonly (number | string)[]): { asc: number[]; desc: number[] } {
  const count = values.length;
  const exact = values.every((value) => typeof value === "number" || value.length < 16);
  const keys = exact ? Float64Array.from(values, Number) : undefined;
  const order = new Uint32Array(count);
  for (let index = 0; index < count; index++) order[index] = index;
  // Index order is rank order, so the index breaks ties.
  if (keys) order.sort((a, b) => keys[a]! - keys[b]! || a - b);
  else order.sort((a, b) => compareSums(values[a]!, values[b]!) || a - b);
  const same = keys
    ? (a: number, b: number) => keys[a] === keys[b]
    : (a: number, b: number) => compareSums(values[a]!, values[b]!) === 0;
  const asc = new Array<number>(count);
  const desc = new Array<number>(count);
  let runStart = 0;
  while (runStart < count) {
    let runEnd = runStart;
    while (runEnd + 1 < count && same(order[runEnd + 1]!, order[runStart]!)) runEnd++;
    for (let at = runStart; at <= runEnd; at++) {
      asc[order[at]!] = at + 1;
      desc[order[at]!] = count - runEnd + (at - runStart);
    }
    runStart = runEnd + 1;
  }
  return { asc, desc };
}

/** The standings as the columns of their rows, with every sortable column's positions. */
function standingColumnsOf(board: readonly CoreStanding[]): standings.StandingColumns {
  const column = <Value>(pick: (standing: CoreStanding) => Value) => board.map(pick);
  const positioned = (name: standings.PositionedColumn) =>
    columnPositions(column((standing) => standing[name]));
  const tweets = positioned("tweets");
  const views = positioned("views");
  const likes = positioned("likes");
  const replies = positioned("replies");
  const retweets = positioned("retweets");
  const quotes = positioned("quotes");
  const interactions = positioned("interactions");
  return {
    xUserId: column((standing) => standing.userId),
    rank: column((standing) => standing.rank),
    points: column((standing) => standing.points),
    tweets: column((standing) => standing.tweets),
    views: column((standing) => standing.views),
    likes: column((standing) => standing.likes),
    replies: column((standing) => standing.replies),
    retweets: column((standing) => standing.retweets),
    quotes: column((standing) => standing.quotes),
    interactions: column((standing) => standing.interactions),
    estimatedEarned: column((standing) => standing.estimatedEarned),
    tweetsAsc: tweets.asc,
    tweetsDesc: tweets.desc,
    viewsAsc: views.asc,
    viewsDesc: views.desc,
    likesAsc: likes.asc,
    likesDesc: likes.desc,
    repliesAsc: replies.asc,
    repliesDesc: replies.desc,
    retweetsAsc: retweets.asc,
    retweetsDesc: retweets.desc,
    quotesAsc: quotes.asc,
    quotesDesc: quotes.desc,
    interactionsAsc: interactions.asc,
    interactionsDesc: interactions.desc,
  };
}

/**
 * Recomputes the campaign's leaderboard from its tweets and replaces the standings and the published snapshot in
 * one transaction. `final` marks the snapshot the payouts are made from.
 */
export async function recomputeLeaderboard(
  dependencies: Pick<TipsDependencies, "db" | "now">,
  campaignId: number,
  options: { final?: boolean; onStep?: (step: RecomputeStep, ms: number) => void } = {},
): Promise<{ participants: number; totalPoints: string }> {
  const { db, now } = dependencies;
  let stepStarted = performance.now();
  const stepDone = (step: RecomputeStep) => {
    const at = performance.now();
    options.onStep?.(step, at - stepStarted);
    stepStarted = at;
  };
  return db.transaction(async (tx) => {
    // The lock orders this recomputation with bans and other recomputations of the same campaign.
    const campaign = await repository.lockCampaign(tx, campaignId);
    if (!campaign) throw tipsErrors.notFound();
    stepDone("lock");
    const snapshot = await currentSnapshot(tx, campaign);
    stepDone("read");
    const board = computeTipsLeaderboard(snapshot.participants, rulesOf(campaign));
    stepDone("compute");
    const rows = standingColumnsOf(board.standings);
    stepDone("positions");
    // Level 1: a 180 MB file in about half a second, to about a seventh of its size (docs/tips.md).
    const bodyGzip = await gzipAsync(JSON.stringify(snapshot), { level: 1 });
    stepDone("snapshot");
    await standings.replaceStandings(tx, campaignId, rows, {
      bodyGzip,
      computedAt: now(),
      final: options.final ?? false,
      totalPoints: board.totalPoints,
    });
    stepDone("write");
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

/** The published snapshot file the current leaderboard was computed from: its JSON text, gzip-compressed. */
export async function snapshotFileOf(dependencies: TipsDependencies, campaignId: number) {
  const campaign = await repository.findCampaign(dependencies.db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const snapshot = await standings.snapshotOf(dependencies.db, campaignId);
  if (!snapshot) throw tipsErrors.notFound();
  // A snapshot written before the files were compressed holds its text.
  const gzip = snapshot.bodyGzip ?? (await gzipAsync(snapshot.body ?? "", { level: 1 }));
  return { gzip: Buffer.from(gzip), final: snapshot.final === 1, computedAt: snapshot.computedAt };
}
