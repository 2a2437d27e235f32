/** typeCodes shared by the API and the web app: 1 success, 10 not found, then the picker and airdrop codes. */
export const typeCodes = {
  success: 1,
  notFound: 10,
  pickerUsageLimit: 174,
  pickerVersionClosed: 175,
  pickerNotOwner: 177,
  pickerFollowTargetMissing: 181,
  pickerBetaWhitelist: 183,
  pickerQuotaReached: 176,
  pickerNoValidWinner: 184,
  pickerReplyNotFound: 185,
  pickerXApiLimit: 186,
  pickerSeedNotFound: 188,
  pickerReferenceNotFound: 189,
  pickerPostNotFound: 190,
  paymentInvalid: 191,
  pickerWrongState: 192,
  /** Airdrops: a creator-only operation by someone else ('You Are Not The Creator'). */
  airdropNotCreator: 200,
  /** Airdrops: the change needs the charged prize refunded first. */
  airdropRefundFirst: 201,
  /** Airdrops: not possible in the airdrop's current status (released, ended, not yet prepared…). */
  airdropWrongState: 202,
  /** Airdrops: the caller is not on the list, or has nothing left to claim. */
  airdropNotEligible: 203,
  /** Airdrops: the reported transaction is not one of this airdrop's distributor transactions. */
  airdropTransactionInvalid: 204,
  /** Airdrops: the chain has no distributor or RPC configured here. */
  airdropChainUnsupported: 205,
  /** Airdrops: claiming needs a sign-in with the list's account type (X, Telegram, Discord). */
  airdropSocialSignInRequired: 206,
  /** Missions: the check failed for a reason with no code of its own. */
  missionCheckFailed: 600,
  /** Missions, X tweet: fewer views than the mission asks for ('metrics invalid 1'). */
  missionMetricsInvalidViews: 601,
  /** Missions, X tweet: fewer likes or retweets than the mission asks for ('metrics invalid 2'). */
  missionMetricsInvalidEngagement: 602,
  /** Missions, X tweet: X does not know the given tweet ('not found 3'). */
  missionTweetNotFound: 603,
  /** Missions, X tweet: the tweet already served another account or mission ('already used 4'). */
  missionTweetAlreadyUsed: 604,
  /** Missions, X tweet: the tweet was written by another account ('not your tweet 5'). */
  missionNotYourTweet: 605,
  missionNotFollowing: 606,
  missionRetweetMissing: 607,
  missionQuoteMissing: 608,
  missionLikeMissing: 609,
  /** Missions: the post a retweet, quote or like mission points at is gone from X. */
  missionTweetMissing: 610,
  missionContentInvalid: 611,
  missionTweetIdRequired: 612,
  missionDiscordNotJoined: 613,
  missionDiscordWrongRole: 614,
  missionTelegramNotJoined: 615,
  missionBindXFirst: 616,
  missionBindDiscordFirst: 617,
  missionBindTelegramFirst: 618,
  /** Missions: X, Discord or Telegram did not answer; nothing was decided, try again (Retry-After). */
  missionUpstreamUnavailable: 619,
  /** Missions: the campaign has no missions yet. */
  missionDataNotInitialized: 621,
  /** Missions: an edit that changes nothing. */
  missionEmptyContent: 622,
  /** Missions: the caller may not manage this campaign's missions. */
  missionNotManager: 623,
  /** Points: the address has never signed in, so it has no points to grant or revoke. */
  pointsUserUnknown: 630,
  /** Points: a revocation larger than the balance (a balance never goes below zero). */
  pointsBalanceTooLow: 631,
  /** Platform administration: the signed-in wallet is not one of the configured administrators. */
  adminRequired: 660,
  /** Feedback: the report's screenshot is not a PNG, JPEG or WebP image (its bytes are checked). */
  feedbackScreenshotInvalid: 680,
  /** Feedback: the report's screenshot is over 1 MB. */
  feedbackScreenshotTooLarge: 681,
  /** Newsletter: the unsubscribe link is malformed, altered or not ours. */
  newsletterTokenInvalid: 682,
  /** Newsletter: no signing secret is configured on this server, so subscriptions are off. */
  newsletterNotConfigured: 683,
  /** Referral: the code is not 4-16 of lowercase letters, digits, _ or -. */
  referralCodeInvalid: 640,
  /** Referral: the code is a reserved word (a route name). */
  referralCodeReserved: 641,
  /** Referral: another user holds this code. */
  referralCodeTaken: 642,
  /** Referral: too many look-ups of codes that do not exist from this address (enumeration). */
  referralLookupThrottled: 643,
  /** News: the category is not one of the configured categories. */
  newsCategoryUnknown: 670,
  badRequest: 400,
  invalidAddress: 401,
  unknownProject: 402,
  signInMessageInvalid: 410,
  signInNonceUnknown: 411,
  signInExpired: 412,
  signInDomainMismatch: 413,
  signInChainUnsupported: 414,
  signInSignatureInvalid: 415,
  signInVerificationUnavailable: 416,
  unauthorized: 420,
  /** The route acts for an X account and no live X session came with the request. */
  xSignInRequired: 421,
  /** Sign in with X: the OAuth state is missing, unknown, expired, already used or from another browser. */
  xSignInStateInvalid: 422,
  /** Sign in with X: X refused the authorization code (invalid, expired, reused, wrong PKCE verifier). */
  xSignInRejected: 423,
  /** X could not be reached or answered something unexpected. */
  xUnavailable: 424,
  /** Sign in with X is not configured on this server. */
  xNotConfigured: 425,
  /** Linking Discord or Telegram: the state is missing, unknown, expired, used, or another user's. */
  socialLinkStateInvalid: 426,
  /** Linking Discord or Telegram: the provider refused the code, or the Telegram login data does not verify. */
  socialLinkRejected: 427,
  /** This Discord or Telegram account is already bound to another wallet. */
  socialAccountTaken: 428,
  /** Discord or Telegram is not configured on this server. */
  socialNotConfigured: 429,
  forbidden: 430,
  conflict: 440,
  tooManyRequests: 450,
  serviceUnavailable: 460,
  internal: 500,
} as const;

export type TypeCode = (typeof typeCodes)[keyof typeof typeCodes];
