import { compareUserIds } from "../fairness/ids.ts";

/** Version of the tips leaderboard formula (docs/tips.md), written into every snapshot file. */
export const tipsAlgorithm = "dropfair-tips-v1";

/** Integer weight of each public metric in a tweet's raw score. */
export interface TipsWeights {
  /** Per whole hundred views. */
  views: number;
  likes: number;
  replies: number;
  retweets: number;
  quotes: number;
}

export const defaultTipsWeights: Readonly<TipsWeights> = Object.freeze({
  views: 1,
  likes: 1,
  replies: 2,
  retweets: 3,
  quotes: 4,
});
export const defaultTweetCap = 1000;
export const defaultDailyTweets = 3;

/** One tweet as collected from X: its text and public metrics at the last refresh. */
export interface TipsTweet {
  id: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  text: string;
  views: number;
  likes: number;
  replies: number;
  retweets: number;
  quotes: number;
}

export interface TipsParticipant {
  userId: string;
  banned: boolean;
  tweets: TipsTweet[];
}

/** What a campaign fixes for its leaderboard. */
export interface TipsRules {
  weights: TipsWeights;
  tweetCap: number;
  dailyTweets: number;
  /** Prize pool in token base units. */
  totalPrize: bigint;
  /** ISO-8601 UTC; a tweet counts from `start` (inclusive) to `end` (exclusive). */
  start: string;
  end: string;
  /** The essential text; an empty one is not required. The hashtag keeps its `#`, the mention its `@`. */
  hashtag: string;
  mention: string;
  slogan: string;
}

/** A participant's line on the leaderboard. Sums are over counted tweets only; big values are decimal strings. */
export interface TipsStanding {
  rank: number;
  userId: string;
  points: string;
  /** How many tweets counted. */
  tweets: number;
  views: string;
  likes: string;
  replies: string;
  retweets: string;
  quotes: string;
  /** likes + replies + retweets + quotes. */
  interactions: string;
  /** floor(totalPrize × points / totalPoints), token base units. */
  estimatedEarned: string;
  /** The earliest counted tweet's createdAt, null when none counted (`countedTweetsOf` lists them all). */
  firstCountedAt: string | null;
}

export interface TipsLeaderboard {
  totalPoints: string;
  standings: TipsStanding[];
}

