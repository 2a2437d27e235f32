/**
 * The tips leaderboard formula `dropfair-tips-v1` (specified in docs/tips.md): the one module the server, the
 * browser and the `dropfair tips` CLI compute a campaign's points, ranks and estimated earnings with. Pure.
 */

export { InvalidTipsSnapshotError } from "./errors.ts";
export {
  asciiLowerCase,
  type CountedTweet,
  carriesEssentialText,
  computeTipsLeaderboard,
  countedTweetsOf,
  defaultDailyTweets,
  defaultTipsWeights,
  defaultTweetCap,
  type TipsLeaderboard,
  type TipsParticipant,
  type TipsRules,
  type TipsStanding,
  type TipsTweet,
  type TipsWeights,
  tipsAlgorithm,
  tweetPoints,
} from "./formula.ts";
export {
  buildTipsSnapshot,
  parseTipsSnapshot,
  recomputeTipsSnapshot,
  type TipsSnapshot,
  tipsLimits,
  tipsRulesOf,
} from "./snapshot.ts";
