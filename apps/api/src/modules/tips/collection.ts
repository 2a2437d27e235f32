// Collecting a campaign's tweets from X, in rounds that resume where a run stopped (a killed worker, X's budget or
// rate limits): (1) recent search for the essential text in the campaign's window, keeping participants' tweets;
// (2) the timelines of participants not read yet, the fallback for what search misses or no longer reaches (it
// covers the last seven days only); (3) the public metrics of every known tweet, 100 a request, where a tweet
// X no longer returns is marked deleted and stops counting. Each page's progress is stored before the next.
import { carriesEssentialText } from "@dropfair/core/tips";
import type { DbWriter } from "@dropfair/db";
import { XError, type XTweet } from "@dropfair/social/x";
import * as collections from "./collection-repository.ts";
import type { TipsDependencies } from "./dependencies.ts";
import * as repository from "./repository.ts";
import * as standings from "./standings-repository.ts";

const sevenDaysMs = 7 * 86_400_000;
/** X refuses a search `end_time` later than 10 seconds before the request. */
const searchEndMarginMs = 15_000;
/** A timeline read covers this many pages at most (X serves a user's latest 3,200 posts). */
const timelinePages = 5;
/** A phase's stored position once it has begun, before it has done anything (every id sorts after it). */
const phaseStarted = "";
/** A search pass not finished within this long begins again (its window would slide out of the last 7 days). */
const staleSearchMs = 60 * 60_000;

export type CollectionDependencies = Pick<TipsDependencies, "db" | "x" | "now">;

export type CollectionOutcome = {
  /** The round finished (every phase read to its end); false: stopped early, run again to go on. */
  done: boolean;
  requests: number;
  stoppedBy: string | null;
};

/** The X search query for the essential text: the hashtag and mention as terms, else the slogan's words. */
export function searchQueryOf(campaign: Pick<repository.CampaignRow, "hashtag" | "mention" | "slogan">) {
  const terms = [campaign.hashtag, campaign.mention].filter((term) => term !== "");
  const words = terms.length > 0 ? terms : campaign.slogan.split(/\s+/).filter((word) => word !== "");
  return [...words.slice(0, 20), "-is:retweet"].join(" ").slice(0, 512);
}

/** A tweet of a participant as stored, if it carries the essential text within the window. */
function tweetRow(
  campaign: repository.CampaignRow,
  tweet: XTweet,
  authorId: string,
  at: Date,
): Parameters<typeof standings.upsertTweets>[1][number] | null {
  if (!tweet.created_at) return null;
  const createdAt = new Date(tweet.created_at);
  if (createdAt < campaign.startsAt || createdAt >= campaign.endsAt) return null;
  if (!carriesEssentialText(tweet.text, campaign)) return null;
  const metrics = tweet.public_metrics;
  return {
    campaignId: campaign.id,
    tweetId: tweet.id,
    xUserId: authorId,
    createdAt,
    text: tweet.text,
    views: metrics?.impression_count ?? 0,
    likes: metrics?.like_count ?? 0,
    replies: metrics?.reply_count ?? 0,
    retweets: metrics?.retweet_count ?? 0,
    quotes: metrics?.quote_count ?? 0,
    refreshedAt: at,
  };
}

async function storeTweets(
  db: DbWriter,
  campaign: repository.CampaignRow,
  tweets: readonly XTweet[],
  authors: ReadonlySet<string>,
  at: Date,
) {
  const rows = tweets.flatMap((tweet) => {
    const author = tweet.author_id;
    if (author === undefined || !authors.has(author)) return [];
    const row = tweetRow(campaign, tweet, author, at);
    return row ? [row] : [];
  });
  await standings.upsertTweets(db, rows);
}

type Run = {
  dependencies: CollectionDependencies;
  campaign: repository.CampaignRow;
  x: TipsDependencies["x"];
  authors: Set<string>;
};

