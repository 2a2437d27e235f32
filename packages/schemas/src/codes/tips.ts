/**
 * Tips campaign status: 0 not started (waiting for its start, or for its prize to be funded), 1 running
 * (collecting tweets), 4 processing (the final collection and snapshot after the end), 7 awaiting the creator's
 * confirmation of the final leaderboard, 5 ended (payouts claimable), 10 error.
 */
export const tipsStatuses = {
  notStarted: 0,
  running: 1,
  processing: 4,
  ended: 5,
  awaitingConfirmation: 7,
  error: 10,
} as const;
export type TipsStatus = (typeof tipsStatuses)[keyof typeof tipsStatuses];
/** The campaign list: all, running, upcoming (not started), ended (processing, awaiting, ended), mine, joined. */
export const tipsListFilters = ["all", "running", "upcoming", "ended", "mine", "joined"] as const;
export type TipsListFilter = (typeof tipsListFilters)[number];
/** Leaderboard columns it can be sorted by. */
export const tipsSortColumns = [
  "rank",
  "points",
  "tweets",
  "views",
  "retweets",
  "replies",
  "likes",
  "quotes",
  "interactions",
  "estimatedEarned",
] as const;
export type TipsSortColumn = (typeof tipsSortColumns)[number];
/** A participant's payout: none (no earnings), pending (not confirmed yet), claimable, claiming, claimed, expired. */
export const tipsClaimStates = ["none", "pending", "claimable", "claiming", "claimed", "expired"] as const;
export type TipsClaimState = (typeof tipsClaimStates)[number];
export const tipsTitleMaxLength = 60;
export const tipsDescriptionMaxLength = 2000;
/** A participant may refresh their own metrics once per this many seconds (3 hours). */
export const tipsReloadIntervalSeconds = 3 * 60 * 60;
/** Rewards are claimable this many days after the end. */
export const tipsClaimDays = 30;
export const tipsBanReasonMaxLength = 200;
