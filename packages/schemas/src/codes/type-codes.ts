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
  /** Picker payments: the transaction is not mined, or has fewer confirmations than its chain needs, yet. */
  paymentUnconfirmed: 193,
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
  /** Airdrops: the reported transaction has fewer confirmations than its chain needs yet; report it again later. */
  airdropTransactionUnconfirmed: 207,
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
  /** Badges: the caller has not done what the badge asks (yet). */
  badgeNotEligible: 730,
  /** Badges: nothing the caller could mint right now ("mint all" with no mintable badge). */
  badgeNothingToMint: 731,
  /** Badges: the caller's wallet already holds this badge for the current period. */
  badgeAlreadyMinted: 732,
  /** Badges: the badge's mint window is not open (not started, or over). */
  badgeMintClosed: 733,
  /** Badges: no DropfairBadges deployment (or no RPC) on that chain. */
  badgeChainUnsupported: 734,
  /** Badges: the mint transaction is not mined, or not confirmed enough, yet; report it again shortly. */
  badgeTransactionPending: 735,
  /** Badges: the mint transaction reverted, or does not exist. */
  badgeTransactionFailed: 736,
  /** Badges: the reported transaction minted nothing to the signed-in wallet. */
  badgeAccountMismatch: 737,
  /** Badges: the chain's RPC did not answer; nothing was decided. */
  badgeChainUnavailable: 738,
  /** Badges: no voucher signer is configured on this server. */
  badgeSignerMissing: 739,
  /** Badges: another programme already has this code. */
  badgeProgrammeCodeTaken: 740,
  /** Badges: a rule that names missions that do not exist. */
  badgeRuleInvalid: 741,
  /** Badges: the uploaded image is not a PNG, JPEG or WebP image. */
  badgeImageInvalid: 742,
  /** Badges: the uploaded image is over 1 MB. */
  badgeImageTooLarge: 743,
  /** Platform administration: the signed-in wallet is not one of the configured administrators. */
  adminRequired: 660,
  /** Feedback: the report's screenshot is not a PNG, JPEG or WebP image (its bytes are checked). */
  feedbackScreenshotInvalid: 680,
  /** Feedback: the report's screenshot is over 1 MB. */
  feedbackScreenshotTooLarge: 681,
  /** Newsletter: the unsubscribe link is malformed, altered or not ours. */
  newsletterTokenInvalid: 682,
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
  /** Safe check: no block explorer is configured on this server (source and holders are not checked). */
  explorerNotConfigured: 690,
  /** Safe check: the block explorer did not answer, or refused the request (its key, its limits, the chain). */
  explorerUnavailable: 691,
  /** Lucky wheel: only the game's creator (or an administrator, for partner games) may do this. */
  wheelNotCreator: 700,
  /** Lucky wheel: the game is not in a state that allows this (not running, already ended, closed…). */
  wheelWrongState: 701,
  /** Lucky wheel: no ticket left to spin with. */
  wheelNoTicket: 702,
  /** Lucky wheel: no LuckyWheel (or AirdropDistributor) on the game's chain, or no signer configured. */
  wheelChainUnsupported: 703,
  /** Lucky wheel: the chain did not answer; nothing was decided, try again. */
  wheelChainUnavailable: 704,
  /** Lucky wheel: a transaction that is not the one described (not found, reverted, another spin or claim). */
  wheelTransactionInvalid: 705,
  /** Lucky wheel: a prize's funding campaign does not match the prize (token, kind, times, creator or balance). */
  wheelFundingInvalid: 706,
  /** Lucky wheel: nothing to claim. */
  wheelNothingToClaim: 707,
  /** Lucky wheel: a prize list or prize that cannot be played (amount, token, count). */
  wheelPrizeInvalid: 708,
  /** Lucky wheel: partner games are made by platform administrators only. */
  wheelPartnerAdminOnly: 709,
  /** Tips: only the campaign's creator (or its organizers, where they may) may do this. */
  tipsNotCreator: 750,
  /** Tips: the campaign is not in a state that allows this (started, not running, not awaiting confirmation…). */
  tipsWrongState: 751,
  /** Tips: no AirdropDistributor (or RPC) on the campaign's chain here. */
  tipsChainUnsupported: 752,
  /** Tips: the chain did not answer; nothing was decided, try again. */
  tipsChainUnavailable: 753,
  /** Tips: the funding campaign does not match (creator, token, voucher mode, times or deposit). */
  tipsFundingInvalid: 754,
  /** Tips: a claim transaction that is not the one described (not found, reverted, another claim). */
  tipsTransactionInvalid: 755,
  /** Tips: nothing to claim (no earnings, or not confirmed yet). */
  tipsNothingToClaim: 756,
  /** Tips: the participant reloaded their metrics less than 3 hours ago ('Tips reload is allowed once per 3 hours.'). */
  tipsReloadCooldown: 757,
  /** Tips: the campaign's join missions are not all done yet. */
  tipsMissionsUnfinished: 758,
  /** Tips: joining needs an X account bound to the wallet (Sign in with X). */
  tipsBindXFirst: 759,
  /** Tips: the participant is banned from this campaign. */
  tipsBanned: 760,
  /** Tips: the account is not a participant of this campaign. */
  tipsNotParticipant: 761,
  /** Tips: the reward token is not an ERC-20 token on the campaign's chain, or the prize does not fit its decimals. */
  tipsTokenInvalid: 762,
  /** Tips: the 30-day claim window after the end is over. */
  tipsClaimWindowClosed: 763,
  /** Tips: no voucher signer is configured on this server. */
  tipsSignerMissing: 764,
  /** Tips: X could not be read within the budget or did not answer; nothing was changed. */
  tipsXUnavailable: 765,
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