/** Phase 1: recent search, a pass at a time; a finished pass moves `since_id` to the newest tweet it saw. */
async function searchPhase(run: Run, state: collections.CollectionRow): Promise<void> {
  const { dependencies, campaign, x, authors } = run;
  const { db, now } = dependencies;
  // A pass keeps the window it began with, so its next_token stays valid; a stale pass starts again.
  let started = state.roundStartedAt?.getTime() ?? now().getTime();
  if (state.searchNextToken === null || now().getTime() - started > staleSearchMs) {
    started = now().getTime();
    state.searchNextToken = null;
    state.searchNewestId = null;
    await collections.saveState(db, campaign.id, { roundStartedAt: new Date(started) });
  }
  const windowStart = Math.max(campaign.startsAt.getTime(), started - sevenDaysMs + 60_000);
  const end = Math.min(campaign.endsAt.getTime(), started - searchEndMarginMs);
  if (end <= windowStart) return;
  const pages = x.searchRecent(searchQueryOf(campaign), {
    maxResults: 100,
    startTime: new Date(windowStart).toISOString(),
    endTime: new Date(end).toISOString(),
    ...(state.searchSinceId ? { sinceId: state.searchSinceId } : {}),
    ...(state.searchNextToken
      ? { cursor: { nextToken: state.searchNextToken, pagesFetched: 0, itemsFetched: 0, done: false } }
      : {}),
  });
  let newest = state.searchNewestId;
  for await (const page of pages) {
    const first = page.data[0]?.id;
    if (first && (newest === null || BigInt(first) > BigInt(newest))) newest = first;
    await db.transaction(async (tx) => {
      await storeTweets(tx, campaign, page.data, authors, now());
      await collections.saveState(tx, campaign.id, {
        searchNextToken: page.cursor.nextToken,
        searchNewestId: newest,
      });
    });
  }
  await collections.saveState(db, campaign.id, {
    searchNextToken: null,
    searchSinceId: newest ?? state.searchSinceId,
    searchNewestId: null,
  });
}

/** Phase 2: the timelines of participants whose timeline was never read, one participant at a time. */
async function timelinePhase(run: Run, state: collections.CollectionRow): Promise<void> {
  const { dependencies, campaign } = run;
  const after = state.timelineAfterXUserId === phaseStarted ? null : state.timelineAfterXUserId;
  const participants = await collections.unreadTimelines(dependencies.db, campaign.id, after);
  for (const participant of participants) {
    await readTimeline(run, participant.xUserId);
    await collections.saveState(dependencies.db, campaign.id, { timelineAfterXUserId: participant.xUserId });
  }
}

/** Reads one participant's timeline within the campaign's window and marks it read. */
export async function readTimeline(run: Run, xUserId: string): Promise<number> {
  const { dependencies, campaign, x } = run;
  const { db, now } = dependencies;
  const end = Math.min(campaign.endsAt.getTime(), now().getTime());
  let read = 0;
  if (end > campaign.startsAt.getTime()) {
    for await (const page of x.userTweets(xUserId, {
      maxResults: 100,
      maxPages: timelinePages,
      startTime: campaign.startsAt.toISOString(),
      endTime: new Date(end).toISOString(),
    })) {
      read += page.data.length;
      const own = page.data.map((tweet) => ({ ...tweet, author_id: xUserId }));
      await storeTweets(db, campaign, own, new Set([xUserId]), now());
    }
  }
  await repository.updateParticipant(db, campaign.id, xUserId, { timelineReadAt: now() });
  return read;
}

