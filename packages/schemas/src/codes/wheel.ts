/** Lucky wheel game status: 0 created (prizes not all funded), 1 running, 2 closed, 4 not started, 9 ended, 10 error. */
export const wheelStatuses = {
  created: 0,
  running: 1,
  closed: 2,
  notStarted: 4,
  ended: 9,
  error: 10,
} as const;
export type WheelStatus = (typeof wheelStatuses)[keyof typeof wheelStatuses];
/** A spin's lottery stage: drawing (on chain, waiting for its confirmations), dispatching (a prize to send), completed. */
export const wheelStages = ["drawing", "dispatching", "completed"] as const;
export type WheelStage = (typeof wheelStages)[number];
export const wheelPrizeKinds = ["ep", "token", "nft", "nothing"] as const;
export type WheelPrizeKind = (typeof wheelPrizeKinds)[number];
/** Why a user got tickets: a mission of the game, the daily free ticket, an administrator's or owner's grant, a referee. */
export const wheelTicketReasons = ["mission", "daily", "admin", "referral"] as const;
export type WheelTicketReason = (typeof wheelTicketReasons)[number];
/** A claim row's state: claimable (a voucher can be asked for), claiming (a voucher was given), claimed, credited (EP). */
export const wheelClaimStates = ["claimable", "claiming", "claimed", "credited"] as const;
export type WheelClaimState = (typeof wheelClaimStates)[number];
export const wheelListFilters = ["all", "mine"] as const;
export const wheelMaxPrizes = 12;
export const wheelTitleMaxLength = 60;
