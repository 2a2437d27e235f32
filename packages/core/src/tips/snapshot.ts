import { isUtcTimestamp } from "../fairness/draw-file.ts";
import { compareUserIds, idProblem } from "../fairness/ids.ts";
import { InvalidTipsSnapshotError } from "./errors.ts";
import {
  computeTipsLeaderboard,
  type TipsLeaderboard,
  type TipsParticipant,
  type TipsRules,
  type TipsTweet,
  type TipsWeights,
  tipsAlgorithm,
} from "./formula.ts";

/** The snapshot file a tips campaign publishes: everything its leaderboard is computed from. */
export interface TipsSnapshot {
  algorithm: typeof tipsAlgorithm;
  campaignId: string;
  weights: TipsWeights;
  tweetCap: number;
  dailyTweets: number;
  /** Token base units, decimal. */
  totalPrize: string;
  start: string;
  end: string;
  hashtag: string;
  mention: string;
  slogan: string;
  participants: TipsParticipant[];
}

/** Bounds that keep every value exact in JSON numbers and every sum in range; campaigns are created within them. */
export const tipsLimits = {
  maxWeight: 1_000_000,
  maxTweetCap: 1_000_000_000,
  maxDailyTweets: 100,
  maxEssentialTextLength: 280,
} as const;

const decimalPattern = /^(0|[1-9][0-9]*)$/;
const weightNames = ["views", "likes", "replies", "retweets", "quotes"] as const;
const metricNames = weightNames;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown, max = Number.MAX_SAFE_INTEGER): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= max;
}

function fail(field: string, reason: string): never {
  throw new InvalidTipsSnapshotError(field, reason);
}

function parseWeights(value: unknown): TipsWeights {
  if (!isRecord(value)) fail("weights", "must be an object of five integer weights");
  for (const name of weightNames) {
    if (!isCount(value[name], tipsLimits.maxWeight)) {
      fail(`weights.${name}`, `must be an integer from 0 to ${tipsLimits.maxWeight}`);
    }
  }
  return Object.fromEntries(weightNames.map((name) => [name, value[name]])) as unknown as TipsWeights;
}

function parseEssentialText(file: Record<string, unknown>, field: "hashtag" | "mention" | "slogan"): string {
  const value = file[field];
  if (typeof value !== "string" || value.length > tipsLimits.maxEssentialTextLength) {
    fail(
      field,
      `must be a string of at most ${tipsLimits.maxEssentialTextLength} characters ("" when not required)`,
    );
  }
  if (field === "hashtag" && value !== "" && !value.startsWith("#")) fail(field, 'must start with "#"');
  if (field === "mention" && value !== "" && !value.startsWith("@")) fail(field, 'must start with "@"');
  return value;
}

function parseTweet(value: unknown, field: string, seenTweetIds: Set<string>): TipsTweet {
  if (!isRecord(value)) fail(field, "must be an object");
  const idReason = idProblem(value.id);
  if (idReason) fail(`${field}.id`, idReason);
  const id = value.id as string;
  if (seenTweetIds.has(id)) fail(`${field}.id`, `repeats tweet ${id}`);
  seenTweetIds.add(id);
  if (!isUtcTimestamp(value.createdAt)) fail(`${field}.createdAt`, "must be an ISO-8601 UTC time");
  if (typeof value.text !== "string") fail(`${field}.text`, "must be a string");
  for (const name of metricNames) {
    if (!isCount(value[name])) fail(`${field}.${name}`, "must be a non-negative integer");
  }
  return {
    id,
    createdAt: value.createdAt,
    text: value.text,
    views: value.views as number,
    likes: value.likes as number,
    replies: value.replies as number,
    retweets: value.retweets as number,
    quotes: value.quotes as number,
  };
}

function parseParticipants(value: unknown): TipsParticipant[] {
  if (!Array.isArray(value)) fail("participants", "must be an array");
  const seenUsers = new Set<string>();
  const seenTweetIds = new Set<string>();
  return value.map((participant: unknown, index): TipsParticipant => {
    const field = `participants[${index}]`;
    if (!isRecord(participant)) fail(field, "must be an object");
    const userReason = idProblem(participant.userId);
    if (userReason) fail(`${field}.userId`, userReason);
    const userId = participant.userId as string;
    if (seenUsers.has(userId)) fail(`${field}.userId`, `repeats participant ${userId}`);
    seenUsers.add(userId);
    if (typeof participant.banned !== "boolean") fail(`${field}.banned`, "must be true or false");
    if (!Array.isArray(participant.tweets)) fail(`${field}.tweets`, "must be an array");
    const tweets = participant.tweets.map((tweet: unknown, tweetIndex) =>
      parseTweet(tweet, `${field}.tweets[${tweetIndex}]`, seenTweetIds),
    );
    return { userId, banned: participant.banned, tweets };
  });
}