/** ASCII-only case folding: A–Z become a–z, every other character stays as it is. */
export function asciiLowerCase(text: string): string {
  // A run of A–Z lower-cases exactly as ASCII folding does; nothing else is touched.
  return text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

type EssentialText = Pick<TipsRules, "hashtag" | "mention" | "slogan">;

/** The essential texts a tweet must carry, folded once: the empty ones are not required. */
function requiredParts(rules: EssentialText): string[] {
  return [rules.hashtag, rules.mention, rules.slogan].filter((part) => part !== "").map(asciiLowerCase);
}

/** Whether a tweet's text carries the campaign's essential text (each non-empty part as a substring). */
export function carriesEssentialText(text: string, rules: EssentialText): boolean {
  const folded = asciiLowerCase(text);
  return requiredParts(rules).every((part) => folded.includes(part));
}

type Metrics = Pick<TipsTweet, "views" | "likes" | "replies" | "retweets" | "quotes">;

/**
 * A tweet's points: its raw score (whole hundreds of views count) capped at the campaign's per-tweet cap.
 * Exact: computed in doubles while every term is below 2^53, in bigints otherwise.
 */
export function tweetPoints(tweet: Metrics, weights: TipsWeights, tweetCap: number): number {
  const raw =
    Math.floor(tweet.views / 100) * weights.views +
    tweet.likes * weights.likes +
    tweet.replies * weights.replies +
    tweet.retweets * weights.retweets +
    tweet.quotes * weights.quotes;
  if (raw <= Number.MAX_SAFE_INTEGER) return Math.min(raw, tweetCap);
  const exact =
    (BigInt(tweet.views) / 100n) * BigInt(weights.views) +
    BigInt(tweet.likes) * BigInt(weights.likes) +
    BigInt(tweet.replies) * BigInt(weights.replies) +
    BigInt(tweet.retweets) * BigInt(weights.retweets) +
    BigInt(tweet.quotes) * BigInt(weights.quotes);
  return exact < BigInt(tweetCap) ? Number(exact) : tweetCap;
}

/** A tweet that passed the rules, with its points (at most the per-tweet cap). */
export interface CountedTweet {
  tweet: TipsTweet;
  time: number;
  /** The UTC day: whole days since the epoch. */
  day: number;
  points: number;
}

/** By UTC day; within a day higher points first, then the earlier tweet, then the tweet id in UTF-8 byte order. */
function byDayThenRank(left: CountedTweet, right: CountedTweet): number {
  if (left.day !== right.day) return left.day - right.day;
  if (left.points !== right.points) return right.points - left.points;
  if (left.time !== right.time) return left.time - right.time;
  return compareUserIds(left.tweet.id, right.tweet.id);
}

function byTime(left: CountedTweet, right: CountedTweet): number {
  return left.time - right.time || compareUserIds(left.tweet.id, right.tweet.id);
}

const dayMs = 86_400_000;

/**
 * An essential text as a pattern that matches it under ASCII-only folding (`#Df` → `#[dD][fF]`), so a million
 * tweets are searched without folding, and so copying, each of their texts.
 */
function foldingPattern(part: string): RegExp {
  let source = "";
  for (const char of asciiLowerCase(part)) {
    if (char >= "a" && char <= "z") source += `[${char}${char.toUpperCase()}]`;
    else source += char.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
  }
  return new RegExp(source);
}

/** The rules in the shape the loop over a million tweets wants: times in ms, essential texts as patterns. */
interface PreparedRules {
  rules: TipsRules;
  start: number;
  end: number;
  patterns: RegExp[];
}

function prepare(rules: TipsRules): PreparedRules {
  return {
    rules,
    start: Date.parse(rules.start),
    end: Date.parse(rules.end),
    patterns: requiredParts(rules).map(foldingPattern),
  };
}

/** Whether `text` carries every essential text (a plain loop: this runs once per tweet of the campaign). */
function carriesAll(text: string, patterns: readonly RegExp[]): boolean {
  for (const pattern of patterns) if (!pattern.test(text)) return false;
  return true;
}

/** The eligible tweets, then the best `dailyTweets` of each UTC day; in day order. */
function countedOf(tweets: readonly TipsTweet[], prepared: PreparedRules): CountedTweet[] {
  const { rules, start, end, patterns } = prepared;
  const eligible: CountedTweet[] = [];
  for (const tweet of tweets) {
    const time = Date.parse(tweet.createdAt);
    if (!(time >= start && time < end) || !carriesAll(tweet.text, patterns)) continue;
    eligible.push({
      tweet,
      time,
      // Times before 1970 floor to negative days, still one per UTC day.
      day: Math.floor(time / dayMs),
      points: tweetPoints(tweet, rules.weights, rules.tweetCap),
    });
  }
  eligible.sort(byDayThenRank);
  const counted: CountedTweet[] = [];
  let day = Number.NaN;
  let taken = 0;
  for (const candidate of eligible) {
    if (candidate.day !== day) {
      day = candidate.day;
      taken = 0;
    }
    if (taken < rules.dailyTweets) {
      counted.push(candidate);
      taken += 1;
    }
  }
  return counted;
}

/** The tweets that count for one participant: eligible ones, the best `dailyTweets` of each UTC day. */
export function countedTweetsOf(tweets: readonly TipsTweet[], rules: TipsRules): CountedTweet[] {
  return countedOf(tweets, prepare(rules)).sort(byTime);
}

interface Totals {
  userId: string;
  counted: CountedTweet[];
  /** Exact: at most dailyTweets × cap a day. */
  points: number;
  /** Metric sums over the counted tweets; exact while below 2^53 (`metricSums` redoes them in bigints). */
  views: number;
  likes: number;
  replies: number;
  retweets: number;
  quotes: number;
  firstTime: number | null;
  /** The earliest counted tweet. */
  first: CountedTweet | undefined;
}

function totalsOf(participant: TipsParticipant, prepared: PreparedRules): Totals {
  const counted = countedOf(participant.tweets, prepared);
  const totals: Totals = {
    userId: participant.userId,
    counted,
    points: 0,
    views: 0,
    likes: 0,
    replies: 0,
    retweets: 0,
    quotes: 0,
    firstTime: null,
    first: undefined,
  };
  for (const counting of counted) {
    const { tweet, points } = counting;
    if (totals.first === undefined || byTime(counting, totals.first) < 0) totals.first = counting;
    totals.points += points;
    totals.views += tweet.views;
    totals.likes += tweet.likes;
    totals.replies += tweet.replies;
    totals.retweets += tweet.retweets;
    totals.quotes += tweet.quotes;
  }
  totals.firstTime = totals.first?.time ?? null;
  return totals;
}

const metricNames = ["views", "likes", "replies", "retweets", "quotes"] as const;

/** The metric sums as exact bigints: from the doubles when all are below 2^53, summed again otherwise. */
function metricSums(totals: Totals): Record<(typeof metricNames)[number], bigint> {
  const exact = (metric: (typeof metricNames)[number]) =>
    totals[metric] <= Number.MAX_SAFE_INTEGER
      ? BigInt(totals[metric])
      : totals.counted.reduce((sum, { tweet }) => sum + BigInt(tweet[metric]), 0n);
  return {
    views: exact("views"),
    likes: exact("likes"),
    replies: exact("replies"),
    retweets: exact("retweets"),
    quotes: exact("quotes"),
  };
}

/** Points descending; ties: the earlier first counted tweet (none after some), then the user id in byte order. */
function byStanding(left: Totals, right: Totals): number {
  if (left.points !== right.points) return right.points - left.points;
  if (left.firstTime !== right.firstTime) {
    if (left.firstTime === null) return 1;
    if (right.firstTime === null) return -1;
    return left.firstTime - right.firstTime;
  }
  return compareUserIds(left.userId, right.userId);
}

/**
 * The whole leaderboard of `dropfair-tips-v1`: banned participants dropped, every other ranked, with the
 * estimated share of the prize. Pure; the server, the browser and the CLI compute it with this function.
 */
export function computeTipsLeaderboard(
  participants: readonly TipsParticipant[],
  rules: TipsRules,
): TipsLeaderboard {
  const prepared = prepare(rules);
  const ranked: Totals[] = [];
  for (const participant of participants) {
    if (!participant.banned) ranked.push(totalsOf(participant, prepared));
  }
  ranked.sort(byStanding);
  let totalPoints = 0n;
  for (const totals of ranked) totalPoints += BigInt(totals.points);
  const standings = ranked.map((totals, index): TipsStanding => {
    const sums = metricSums(totals);
    const points = BigInt(totals.points);
    return {
      rank: index + 1,
      userId: totals.userId,
      points: points.toString(),
      tweets: totals.counted.length,
      views: sums.views.toString(),
      likes: sums.likes.toString(),
      replies: sums.replies.toString(),
      retweets: sums.retweets.toString(),
      quotes: sums.quotes.toString(),
      interactions: (sums.likes + sums.replies + sums.retweets + sums.quotes).toString(),
      estimatedEarned: (totalPoints === 0n ? 0n : (rules.totalPrize * points) / totalPoints).toString(),
      firstCountedAt: totals.first?.tweet.createdAt ?? null,
    };
  });
  return { totalPoints: totalPoints.toString(), standings };
}