/** Phase 3: every known tweet's metrics again, 100 a request; the ones X no longer returns are deleted. */
async function refreshPhase(run: Run, state: collections.CollectionRow, xUserId?: string): Promise<void> {
  const { dependencies, campaign, x } = run;
  const { db, now } = dependencies;
  let after =
    xUserId === undefined && state.refreshAfterTweetId !== phaseStarted ? state.refreshAfterTweetId : null;
  for (;;) {
    const known = await standings.tweetPage(db, campaign.id, after, 100, xUserId);
    if (known.length === 0) break;
    const answer = await x.lookupPosts(known.map((tweet) => tweet.tweetId));
    const byId = new Map(answer.data.map((tweet) => [tweet.id, tweet]));
    const at = now();
    const rows = known.flatMap((stored) => {
      const fresh = byId.get(stored.tweetId);
      const row = fresh
        ? tweetRow(
            campaign,
            { ...fresh, created_at: fresh.created_at ?? stored.createdAt.toISOString() },
            stored.xUserId,
            at,
          )
        : null;
      return row ? [row] : [];
    });
    const gone = known.filter((stored) => !rows.some((row) => row.tweetId === stored.tweetId));
    after = known[known.length - 1]!.tweetId;
    await db.transaction(async (tx) => {
      await standings.upsertTweets(tx, rows);
      // Deleted, or edited so that it no longer carries the essential text: it stops counting.
      await standings.markTweetsDeleted(
        tx,
        campaign.id,
        gone.map((stored) => stored.tweetId),
        at,
      );
      if (xUserId === undefined) await collections.saveState(tx, campaign.id, { refreshAfterTweetId: after });
    });
  }
  if (xUserId === undefined) await collections.saveState(db, campaign.id, { refreshAfterTweetId: null });
}

/**
 * One run of the collection of a campaign, spending at most `requestsPerRun` X requests. Stops early (done false)
 * when the budget or X's limits run out, or X fails; the stored state lets the next run go on from there.
 */
export async function collectCampaign(
  dependencies: CollectionDependencies,
  campaignId: number,
  requestsPerRun: number,
): Promise<CollectionOutcome> {
  const { db, now } = dependencies;
  const campaign = await repository.findCampaign(db, campaignId);
  if (!campaign) return { done: true, requests: 0, stoppedBy: "missing" };
  // Enough for one participant's whole timeline, so every run gets somewhere.
  const x = dependencies.x.withBudget({ maxRequests: Math.max(requestsPerRun, timelinePages) });
  const participants = await repository.participantsOf(db, campaignId);
  const run: Run = { dependencies, campaign, x, authors: new Set(participants.map((row) => row.xUserId)) };
  const state = await collections.stateOf(db, campaignId, now());
  try {
    // The phase a round is in follows from the stored positions: a phase begun and not finished holds one.
    if (state.refreshAfterTweetId === null && state.timelineAfterXUserId === null) {
      await searchPhase(run, state);
      await collections.saveState(db, campaignId, { timelineAfterXUserId: phaseStarted });
    }
    const timelines = await collections.stateOf(db, campaignId, now());
    if (timelines.refreshAfterTweetId === null) {
      await timelinePhase(run, timelines);
      await collections.saveState(db, campaignId, {
        timelineAfterXUserId: null,
        refreshAfterTweetId: phaseStarted,
      });
    }
    await refreshPhase(run, await collections.stateOf(db, campaignId, now()));
  } catch (error) {
    if (!(error instanceof XError)) throw error;
    const requests = x.budget?.usage.requests ?? 0;
    await collections.saveState(db, campaignId, {
      lastError: `${error.name}: ${error.message}`.slice(0, 500),
      requests: state.requests + requests,
    });
    return { done: false, requests, stoppedBy: error.name };
  }
  const requests = x.budget?.usage.requests ?? 0;
  await collections.saveState(db, campaignId, {
    lastCompletedAt: now(),
    roundStartedAt: null,
    lastError: null,
    requests: state.requests + requests,
  });
  return { done: true, requests, stoppedBy: null };
}

/** A participant's own reload: their timeline within the window and the metrics of their known tweets. */
export async function collectParticipant(
  dependencies: CollectionDependencies,
  campaign: repository.CampaignRow,
  xUserId: string,
  requestsPerRun: number,
): Promise<number> {
  const x = dependencies.x.withBudget({ maxRequests: requestsPerRun });
  const run: Run = { dependencies, campaign, x, authors: new Set([xUserId]) };
  const read = await readTimeline(run, xUserId);
  const state = await collections.stateOf(dependencies.db, campaign.id, dependencies.now());
  await refreshPhase(run, state, xUserId);
  return read;
}
