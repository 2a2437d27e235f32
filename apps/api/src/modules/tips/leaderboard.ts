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
import type { TipsLeaderboard, TipsSortColumn, TipsStanding } from "@dropfair/schemas/tips";
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

function standingRow(campaignId: number, standing: CoreStanding) {
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
    await standings.replaceStandings(
      tx,
      campaignId,
      board.standings.map((standing) => standingRow(campaignId, standing)),
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

function standingView(row: standings.StandingWithAccount): TipsStanding {
  const { standing } = row;
  return {
    rank: standing.rank,
    xUserId: standing.xUserId,
    username: row.username,
    name: row.name,
    avatarUrl: row.avatarUrl,
    points: standing.points,
    tweets: standing.tweets,
    views: standing.views,
    retweets: standing.retweets,
    replies: standing.replies,
    likes: standing.likes,
    quotes: standing.quotes,
    interactions: standing.interactions,
    estimatedEarned: standing.estimatedEarned,
  };
}

export async function leaderboardOf(
  dependencies: TipsDependencies,
  actor: Actor,
  campaignId: number,
  query: { page: number; pageSize: number; sort: TipsSortColumn; order?: "asc" | "desc" | undefined },
): Promise<TipsLeaderboard> {
  const { db } = dependencies;
  const order = query.order ?? (query.sort === "rank" ? "asc" : "desc");
  // The campaign, the page and the caller's own row are read side by side (each one indexed read).
  const [campaign, page, own] = await Promise.all([
    repository.findCampaign(db, campaignId),
    standings.standingsPage(db, campaignId, {
      sort: query.sort,
      order,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
    actor === null ? undefined : standings.standingOfUser(db, campaignId, actor.userId),
  ]);
  if (!campaign) throw tipsErrors.notFound();
  return {
    formula: formulaOf(campaign),
    totalPrize: campaign.totalPrize,
    totalPoints: campaign.totalPoints,
    computedAt: campaign.computedAt?.toISOString() ?? null,
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    rows: page.rows.map(standingView),
    me: own ? standingView(own) : null,
  };
}

/** The published snapshot file (JSON text) the current leaderboard was computed from. */
export async function snapshotFileOf(dependencies: TipsDependencies, campaignId: number) {
  const campaign = await repository.findCampaign(dependencies.db, campaignId);
  if (!campaign) throw tipsErrors.notFound();
  const snapshot = await standings.snapshotOf(dependencies.db, campaignId);
  if (!snapshot) throw tipsErrors.notFound();
  return { body: snapshot.body, final: snapshot.final === 1, computedAt: snapshot.computedAt };
}
