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
  /** Platform administration: the signed-in wallet is not one of the configured administrators. */
  adminRequired: 660,
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
