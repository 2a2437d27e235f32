// Public surface of the X API v2 client (OAuth helpers live in "@dropfair/social/x-oauth").
export type { SpendingCap, SpendingLedger, SpendingReservation, SpendingUsage } from "./budget.ts";
export { SpendingBudget } from "./budget.ts";
export type {
  BatchResult,
  FieldOptions,
  LookupResult,
  PageOptions,
  PartialErrorReason,
  SearchOptions,
  XClientOptions,
} from "./client.ts";
export {
  createXClient,
  defaultTweetFields,
  defaultUserFields,
  partialErrorReason,
  recentSearchWindowMs,
  XClient,
} from "./client.ts";
export type { Clock } from "./clock.ts";
export { systemClock } from "./clock.ts";
export type { EngagementAnswer, EngagementOptions } from "./engagement.ts";
export { hasLiked, hasRetweeted, isFollowing, quoteBy } from "./engagement.ts";
export type { XErrorCode } from "./errors.ts";
export {
  XApiError,
  XCursorLoopError,
  XError,
  XInvalidRequestError,
  XOAuthError,
  XRateLimitError,
  XSpendingCapError,
} from "./errors.ts";
export type { RetryPolicy } from "./http.ts";
export { defaultRetryPolicy } from "./http.ts";
export type { Page, PageCursor } from "./pagination.ts";
export { collectPages } from "./pagination.ts";
export type { XIncludes, XMeta, XPartialError, XTweet, XUser } from "./schemas.ts";