/**
 * Validates a snapshot file, given as parsed JSON or as JSON text, and returns it typed. Unknown fields are
 * ignored. Throws InvalidTipsSnapshotError naming the first bad field.
 */
export function parseTipsSnapshot(input: unknown): TipsSnapshot {
  let file = input;
  if (typeof input === "string") {
    try {
      file = JSON.parse(input);
    } catch {
      fail("(file)", "is not valid JSON");
    }
  }
  if (!isRecord(file)) fail("(file)", "must be a JSON object");
  if (file.algorithm !== tipsAlgorithm) {
    fail("algorithm", `must be "${tipsAlgorithm}", got ${JSON.stringify(file.algorithm)}`);
  }
  const campaignReason = idProblem(file.campaignId);
  if (campaignReason) fail("campaignId", campaignReason);
  const weights = parseWeights(file.weights);
  if (!isCount(file.tweetCap, tipsLimits.maxTweetCap) || file.tweetCap < 1) {
    fail("tweetCap", `must be an integer from 1 to ${tipsLimits.maxTweetCap}`);
  }
  if (!isCount(file.dailyTweets, tipsLimits.maxDailyTweets) || file.dailyTweets < 1) {
    fail("dailyTweets", `must be an integer from 1 to ${tipsLimits.maxDailyTweets}`);
  }
  if (typeof file.totalPrize !== "string" || !decimalPattern.test(file.totalPrize)) {
    fail("totalPrize", "must be a decimal string of token base units");
  }
  if (!isUtcTimestamp(file.start)) fail("start", "must be an ISO-8601 UTC time");
  if (!isUtcTimestamp(file.end)) fail("end", "must be an ISO-8601 UTC time");
  if (Date.parse(file.start) >= Date.parse(file.end)) fail("end", "must be later than start");
  return {
    algorithm: tipsAlgorithm,
    campaignId: file.campaignId as string,
    weights,
    tweetCap: file.tweetCap,
    dailyTweets: file.dailyTweets,
    totalPrize: file.totalPrize,
    start: file.start,
    end: file.end,
    hashtag: parseEssentialText(file, "hashtag"),
    mention: parseEssentialText(file, "mention"),
    slogan: parseEssentialText(file, "slogan"),
    participants: parseParticipants(file.participants),
  };
}

/** The rules a snapshot fixes, as the formula takes them. */
export function tipsRulesOf(snapshot: TipsSnapshot): TipsRules {
  return {
    weights: snapshot.weights,
    tweetCap: snapshot.tweetCap,
    dailyTweets: snapshot.dailyTweets,
    totalPrize: BigInt(snapshot.totalPrize),
    start: snapshot.start,
    end: snapshot.end,
    hashtag: snapshot.hashtag,
    mention: snapshot.mention,
    slogan: snapshot.slogan,
  };
}

/** Recomputes the leaderboard from a snapshot file (parsed JSON or JSON text), as anyone can. */
export function recomputeTipsSnapshot(input: unknown): TipsLeaderboard {
  const snapshot = parseTipsSnapshot(input);
  return computeTipsLeaderboard(snapshot.participants, tipsRulesOf(snapshot));
}

/** Tweets by time, then id; each time parsed once rather than at every comparison (a million tweets at the server). */
function inTimeOrder(tweets: readonly TipsTweet[]): TipsTweet[] {
  const keyed = tweets.map((tweet) => ({ tweet, time: Date.parse(tweet.createdAt) }));
  keyed.sort((left, right) => left.time - right.time || compareUserIds(left.tweet.id, right.tweet.id));
  return keyed.map(({ tweet }) => tweet);
}

/** Writes a snapshot file; its participants and their tweets in a stable order (user id, then tweet time and id). */
export function buildTipsSnapshot(
  campaignId: string,
  rules: TipsRules,
  participants: readonly TipsParticipant[],
): TipsSnapshot {
  const snapshot: TipsSnapshot = {
    algorithm: tipsAlgorithm,
    campaignId,
    weights: { ...rules.weights },
    tweetCap: rules.tweetCap,
    dailyTweets: rules.dailyTweets,
    totalPrize: rules.totalPrize.toString(),
    start: rules.start,
    end: rules.end,
    hashtag: rules.hashtag,
    mention: rules.mention,
    slogan: rules.slogan,
    participants: [...participants]
      .sort((left, right) => compareUserIds(left.userId, right.userId))
      .map((participant) => ({
        userId: participant.userId,
        banned: participant.banned,
        tweets: inTimeOrder(participant.tweets),
      })),
  };
  // Validates what the server is about to publish exactly as a verifier will read it.
  return parseTipsSnapshot(snapshot);
}
